/** Helpers shared by the roll-dialog tests. */
import { EngineError } from "../../src/engines/index.ts";
import { DEFAULT_DIALOG_SETTINGS, type DialogSettings } from "../../src/applications/dialogs/types.ts";

/** The error a call throws; fails the test when it throws nothing or something else. */
export function errorOf(fn: () => unknown): EngineError {
  try {
    fn();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error("expected an EngineError, but nothing was thrown");
}

/** The key of the error a call throws. */
export function errorKey(fn: () => unknown): string {
  return errorOf(fn).key;
}

/** The default settings with some changed. */
export function settingsWith(changes: Partial<DialogSettings> = {}): DialogSettings {
  return { ...DEFAULT_DIALOG_SETTINGS, ...changes };
}

/** Sums the probabilities of a list. */
export function total(items: readonly { p: number }[]): number {
  return items.reduce((s, item) => s + item.p, 0);
}
