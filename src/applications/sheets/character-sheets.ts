/** The five character sheets: the shared base with each type's body template. */

import { RollingBonesCharacterSheet, sheetTemplate } from "./character-sheet.ts";

/** The header part every character sheet shares. */
const HEADER = { template: sheetTemplate("shared/header.hbs") };

/** The sheet of a percentile character. */
export class PercentileCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = {
    header: HEADER,
    body: { template: sheetTemplate("percentile-character/body.hbs"), scrollable: [""] },
  };
}

/** The sheet of an action character. */
export class ActionCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = {
    header: HEADER,
    body: { template: sheetTemplate("action-character/body.hbs"), scrollable: [""] },
  };
}

/** The sheet of a wild-die character. */
export class WildCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = {
    header: HEADER,
    body: { template: sheetTemplate("wild-character/body.hbs"), scrollable: [""] },
  };
}

/** The sheet of a Precision & Impact character. */
export class PiCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = {
    header: HEADER,
    body: { template: sheetTemplate("pi-character/body.hbs"), scrollable: [""] },
  };
}

/** The sheet of a dice-pool character. */
export class PoolCharacterSheet extends RollingBonesCharacterSheet {
  static override PARTS = {
    header: HEADER,
    body: { template: sheetTemplate("pool-character/body.hbs"), scrollable: [""] },
  };
}

/** The sheet of each character type, registered as its default sheet in `init`. */
export const CHARACTER_SHEETS = {
  "percentile-character": PercentileCharacterSheet,
  "action-character": ActionCharacterSheet,
  "wild-character": WildCharacterSheet,
  "pi-character": PiCharacterSheet,
  "pool-character": PoolCharacterSheet,
} as const;
