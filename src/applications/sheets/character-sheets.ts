/** The five character sheets: the shared base with each type's body template. */

import { CHARACTER_OF_NPC, type CharacterType, type NpcType } from "../../data/actor/pure.ts";
import { RollingBonesCharacterSheet, sheetTemplate } from "./character-sheet.ts";

/** The header part every character sheet shares. */
const HEADER = { template: sheetTemplate("shared/header.hbs") };

/** A character type's parts: the shared header and the type's scrolling body. */
function partsOf(type: CharacterType) {
  return { header: HEADER, body: { template: sheetTemplate(`${type}/body.hbs`), scrollable: [""] } };
}

/** The sheet of a percentile character. */
export class PercentileCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = partsOf("percentile-character");
}

/** The sheet of an action character. */
export class ActionCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = partsOf("action-character");
}

/** The sheet of a wild-die character. */
export class WildCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = partsOf("wild-character");
}

/** The sheet of a Precision & Impact character. */
export class PiCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = partsOf("pi-character");
}

/** The sheet of a dice-pool character. */
export class PoolCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = partsOf("pool-character");
}

/** The sheet of each character type, registered as its default sheet in `init`. */
export const CHARACTER_SHEETS = {
  "percentile-character": PercentileCharacterSheet,
  "action-character": ActionCharacterSheet,
  "wild-character": WildCharacterSheet,
  "pi-character": PiCharacterSheet,
  "pool-character": PoolCharacterSheet,
} as const;

/**
 * The sheet of an NPC type: its engine's character body (the view leaves out points and pools and
 * adds the notes), in a smaller window.
 */
function npcSheet(type: NpcType) {
  return class NpcSheet extends RollingBonesCharacterSheet {
    // Core merges DEFAULT_OPTIONS down the class chain: `classes` are added to the base's, `position`
    // assigned over it, the base's `window`, `form` and `actions` kept (foundryvtt issue #11675), so
    // only what differs is named here; the static side's type cannot say the rest comes from the base.
    static override DEFAULT_OPTIONS = {
      classes: ["rb-sheet--npc"],
      position: { width: 560, height: 640 },
    } as unknown as typeof RollingBonesCharacterSheet.DEFAULT_OPTIONS;

    static override PARTS = partsOf(CHARACTER_OF_NPC[type]);
  };
}

/** The sheet of each NPC type, registered as its default sheet in `init`. */
export const NPC_SHEETS = {
  "percentile-npc": npcSheet("percentile-npc"),
  "action-npc": npcSheet("action-npc"),
  "wild-npc": npcSheet("wild-npc"),
  "pi-npc": npcSheet("pi-npc"),
  "pool-npc": npcSheet("pool-npc"),
} as const;
