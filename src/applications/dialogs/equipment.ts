/**
 * Equipment in the roll dialogs, Foundry-free: a weapon attack's choice of skill (or attributes)
 * and the weapon it is made with, and the gear the player ticks for a roll (none by default). The
 * form holds the choice in `use` and each piece of gear in its own box (`gear-<id>`); the settings
 * the dialog was opened with hold what may be chosen, so a value the form could not hold (a forged
 * choice or item) is refused by name. The chosen equipment adjusts the roll as a condition does:
 * the dialog's odds include it, and the roll adds it after the pick and names it on the card.
 */

import type { NamedCondition } from "../../data/conditions/index.ts";
import { EngineError } from "../../engines/core.ts";
import type { NamedItem } from "../../services/equipment.ts";
import { isChecked, type FormValues } from "./form-values.ts";
import { formatSigned } from "../../helpers/numbers.ts";

/** A piece of equipment a dialog shows: its item id, its name (text) and what it adjusts after the pick. */
export type DialogItem = NamedItem;

/** One choice of what a weapon attack is rolled with: its value, its label as text, and the request it gives. */
export interface DialogUse {
  /** The choice's value (`skill:<id>`, `attribute:power+wits`). */
  readonly value: string;
  /** Its label, already localized (a skill's name, or "Power + Wits"). */
  readonly text: string;
  /** The request the choice gives (the pool and modifiers, or the rating and the weapon's multiplier). */
  readonly request: unknown;
  /** The heading it is listed under as text (a dice-pool ability's pairs), or none. */
  readonly group?: string;
}

/** One option of a dice-pool attack's picker: an attribute key or an ability id, its name as text, and the dice it gives. */
export interface PickerOption {
  readonly value: string;
  readonly text: string;
  readonly dice: number;
}

/** A weapon attack: the weapon, and the skills (or attributes) the player chooses from. */
export interface DialogAttack {
  /** The weapon (its adjustments are added after the pick). */
  readonly weapon: DialogItem;
  /** The choices, skills first. */
  readonly uses: readonly DialogUse[];
  /** The choice the dialog starts from. */
  readonly use: string;
  /**
   * A dice-pool attack's choice as two pickers, an Attribute and an Ability (none: the Attribute
   * alone), each option showing the dice it gives; the pair picked is one of `uses`.
   */
  readonly pickers?: { readonly attributes: readonly PickerOption[]; readonly abilities: readonly PickerOption[] };
}

/** What the dialog's settings say about equipment (see `DialogSettings`). */
export interface EquipmentSettings {
  /** A weapon attack, or absent for any other roll. */
  readonly attack?: DialogAttack | null;
  /** The rolling character's gear that can adjust this roll, or absent. */
  readonly gear?: readonly DialogItem[] | null;
}

/** The form field holding a weapon attack's choice. */
export const USE_FIELD = "use";

/** A dice-pool attack's Attribute picker. */
export const USE_ATTRIBUTE_FIELD = "useAttribute";

/** A dice-pool attack's Ability picker (empty: the Attribute alone). */
export const USE_ABILITY_FIELD = "useAbility";

/**
 * The attack choice a form names: the two pickers' pair when the form has them
 * (`ability:<id>+<attribute>`, or `attribute:<attribute>` with no Ability), else the `use` field.
 *
 * @param values - The form values.
 */
export function useOf(values: FormValues): FormValues[string] {
  if (!Object.hasOwn(values, USE_ATTRIBUTE_FIELD)) return values[USE_FIELD];
  const attribute = String(values[USE_ATTRIBUTE_FIELD] ?? "");
  const ability = String(values[USE_ABILITY_FIELD] ?? "");
  return ability === "" ? `attribute:${attribute}` : `ability:${ability}+${attribute}`;
}

/** The two pickers' values of a choice (`ability:<id>+<attribute>` or `attribute:<attribute>`). */
function pickerValues(use: string): { attribute: string; ability: string } {
  const pair = /^ability:([^+]*)\+(.*)$/.exec(use);
  if (pair) return { ability: pair[1] ?? "", attribute: pair[2] ?? "" };
  return { ability: "", attribute: use.startsWith("attribute:") ? use.slice("attribute:".length) : "" };
}

/** The prefix of a piece of gear's box. */
const GEAR_PREFIX = "gear-";

/** The form field (a checkbox) of a piece of gear. */
export function gearField(id: string): string {
  return `${GEAR_PREFIX}${id}`;
}

/** The equipment a form chooses: the item ids, in order, and what they adjust, named. */
export interface EquipmentChoice {
  /** Own item ids of the character: the weapon attacked with, then the gear ticked. */
  readonly ids: readonly string[];
  /** Each item that adjusts the roll, named as a condition is. */
  readonly named: readonly NamedCondition[];
}

/** No equipment. */
export const NO_EQUIPMENT: EquipmentChoice = Object.freeze({ ids: [], named: [] });

/**
 * The form values of a dialog's equipment: the attack's starting choice, and every piece of gear unticked.
 *
 * @param settings - The dialog's settings.
 */
export function equipmentFormValues(settings: EquipmentSettings): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  if (settings.attack) values[USE_FIELD] = settings.attack.use;
  if (settings.attack?.pickers) {
    const { attribute, ability } = pickerValues(settings.attack.use);
    values[USE_ATTRIBUTE_FIELD] = attribute;
    values[USE_ABILITY_FIELD] = ability;
  }
  for (const gear of settings.gear ?? []) values[gearField(gear.id)] = false;
  return values;
}

/**
 * The choice a weapon attack's form names.
 *
 * @param values - The form values.
 * @param settings - The dialog's settings.
 * @returns The choice, or `null` when the roll is not a weapon attack.
 * @throws EngineError `UnknownAttackUse` (field `use`) for a value that is not one of the choices.
 */
export function chosenUse(values: FormValues, settings: EquipmentSettings): DialogUse | null {
  const attack = settings.attack;
  if (!attack) return null;
  const value = useOf(values);
  const use = attack.uses.find((u) => u.value === value);
  if (!use) {
    throw new EngineError("UnknownAttackUse", { field: USE_FIELD, name: attack.weapon.name, use: String(value ?? "") });
  }
  return use;
}

/**
 * The equipment a form chooses: the weapon of an attack, then each piece of gear ticked, in the
 * order the dialog lists them.
 *
 * @param values - The form values.
 * @param settings - The dialog's settings.
 * @throws EngineError `UnknownItem` (field `gear`) for a ticked box of gear the dialog did not offer.
 */
export function chosenEquipment(values: FormValues, settings: EquipmentSettings): EquipmentChoice {
  const offered = new Map((settings.gear ?? []).map((g) => [gearField(g.id), g]));
  for (const [field, value] of Object.entries(values)) {
    if (field.startsWith(GEAR_PREFIX) && isChecked(value) && !offered.has(field)) {
      throw new EngineError("UnknownItem", { field: "gear", id: field.slice(GEAR_PREFIX.length) });
    }
  }
  const chosen = [
    ...(settings.attack ? [settings.attack.weapon] : []),
    ...[...offered].filter(([field]) => isChecked(values[field])).map(([, gear]) => gear),
  ];
  if (chosen.length === 0) return NO_EQUIPMENT;
  return {
    ids: chosen.map((item) => item.id),
    named: chosen
      .filter((item) => item.adjustments.length > 0)
      .map((item) => ({ name: item.name, adjustments: item.adjustments })),
  };
}

/**
 * The form values after a change: when the attack's choice changed, the fields it fills (the pool
 * and the skill's modifier, or the rating) are filled from the new choice; any other change is kept
 * as the player made it.
 *
 * @param values - The values after the change.
 * @param previous - The values before it.
 * @param settings - The dialog's settings.
 * @param fill - The form values a choice's request gives (the engine's `requestToForm`).
 */
export function followUse(
  values: FormValues,
  previous: FormValues,
  settings: EquipmentSettings,
  fill: (request: unknown) => Record<string, string | boolean>,
): FormValues {
  const attack = settings.attack;
  const value = useOf(values);
  if (!attack || value === useOf(previous)) return values;
  const use = attack.uses.find((u) => u.value === value);
  return use ? { ...values, [USE_FIELD]: use.value, ...fill(use.request) } : values;
}

/** An adjustment as the dialog shows it: a label key and the signed value. */
export interface AdjustmentPart {
  readonly key: string;
  readonly value: string;
}

/** A piece of gear as the dialog offers it: its box, its name (text), what it adjusts, and whether it is ticked. */
export interface GearView {
  readonly field: string;
  readonly name: string;
  readonly parts: readonly AdjustmentPart[];
  readonly checked: boolean;
}

/** The equipment part of a dialog's form view. */
export interface EquipmentView {
  /**
   * A weapon attack: the weapon's name and adjustments, and the choices (the current one selected)
   * in groups, each under its heading (`null`: listed without one); else `null`.
   */
  readonly attack: {
    readonly weapon: string;
    readonly parts: readonly AdjustmentPart[];
    readonly groups: readonly UseGroupView[];
    /** A dice-pool attack's two pickers (each option selected or not), or absent. */
    readonly pickers?: {
      readonly attributes: readonly PickerOptionView[];
      readonly abilities: readonly PickerOptionView[];
      /** Whether no Ability is picked (the Attribute alone). */
      readonly noAbility: boolean;
    };
  } | null;
  /** The gear offered (empty for none). */
  readonly gear: readonly GearView[];
}

/** The equipment fields a form shows (a weapon attack's choice, the gear's boxes), for its errors. */
export function shownEquipmentFields(view: EquipmentView): string[] {
  return [...(view.attack ? [USE_FIELD] : []), ...(view.gear.length > 0 ? ["gear"] : [])];
}

/** A picker's option as the dialog shows it. */
export interface PickerOptionView extends PickerOption {
  readonly selected: boolean;
}

/** Consecutive choices listed under one heading (an `optgroup`), or under none. */
export interface UseGroupView {
  readonly label: string | null;
  readonly uses: readonly { readonly value: string; readonly text: string; readonly selected: boolean }[];
}

/** The choices in their order, consecutive ones with the same heading gathered under it. */
function useGroups(uses: readonly DialogUse[], current: FormValues[string]): UseGroupView[] {
  const groups: { label: string | null; uses: UseGroupView["uses"][number][] }[] = [];
  for (const use of uses) {
    const label = use.group ?? null;
    let last = groups.at(-1);
    if (!last || last.label !== label) {
      last = { label, uses: [] };
      groups.push(last);
    }
    last.uses.push({ value: use.value, text: use.text, selected: use.value === current });
  }
  return groups;
}

function partsOf(item: DialogItem, lang: string): AdjustmentPart[] {
  return item.adjustments.map((a) => ({
    key: `ROLLING_BONES.Condition.Target.${a.target}`,
    value: typeof a.value === "number" ? formatSigned(a.value, lang) : String(a.value),
  }));
}

/**
 * The equipment part of a dialog's form view.
 *
 * @param values - The form values.
 * @param settings - The dialog's settings.
 * @param lang - The user's language (the adjustments' signed numbers are written in it).
 */
export function equipmentView(values: FormValues, settings: EquipmentSettings, lang: string): EquipmentView {
  const attack = settings.attack;
  const pick = (options: readonly PickerOption[], field: string): PickerOptionView[] =>
    options.map((o) => ({ ...o, selected: o.value === values[field] }));
  return {
    attack: attack
      ? {
          weapon: attack.weapon.name,
          parts: partsOf(attack.weapon, lang),
          groups: useGroups(attack.uses, useOf(values)),
          ...(attack.pickers
            ? {
                pickers: {
                  attributes: pick(attack.pickers.attributes, USE_ATTRIBUTE_FIELD),
                  abilities: pick(attack.pickers.abilities, USE_ABILITY_FIELD),
                  noAbility: !values[USE_ABILITY_FIELD],
                },
              }
            : {}),
        }
      : null,
    gear: (settings.gear ?? []).map((g) => ({
      field: gearField(g.id),
      name: g.name,
      parts: partsOf(g, lang),
      checked: isChecked(values[gearField(g.id)]),
    })),
  };
}

/**
 * What a weapon attack stores with its roll for the card: the weapon's name and what it was rolled
 * with (both text); nothing for another roll or a choice that is not offered.
 *
 * @param values - The form values.
 * @param settings - The dialog's settings.
 */
export function attackRollOptions(values: FormValues, settings: EquipmentSettings): Record<string, unknown> {
  const attack = settings.attack;
  const value = useOf(values);
  const use = attack?.uses.find((u) => u.value === value);
  return attack && use ? { attack: { weapon: attack.weapon.name, use: use.text } } : {};
}
