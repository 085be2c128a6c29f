/** The pure views of the character sheets, one per character type. */

import {
  DEFENCE,
  ENGINE_OF,
  defenceLabelKey,
  type CharacterSources,
  type CharacterType,
} from "../../../data/actor/pure.ts";
import { harm, type EngineId } from "../../../engines/core.ts";
import { healthStats, timedStat } from "./health.ts";
import { actionView } from "./action.ts";
import { equipmentSections } from "./equipment.ts";
import { percentileView } from "./percentile.ts";
import { piView } from "./pi.ts";
import { poolView } from "./pool.ts";
import { npcView } from "./npc.ts";
import {
  ViewKit,
  type CharacterView,
  type DurationPickerView,
  type Localizer,
  type StatView,
  type ViewOptions,
} from "./shared.ts";
import { wildView } from "./wild.ts";

export * from "./shared.ts";
export { actionView, percentileView, piView, poolView, wildView };
export { editDice, nextDieSize, type DiceEdit } from "./pi.ts";
export { equipmentSections, type EquipmentEntry } from "./equipment.ts";
export { healthStats, timedStat, woundEffectText, woundStatusId } from "./health.ts";
export type { SheetHealth, TimedView } from "./shared.ts";
export type { ItemSheetView } from "./item.ts";

/**
 * The sheet's one list of what moves the character's rolls: the engine's conditions, each one's state
 * with a button that turns it on or off for an editor, then every other effect that applies (an
 * item's, a GM's own), each with what it moves and where it comes from.
 */
function conditionsStat(
  conditions: NonNullable<ViewOptions["conditions"]>,
  effects: NonNullable<ViewOptions["effects"]>,
  kit: ViewKit,
): StatView {
  const on = kit.t("ROLLING_BONES.Condition.On");
  const off = kit.t("ROLLING_BONES.Condition.Off");
  const effectItems = effects.map((e) => {
    const parts = e.parts.map((p) => `${kit.t(p.key)}${p.value ? ` ${p.value}` : ""}`).join(", ");
    const from =
      e.from === null
        ? kit.t("ROLLING_BONES.Dialog.Conditions.OnCharacter")
        : kit.t("ROLLING_BONES.Dialog.Conditions.From", { item: e.from });
    return { text: `${e.name}: ${parts} (${from})` };
  });
  const chosen = kit.options.conditionDuration ?? { units: "", value: 1 };
  const duration: DurationPickerView | null = kit.options.editable
    ? {
        id: kit.id("condition-duration"),
        label: kit.t("ROLLING_BONES.Condition.Duration.Label"),
        unitsLabel: kit.t("ROLLING_BONES.Condition.Duration.Units"),
        units: (["", "rounds", "turns"] as const).map((value) => ({
          value,
          label: kit.t(`ROLLING_BONES.Condition.Duration.${value === "" ? "untilRemoved" : value}`),
          selected: chosen.units === value,
        })),
        valueLabel: kit.t("ROLLING_BONES.Condition.Duration.Value"),
        value: Number.isInteger(chosen.value) && chosen.value >= 1 ? Math.min(chosen.value, harm.MAX_DURATION) : 1,
        max: harm.MAX_DURATION,
        hint: kit.t("ROLLING_BONES.Condition.Duration.Hint"),
      }
    : null;
  return {
    id: kit.id("conditions-status"),
    label: kit.t("ROLLING_BONES.Condition.Sheet"),
    ...(duration ? { duration } : {}),
    list: [
      ...conditions.map((c) => {
        const text = `${c.name}: ${c.active ? on : off}`;
        if (!kit.options.editable) return { text };
        // The accessible name starts with the visible text ("Apply Hampered").
        const action = c.active ? kit.t("ROLLING_BONES.Condition.Remove") : kit.t("ROLLING_BONES.Condition.Apply");
        return {
          text,
          button: {
            action: "toggleCondition",
            text: action,
            label: kit.t("ROLLING_BONES.Condition.Toggle", { action, name: c.name }),
            data: { status: c.id },
            icon: c.active ? "fa-xmark" : "fa-plus",
          },
        };
      }),
      ...effectItems,
    ],
    hint: kit.t("ROLLING_BONES.Condition.SheetHint"),
  };
}

/**
 * The view with the actor's defence figure first among its stats (docs/rules.md §6): what attacks against it
 * are rolled against, edited on the sheet in its engine's range.
 */
function withDefence(view: CharacterView, engine: EngineId, value: unknown, kit: ViewKit): CharacterView {
  const { min, max, initial } = DEFENCE[engine];
  const label = kit.t(defenceLabelKey(engine));
  const stat: StatView = {
    id: kit.id("defence"),
    label,
    input: kit.number("system.defence", typeof value === "number" ? value : initial, label, min, max),
    hint: kit.t("ROLLING_BONES.Sheet.DefenceHint"),
  };
  return { ...view, stats: [stat, ...view.stats] };
}

const VIEWS: { [T in CharacterType]: (system: CharacterSources[T], kit: ViewKit) => CharacterView } = {
  "percentile-character": percentileView,
  "action-character": actionView,
  "wild-character": wildView,
  "pi-character": piView,
  "pool-character": poolView,
};

/**
 * The view of a character sheet's body.
 *
 * @param type - The character type.
 * @param system - The character's `system` data.
 * @param i18n - Localization (`game.i18n`).
 * @param options - Whether the sheet is editable, the id prefix of its elements, the
 *   character's items (their weapons and gear sections follow the type's own sections), and an
 *   NPC's notes (an NPC's sheet: see `npcView`).
 */
export function characterView<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  i18n: Localizer,
  options: ViewOptions,
): CharacterView {
  const kit = new ViewKit(i18n, options);
  const viewed = withDefence(VIEWS[type](system, kit), ENGINE_OF[type], (system as { defence?: unknown }).defence, kit);
  // Health leads the summary bar of every sheet (docs/rules.md §6).
  const timed = options.timed?.length ? [timedStat(options.timed, kit)] : [];
  const own = {
    ...viewed,
    stats: [...healthStats(ENGINE_OF[type], system.health, kit, options.health), ...timed, ...viewed.stats],
  };
  const npc = options.npc ? npcView(own, options.npc, kit) : own;
  const view =
    options.conditions?.length || options.effects?.length
      ? { ...npc, stats: [...npc.stats, conditionsStat(options.conditions ?? [], options.effects ?? [], kit)] }
      : npc;
  if (!options.equipment) return view;
  return { ...view, sections: [...view.sections, ...equipmentSections(ENGINE_OF[type], options.equipment, kit)] };
}
