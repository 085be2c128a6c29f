/**
 * What Token Action HUD shows for a Rolling Bones token, Foundry-free: the HUD's layout (its
 * groups), and for one actor the actions of each group, grouped as its engine groups them. Traits
 * roll as the sheet's roll buttons do (attributes, abilities, saving throws, skills, 10-point traits),
 * weapons roll their attack and, for the engines that roll damage, their damage; conditions toggle;
 * spends show what the owner holds (action dice, class dice, karma, Character and Fate Points,
 * Willpower). Each action's value encodes what a click does (`kind|key|with`), read back by
 * {@link decodeAction}.
 */
import {
  ACTION_ABILITIES,
  ACTION_SAVES,
  ENGINE_OF,
  fixedTraitKey,
  PERCENTILE_ATTRIBUTES,
  PI_ATTRIBUTES,
  POOL_ATTRIBUTES,
  WILD_ATTRIBUTES,
  WILLPOWER_KEY,
  type AsCharacter,
  type CharacterSources,
  type TraitRef,
} from "../data/actor/pure.ts";
import { DAMAGE_ENGINES } from "../data/item/damage.ts";
import { formatNumber, formatSigned } from "../helpers/numbers.ts";

/** The separator of an action's encoded value (Token Action HUD's own delimiter). [token-action-hud-core constants.mjs DELIMITER] */
export const DELIMITER = "|";

/** The HUD's groups, each under its top-level tab, with the localization key of its name. */
export const HUD_LAYOUT = Object.freeze([
  {
    id: "rb-traits",
    name: "ROLLING_BONES.Hud.Traits",
    groups: [
      { id: "rb-attributes", name: "ROLLING_BONES.Hud.Attributes" },
      { id: "rb-abilities", name: "ROLLING_BONES.Hud.Abilities" },
      { id: "rb-saves", name: "ROLLING_BONES.Hud.Saves" },
      { id: "rb-skills", name: "ROLLING_BONES.Hud.Skills" },
      { id: "rb-ten-point", name: "ROLLING_BONES.Hud.TenPoint" },
    ],
  },
  {
    id: "rb-weapons",
    name: "ROLLING_BONES.Hud.Weapons",
    groups: [
      { id: "rb-attacks", name: "ROLLING_BONES.Hud.Attacks" },
      { id: "rb-damage", name: "ROLLING_BONES.Hud.Damage" },
    ],
  },
  {
    id: "rb-conditions",
    name: "ROLLING_BONES.Hud.Conditions",
    groups: [{ id: "rb-condition-list", name: "ROLLING_BONES.Hud.Conditions" }],
  },
  {
    id: "rb-spends",
    name: "ROLLING_BONES.Hud.Spends",
    groups: [{ id: "rb-spend-list", name: "ROLLING_BONES.Hud.Spends" }],
  },
] as const);

/** A group of the HUD. */
export type HudGroupId = (typeof HUD_LAYOUT)[number]["groups"][number]["id"];

/** What a click on an action does. */
export type HudActionKind =
  /** Rolls a trait (or a weapon's attack or damage) as the sheet's roll button does. */
  | "roll"
  /** Toggles one of the system's conditions (a status effect). */
  | "status"
  /** Toggles a Precision & Impact character's own condition entry. */
  | "piCondition"
  /** Opens the action-dice panel. */
  | "actionDice"
  /** Nothing: the action only shows a figure. */
  | "show";

/** One action of the HUD. */
export interface HudAction {
  /** Unique within its group. */
  readonly id: string;
  /** Its name as text (a user's own name as typed; Token Action HUD prints it as text). */
  readonly name: string;
  /** What a click does, encoded ({@link encodeAction}). */
  readonly encodedValue: string;
  /** A figure shown beside the name (a rating, a die code, what is left), if any. */
  readonly info?: string;
  /** Whether the action shows an active state (a condition that is on). */
  readonly active?: boolean;
  /** Whether the action only shows a figure (not pressable). */
  readonly display?: boolean;
}

/** What a click on an action names. */
export interface DecodedAction {
  readonly kind: HudActionKind;
  readonly key: string;
  readonly with?: string;
  /** For `roll`: the trait kind (`attribute`, `skill`, `weapon`, `damage`…). */
  readonly trait?: string;
}

/** Encodes an action's click. */
export function encodeAction(kind: HudActionKind, parts: readonly string[] = []): string {
  return [kind, ...parts].join(DELIMITER);
}

const KINDS: readonly HudActionKind[] = ["roll", "status", "piCondition", "actionDice", "show"];

/**
 * Reads back what a click names; `null` for a value the system did not encode (another module's, or
 * a layout saved by an older version).
 */
export function decodeAction(value: string): DecodedAction | null {
  const [kind = "", first = "", second = "", third = ""] = value.split(DELIMITER);
  if (!(KINDS as readonly string[]).includes(kind)) return null;
  if (kind === "roll") {
    if (!first || !second) return null;
    return third ? { kind, trait: first, key: second, with: third } : { kind, trait: first, key: second };
  }
  return { kind: kind as HudActionKind, key: first };
}

/** The trait a `roll` action rolls. */
export function traitOfAction(action: DecodedAction): TraitRef | null {
  if (action.kind !== "roll" || !action.trait) return null;
  return action.with
    ? { kind: action.trait, key: action.key, with: action.with }
    : { kind: action.trait, key: action.key };
}

/** A figure the owner holds, as the HUD's spends group shows it. */
export interface HudSpend {
  readonly id: string;
  /** Its name as text. */
  readonly name: string;
  /** What is held, as text. */
  readonly info: string;
  /** Whether a click opens the action-dice panel. */
  readonly opensActionDice?: boolean;
}

/** What the HUD needs of one actor. */
export interface HudSubject {
  /** The actor's data in its character type's shape (an NPC's too). */
  readonly character: AsCharacter;
  /** Whether the actor is an NPC (no player's points or pools, no 10-point traits). */
  readonly npc: boolean;
  /** Its weapons (own item ids and names). */
  readonly weapons: readonly { readonly id: string; readonly name: string }[];
  /**
   * Its conditions: the system's status effects of its engine (`status`) and a Precision & Impact
   * character's own condition entries (`entry`), each with its name as text and whether it is on.
   */
  readonly conditions: readonly {
    readonly id: string;
    readonly name: string;
    readonly active: boolean;
    readonly source: "status" | "entry";
  }[];
  /** What its owner holds to spend (computed by the Foundry side). */
  readonly spends: readonly HudSpend[];
}

type Localize = (key: string) => string;

function roll(kind: string, key: string, name: string, info?: string, partner?: string): HudAction {
  return {
    id: [kind, key, partner].filter(Boolean).join("-"),
    name,
    encodedValue: encodeAction("roll", partner ? [kind, key, partner] : [kind, key]),
    ...(info === undefined ? {} : { info }),
  };
}

/** The trait actions of each group for a character. */
function traitGroups(subject: HudSubject, t: Localize, lang: string): Partial<Record<HudGroupId, HudAction[]>> {
  const { type, system } = subject.character;
  // A d20 modifier with its sign and the language's minus sign (+2, −1).
  const signed = (n: number) => formatSigned(n, lang);
  const fixed = (group: string, key: string) => t(fixedTraitKey(type, group, key));
  switch (type) {
    case "percentile-character": {
      const s = system as CharacterSources[typeof type];
      return {
        "rb-attributes": PERCENTILE_ATTRIBUTES.filter((k) => Object.hasOwn(s.attributes, k)).map((k) =>
          roll("attribute", k, fixed("attributes", k), String(s.attributes[k].rating)),
        ),
        "rb-skills": Object.entries(s.skills).map(([id, skill]) => roll("skill", id, skill.name, String(skill.rating))),
      };
    }
    case "action-character": {
      const s = system as CharacterSources[typeof type];
      return {
        "rb-abilities": ACTION_ABILITIES.filter((k) => Object.hasOwn(s.abilities, k)).map((k) =>
          roll("ability", k, fixed("abilities", k), signed(s.abilities[k].mod)),
        ),
        "rb-saves": ACTION_SAVES.filter((k) => Object.hasOwn(s.saves, k)).map((k) =>
          roll("save", k, fixed("saves", k), signed(s.saves[k].mod)),
        ),
        "rb-skills": Object.entries(s.skills).map(([id, skill]) => roll("skill", id, skill.name, signed(skill.mod))),
      };
    }
    case "wild-character": {
      const s = system as CharacterSources[typeof type];
      return {
        "rb-attributes": WILD_ATTRIBUTES.filter((k) => Object.hasOwn(s.attributes, k)).map((k) =>
          roll("attribute", k, fixed("attributes", k), s.attributes[k].code),
        ),
        "rb-skills": Object.entries(s.skills).map(([id, skill]) => roll("skill", id, skill.name, skill.code)),
      };
    }
    case "pi-character": {
      const s = system as CharacterSources[typeof type];
      // A Precision & Impact roll combines two attributes' pools: one action per pair.
      const held = PI_ATTRIBUTES.filter((k) => Object.hasOwn(s.attributes, k));
      const dice = (k: (typeof PI_ATTRIBUTES)[number]) => s.attributes[k].dice.map((f) => `d${f}`);
      return {
        "rb-attributes": held.flatMap((k, i) =>
          held
            .slice(i + 1)
            .map((other) =>
              roll(
                "attribute",
                k,
                `${fixed("attributes", k)} + ${fixed("attributes", other)}`,
                [...dice(k), ...dice(other)].join(" "),
                other,
              ),
            ),
        ),
        "rb-skills": Object.entries(s.skills).map(([id, skill]) =>
          roll("skill", id, skill.name, [...dice(skill.first), ...dice(skill.second)].join(" ")),
        ),
      };
    }
    case "pool-character": {
      const s = system as CharacterSources[typeof type];
      const dots = (n: number) => formatNumber(n, lang);
      return {
        "rb-attributes": POOL_ATTRIBUTES.filter((k) => Object.hasOwn(s.attributes, k)).map((k) =>
          roll("attribute", k, fixed("attributes", k), dots(s.attributes[k].rating)),
        ),
        "rb-abilities": Object.entries(s.abilities).map(([id, ability]) =>
          roll("ability", id, ability.name, dots(ability.rating)),
        ),
        "rb-ten-point": subject.npc
          ? []
          : [
              roll(
                "tenPoint",
                WILLPOWER_KEY,
                t(`ROLLING_BONES.Actor.${type}.FIELDS.willpower.label`),
                dots(s.willpower.permanent),
              ),
              ...Object.entries(s.traits).map(([id, trait]) => roll("tenPoint", id, trait.name, dots(trait.permanent))),
            ],
      };
    }
  }
}

/**
 * Every action of the HUD for one actor, by group; groups without actions are left out.
 *
 * @param subject - The actor as the HUD reads it.
 * @param localize - Localizes a key.
 * @param lang - The user's language (numbers and signs are written in it).
 */
export function hudActions(
  subject: HudSubject,
  localize: Localize,
  lang: string,
): Partial<Record<HudGroupId, HudAction[]>> {
  const engine = ENGINE_OF[subject.character.type];
  const groups: Partial<Record<HudGroupId, HudAction[]>> = {
    ...traitGroups(subject, localize, lang),
    "rb-attacks": subject.weapons.map((w) => roll("weapon", w.id, w.name)),
    "rb-damage": DAMAGE_ENGINES.includes(engine) ? subject.weapons.map((w) => roll("damage", w.id, w.name)) : [],
    "rb-condition-list": subject.conditions.map((c) => ({
      id: `condition-${c.id}`,
      name: c.name,
      encodedValue: encodeAction(c.source === "status" ? "status" : "piCondition", [c.id]),
      active: c.active,
    })),
    "rb-spend-list": subject.spends.map((s) => ({
      id: `spend-${s.id}`,
      name: s.name,
      info: s.info,
      encodedValue: encodeAction(s.opensActionDice ? "actionDice" : "show", [s.id]),
      ...(s.opensActionDice ? {} : { display: true }),
    })),
  };
  for (const id of Object.keys(groups) as HudGroupId[]) if (!groups[id]?.length) delete groups[id];
  return groups;
}

/**
 * The actions several selected actors share, by group: an action is kept when every actor has it
 * (same id, same click); its figure only when every actor shows the same one, and it shows active
 * only when it is active for every actor. The spends group, the owner's own, is left out.
 *
 * @param lists - Each actor's actions ({@link hudActions}).
 */
export function commonActions(
  lists: readonly Partial<Record<HudGroupId, readonly HudAction[]>>[],
): Partial<Record<HudGroupId, HudAction[]>> {
  const [first, ...rest] = lists;
  if (!first) return {};
  const out: Partial<Record<HudGroupId, HudAction[]>> = {};
  for (const [id, actions] of Object.entries(first) as [HudGroupId, readonly HudAction[]][]) {
    if (id === "rb-spend-list") continue;
    const shared: HudAction[] = [];
    for (const action of actions) {
      const others = rest.map((list) =>
        list[id]?.find((a) => a.id === action.id && a.encodedValue === action.encodedValue),
      );
      if (others.some((a) => a === undefined)) continue;
      const all = [action, ...(others as HudAction[])];
      const { info: _info, active: _active, ...base } = action;
      shared.push({
        ...base,
        ...(all.every((a) => a.info === action.info) && action.info !== undefined ? { info: action.info } : {}),
        ...(action.active === undefined ? {} : { active: all.every((a) => a.active === true) }),
      });
    }
    if (shared.length > 0) out[id] = shared;
  }
  return out;
}
