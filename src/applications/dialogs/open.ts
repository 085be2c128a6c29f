/**
 * The roll dialog's entry point for sheets and other always-loaded code. The dialogs (their
 * application class, per-engine forms and odds views) load on the first roll, not with the world.
 */
import type { EngineId } from "../../engines/core.ts";
import type { OpenRollDialogOptions } from "./direct.ts";

/**
 * Opens the roll dialog of an engine (or rolls at once with Shift); see the dialog module's
 * `openRollDialog`, which this loads on first use.
 */
export async function openRollDialog<E extends EngineId>(
  engine: E,
  options: OpenRollDialogOptions<E> = {},
): Promise<ChatMessage.Implementation | null> {
  const dialogs = await import("./index.ts");
  return dialogs.openRollDialog(engine, options);
}
