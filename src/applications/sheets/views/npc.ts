/** The view of an NPC sheet: its character type's view without the player's points and pools, with the GM's notes. */

import { NPC_MAX_NOTES } from "../../../data/actor/pure.ts";
import type { CharacterView, StatView, ViewKit } from "./shared.ts";

/**
 * An NPC's sheet view from the view of the character type it rolls as: the stats keep only its
 * health and what its ratings give (a Precision & Impact hindrance), the sections lose the 10-point traits
 * (Willpower is a player's resource), and the notes follow.
 *
 * @param view - The character type's view of the NPC's data.
 * @param notes - The NPC's notes.
 * @param labelKey - The localization key of the notes field's label.
 * @param kit - The view's kit.
 */
export function npcView(view: CharacterView, notes: string, labelKey: string, kit: ViewKit): CharacterView {
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
    stats: [...view.stats.filter((s) => keptStats.has(s.id)), notesStat],
    sections: view.sections.filter((s) => !droppedSections.has(s.id)),
  };
}
