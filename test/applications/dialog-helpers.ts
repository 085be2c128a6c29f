/** Helpers shared by the roll-dialog tests. */
import { EngineError, type EngineId } from "../../src/engines/index.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import {
  DEFAULT_DIALOG_SETTINGS,
  type DialogPoints,
  type DialogSettings,
} from "../../src/applications/dialogs/types.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { format, hasKey, localize } from "../support/i18n.ts";

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

/** What a character named Kestrel holds, with some of it given (nothing else known). */
export function points(changes: Partial<DialogPoints>): DialogPoints {
  return { actor: "Kestrel", karma: null, assists: [], wild: null, willpower: null, ...changes };
}

/** Sums the probabilities of a list. */
export function total(items: readonly { p: number }[]): number {
  return items.reduce((s, item) => s + item.p, 0);
}

/**
 * A dialog's context for form values (errors localized in English) and its form part rendered
 * from the real template into an element.
 */
export function renderDialogForm(engine: EngineId, values: Record<string, string | boolean>, settings: DialogSettings) {
  const context = buildDialogContext({
    engine,
    values,
    settings,
    lang: "en",
    idPrefix: "t",
    visibility: "public",
    localizeError: (e) => errorMessage(e, { localize, format, has: hasKey }),
  });
  const host = document.createElement("div");
  host.innerHTML = renderTemplate(`templates/dialogs/${engine}/form.hbs`, context);
  return { context, host };
}
