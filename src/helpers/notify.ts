import { EngineError } from "../engines/shared/index.ts";

/**
 * The label of a request field named in an error: `difficulty` → "Difficulty", `pool[2]` → "Pool (3)".
 * Unknown names are shown as they are.
 */
export function fieldLabel(field: string): string {
  const [, base = field, index] = /^([A-Za-z]+)(?:\[(\d+)\])?/.exec(field) ?? [];
  const key = `ROLLING_BONES.Field.${base}`;
  if (!game.i18n.has(key)) return field;
  const label = game.i18n.localize(key);
  return index === undefined ? label : `${label} (${Number(index) + 1})`;
}

/** The localized text of an engine error, with a named request field shown by its label. */
export function errorMessage(error: EngineError): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(error.data)) data[k] = String(v);
  if (data.field) data.field = fieldLabel(data.field);
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
