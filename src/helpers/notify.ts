import { EngineError } from "../engines/shared/index.ts";

/**
 * The localized text of an engine error. A `field` value naming a request field is shown by its
 * localized label (`ROLLING_BONES.Field.<field>`) when there is one.
 */
export function errorMessage(error: EngineError): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(error.data)) data[k] = String(v);
  const fieldKey = `ROLLING_BONES.Field.${data.field ?? ""}`;
  if (data.field && game.i18n.has(fieldKey)) data.field = game.i18n.localize(fieldKey);
  return game.i18n.format(error.key, data);
}

/**
 * Shows a bad request to the user as one clear, localized error notification and returns true; any
 * other error is not ours to explain and is re-thrown.
 */
export function reportError(error: unknown): true {
  if (error instanceof EngineError) {
    ui.notifications?.error(errorMessage(error));
    return true;
  }
  throw error;
}
