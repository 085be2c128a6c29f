/** The view of an NPC sheet: its character type's view without the player's points and pools, with the GM's notes. */

import { NPC_MAX_NOTES } from "../../../data/actor/pure.ts";
import type { CharacterView, StatView, ViewKit, ViewOptions } from "./shared.ts";

/** What an NPC's sheet adds to its character type's view: its notes, their label, how its defence is shown. */
export type NpcViewOptions = NonNullable<ViewOptions["npc"]>;

/**
 * How an NPC's sheet shows its defence figure (docs/rules.md §6, issue 35 point 3): the GM edits it; a
 * player sees it, unedited, only in a world that shows NPC defences to players; else it is left out.
 */
export type NpcDefenceShown = NonNullable<NpcViewOptions["defence"]>;

/** The defence stat as the viewer gets it: as built (the GM edits it), as text (a player who may see it), or none. */
function defenceStat(stat: StatView | undefined, shown: NpcDefenceShown, kit: ViewKit): StatView[] {
  if (!stat || shown === "hide") return [];
  const hint = kit.t("ROLLING_BONES.Sheet.NpcDefenceHint");
  if (shown === "edit") return [{ ...stat, hint }];
  const { input: _input, ...rest } = stat;
  return [{ ...rest, text: String(stat.input?.value ?? ""), hint }];
}

/**
 * An NPC's sheet view from the view of the character type it rolls as: the stats keep its defence
 * figure (as {@link NpcViewOptions.defence} allows), its health and what its ratings give (a Precision &
 * Impact hindrance), the sections lose the 10-point traits (Willpower is a player's resource), and the
 * notes follow.
 *
 * @param view - The character type's view of the NPC's data.
 * @param npc - The NPC's notes, their label and how its defence is shown.
 * @param kit - The view's kit.
 */
export function npcView(view: CharacterView, npc: NpcViewOptions, kit: ViewKit): CharacterView {
  const { notes, labelKey } = npc;
  const defence = defenceStat(
    view.stats.find((s) => s.id === kit.id("defence")),
    npc.defence ?? "hide",
    kit,
  );
  const keptStats = new Set([
    kit.id("health"),
    kit.id("health-max"),
    kit.id("heal"),
    kit.id("health-levels"),
    kit.id("timed"),
    kit.id("hindrance"),
  ]);
  const droppedSections = new Set([kit.id("tenPoint")]);
  const label = kit.t(labelKey);
  const notesStat: StatView = {
    id: kit.id("notes"),
    label,
    input: kit.text("system.notes", notes, label, { kind: "textarea", size: "notes", maxlength: NPC_MAX_NOTES }),
  };
  return {
    ...view,
    stats: [...defence, ...view.stats.filter((s) => keptStats.has(s.id)), notesStat],
    sections: view.sections.filter((s) => !droppedSections.has(s.id)),
  };
}
