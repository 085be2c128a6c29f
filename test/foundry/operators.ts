/**
 * v14 `foundry.data.operators`: `ForcedDeletion.create()` as the value of a key in an update deletes
 * that key. It replaces v13's `-=key` syntax, which v14 deprecates (`ForcedReplacement` is not
 * emulated: the system does not use it). [API14 foundry.data.operators; public v14
 * systems write `{ "system.bonuses.old": ForcedDeletion.create() }` on the leaf path]
 */
import { warn } from "./state.ts";

/** [API14 foundry.data.operators.ForcedDeletion] */
export class ForcedDeletion {
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}

/**
 * Rewrites an expanded update so `mergeObject(…, { performDeletions: true })` applies it: a
 * `ForcedDeletion` value becomes the `-=key` deletion (v14) and a `-=key` in v14 is recorded as
 * deprecated. v13 has no operators: one given there is an error.
 */
export function applyOperators(update: Record<string, unknown>, generation: 13 | 14): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value instanceof ForcedDeletion) {
      if (generation === 13) throw new Error(`Foundry double: foundry.data.operators do not exist in v13 (key ${key})`);
      out[`-=${key}`] = null;
      continue;
    }
    if (generation === 14 && key.startsWith("-=")) {
      warn(`The "-=${key.slice(2)}" update syntax is deprecated in v14; use foundry.data.operators.ForcedDeletion`);
    }
    out[key] =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? applyOperators(value as Record<string, unknown>, generation)
        : value;
  }
  return out;
}
