import { createTraitMacro, isTraitDragData, type MacroMaker } from "../applications/sheets/trait-macro.ts";

/** Foundry's own macro making: the world's macros, `Macro.create`, the user's hotbar. */
const FOUNDRY_MAKER: MacroMaker = {
  find: (name, command) => game.macros.find((m) => m.name === name && m.command === command && m.isOwner),
  create: (data) => Macro.implementation.create(data),
  assign: (macro, slot) => game.user.assignHotbarMacro(macro, slot),
};

/**
 * The `hotbarDrop` hook: a trait dragged from a character sheet becomes a macro on that slot
 * (`applications/sheets/trait-macro.ts`). Returns `false` for a trait, so Foundry does not also
 * handle the drop; anything else is left to Foundry.
 *
 * @param _bar - The hotbar.
 * @param data - The dropped data.
 * @param slot - The slot dropped on.
 */
export function onHotbarDrop(_bar: unknown, data: unknown, slot: number | undefined): boolean | void {
  if (!isTraitDragData(data)) return;
  void createTraitMacro(data, slot, FOUNDRY_MAKER);
  return false;
}
