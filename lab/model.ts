/**
 * What the lab page shows, built without Foundry and without the DOM, from the system's own pure
 * code: engine rolls (the engines' throw protocol with a seeded face source), chat card contexts
 * (the cards' views, as the Roll classes build them), roll dialog contexts (the dialogs' pure
 * modules, as `RollDialog` builds them), sheet contexts (the sheets' view functions, as the sheet
 * classes build them) and the sheets' checked updates. The page (`main.ts`) only renders and wires
 * these, and the tests check them directly.
 */
export * from "./model/rolls.ts";
export * from "./model/card-states.ts";
export * from "./model/dialogs.ts";
export * from "./model/sheets.ts";
export * from "./model/table.ts";
export * from "./model/fight.ts";
