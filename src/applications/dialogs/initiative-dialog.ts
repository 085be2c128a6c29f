/**
 * The roll dialog of a Wild Die initiative (docs/rules.md §3: Character Points and a Fate Point may be
 * spent on initiative like on any roll). The combat tracker's die button rolls at once; held with the
 * *Open the roll dialog* keys (Shift by default, Configure Controls → Rolling Bones) it opens the Wild
 * Die dialog on the initiative's die code, where the player picks Character Points or a Fate Point and
 * sees the odds. Loaded on first use.
 */
import type { WildInitiativeDialogOptions } from "../../services/initiative.ts";
import { dialogSettingsFor, startingRequest } from "./direct.ts";
import { DIALOG_ENGINES } from "./engines.ts";
import { RollDialog } from "./roll-dialog.ts";

/**
 * Opens the Wild Die dialog for an initiative roll and waits for it.
 *
 * @returns The posted card (its roll's total is the initiative), or `null` when the dialog was
 *   closed or the roll refused (one localized message shown).
 */
export function askWildInitiative(options: WildInitiativeDialogOptions): Promise<ChatMessage.Implementation | null> {
  const settings = dialogSettingsFor({ actor: options.actor, initial: options.initial });
  const values = DIALOG_ENGINES.wild.requestToForm(startingRequest("wild", options, settings), settings);
  return RollDialog.wait({
    engine: "wild",
    actor: options.actor,
    title: options.title,
    values,
    settings,
    rollOptions: options.rollOptions,
    initiativeRoll: true,
  });
}
