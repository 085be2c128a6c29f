/**
 * The request composer's view: from the form's values and the world's characters to what the form
 * shows (engines, the engine's traits, its target and whether it can be hidden, the characters to
 * tick). Plain data; the labels are localization keys or the characters' own names.
 */
import { isOwnKey } from "../../engines/shared/core.ts";
import { fixedTraitKey } from "../../data/actor/pure.ts";
import {
  MAX_REQUEST_NET,
  REQUEST_ENGINES,
  REQUEST_TRAITS,
  TARGETS,
  TYPE_OF,
  type RequestDraft,
} from "../../services/requests/spec.ts";
import type { CharacterEngine } from "../../data/actor/pure.ts";
import { DEFAULT_DIAL_CHANCE } from "./dial-constants.ts";

/** A character the GM may name. */
export interface ComposerCharacter {
  readonly id: string;
  readonly name: string;
  /** Its players' names, joined ("—" for none). */
  readonly players: string;
}

/** The values of the composer's form (strings as the form holds them). */
export interface ComposerValues {
  readonly engine: CharacterEngine;
  readonly label: string;
  /** `kind:key` of a fixed trait, or `named` for an entry typed by name. */
  readonly trait: string;
  readonly name: string;
  readonly target: string;
  readonly hidden: boolean;
  readonly net: string;
  readonly actors: readonly string[];
  /** The difficulty dial: the chance to solve for (percent, as typed) and for whom (an actor id, `atLeastOne`, `all`). */
  readonly dialChance: string;
  readonly dialFor: string;
}

/** The composer's context. */
export interface ComposerView {
  readonly values: ComposerValues;
  readonly engines: readonly { value: string; label: string; selected: boolean }[];
  readonly traits: readonly { value: string; label: string; selected: boolean }[];
  /** The kind typed by name (`skill`, `ability`) and whether it is the chosen trait. */
  readonly named: { readonly kind: string; readonly label: string; readonly chosen: boolean };
  readonly target: {
    readonly label: string;
    readonly min: number;
    readonly max: number;
    readonly hideable: boolean;
  } | null;
  readonly net: { readonly max: number } | null;
  readonly characters: readonly (ComposerCharacter & { checked: boolean })[];
}

/** The form's starting values from a draft (a request link's, or none). */
export function valuesFromDraft(draft: Partial<RequestDraft>): ComposerValues {
  // A form's value may be anything: an engine that is not a request's own entry reads as an action roll.
  const engine: CharacterEngine = isOwnKey(REQUEST_TRAITS, draft.engine) ? draft.engine : "action";
  const named = REQUEST_TRAITS[engine].named;
  const trait = draft.trait;
  const fixed = Object.entries(REQUEST_TRAITS[engine].fixed as Record<string, readonly string[]>);
  const [firstKind, firstKeys] = fixed[0] ?? ["", []];
  return {
    engine,
    label: draft.label ?? "",
    trait: trait
      ? trait.kind === named
        ? "named"
        : `${trait.kind}:${trait.key}`
      : `${firstKind}:${firstKeys[0] ?? ""}`,
    name: trait?.kind === named ? trait.key : "",
    target: draft.target === null || draft.target === undefined ? "" : String(draft.target),
    hidden: draft.hidden ?? false,
    net: String(draft.net ?? 0),
    actors: [],
    dialChance: String(DEFAULT_DIAL_CHANCE),
    dialFor: "atLeastOne",
  };
}

/** The spec the form's values ask for (checked by `validateSpec` when posted). */
export function specFromValues(values: ComposerValues): Record<string, unknown> {
  const named = REQUEST_TRAITS[values.engine].named;
  const at = values.trait.indexOf(":");
  const trait =
    values.trait === "named"
      ? { kind: named, key: values.name }
      : { kind: values.trait.slice(0, at), key: values.trait.slice(at + 1) };
  const number = (text: string) => (text.trim() === "" ? null : Number(text));
  return {
    engine: values.engine,
    label: values.label,
    trait,
    target: TARGETS[values.engine] === null ? null : number(values.target),
    hidden: values.hidden,
    net: values.engine === "percentile" ? (number(values.net) ?? 0) : 0,
    actors: [...values.actors],
  };
}

/** Builds the composer's view. */
export function composerView(values: ComposerValues, characters: readonly ComposerCharacter[]): ComposerView {
  const engine = values.engine;
  const type = TYPE_OF[engine];
  const traits = REQUEST_TRAITS[engine];
  const group = (kind: string) => (kind === "attribute" ? "attributes" : kind === "ability" ? "abilities" : "saves");
  const fixed = Object.entries(traits.fixed as Record<string, readonly string[]>).flatMap(([kind, keys]) =>
    keys.map((key) => ({
      value: `${kind}:${key}`,
      label: fixedTraitKey(type, group(kind), key),
      selected: values.trait === `${kind}:${key}`,
    })),
  );
  const target = TARGETS[engine];
  return {
    values,
    engines: REQUEST_ENGINES.map((e) => ({ value: e, label: `ROLLING_BONES.Engine.${e}`, selected: e === engine })),
    traits: fixed,
    named: {
      kind: traits.named,
      label: `ROLLING_BONES.Request.Named.${traits.named}`,
      chosen: values.trait === "named",
    },
    target: target === null ? null : { label: `ROLLING_BONES.Request.TargetField.${engine}`, ...target },
    net: engine === "percentile" ? { max: MAX_REQUEST_NET } : null,
    characters: characters.map((c) => ({ ...c, checked: values.actors.includes(c.id) })),
  };
}
