/**
 * Update operators: how an update deletes or replaces a key, per generation.
 *
 * - v13: the special keys `-=key` (delete) and `==key` (replace the object whole) [API13
 *   foundry.utils.isDeletionKey "deletion or forced replacement operations"; FI#11273 `==`].
 * - v14: `foundry.data.operators.ForcedDeletion` and `ForcedReplacement` as the value of a key
 *   [API14 foundry.data.operators; FI#13090]. The legacy `-=`/`==` keys are refused with "You are
 *   specifying a forced deletion key … using legacy syntax" (observed on 14.365: victorharry/
 *   tormenta20-foundry MIGRACAO-V13-V14.md §4; earlier builds only warned, Muttley/foundryvtt-fallout
 *   #751: the stricter reading).
 * - A `ForcedDeletion` of a key absent from the document's `_source` never enters the update's diff
 *   and is dropped silently; a `ForcedReplacement` always enters it (observed on 14.365, same notes
 *   §7, quoting core's `_diffObject`). Whether v13 drops a `-=key` for a key its cleaning removed is
 *   not settled by a public source: the double drops it too (the stricter reading; the Quench batch
 *   `rolling-bones.world` checks what a real world does).
 */

/** [API14 foundry.data.operators.ForcedDeletion] */
export class ForcedDeletion {
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}

/** [API14 foundry.data.operators.ForcedReplacement]: the value replaces the key's object whole. */
export class ForcedReplacement {
  readonly replacement: unknown;

  constructor(replacement: unknown) {
    this.replacement = replacement;
  }

  static create(replacement: unknown): ForcedReplacement {
    return new ForcedReplacement(replacement);
  }
}

/** The error v14 raises for a legacy deletion or replacement key. [tormenta20-foundry MIGRACAO-V13-V14.md §4] */
function legacyKeyError(key: string): Error {
  const name = key.slice(2);
  return new Error(
    `You are specifying a forced deletion key "${key}" using legacy syntax which should be migrated to instead pass {${name}: _del} or {${name}: new ForcedDeletion()}`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * Rewrites an expanded update so `mergeObject(…, { performDeletions: true })` applies it: v14's
 * operators become the `-=key`/`==key` the double's merge performs, and each deletion of a key that
 * `source` (the document's stored source at that level) does not hold is dropped. v13 has no
 * operators (one given there is an error); v14 refuses the legacy keys.
 *
 * @param update - The expanded update data.
 * @param generation - The running generation.
 * @param source - The document's `_source` at this level (keys a schema dropped are not in it); `undefined`
 *   when the level is not known (then nothing is dropped).
 */
export function applyOperators(
  update: Record<string, unknown>,
  generation: 13 | 14,
  source?: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const holds = (key: string) => source === undefined || Object.hasOwn(source, key);
  for (const [key, value] of Object.entries(update)) {
    if (value instanceof ForcedDeletion || value instanceof ForcedReplacement) {
      if (generation === 13) throw new Error(`Foundry double: foundry.data.operators do not exist in v13 (key ${key})`);
      if (value instanceof ForcedReplacement) out[`==${key}`] = value.replacement;
      else if (holds(key)) out[`-=${key}`] = null;
      continue;
    }
    if (key.startsWith("-=") || key.startsWith("==")) {
      if (generation === 14) throw legacyKeyError(key);
      if (key.startsWith("==") || holds(key.slice(2))) out[key] = value;
      continue;
    }
    out[key] = isObject(value)
      ? applyOperators(value, generation, source === undefined ? undefined : isObject(source[key]) ? source[key] : {})
      : value;
  }
  return out;
}

/**
 * The update that deletes one key (`path` in dot notation) in the running generation's own syntax: what
 * Foundry's own `unsetFlag` sends. [API13 Document#unsetFlag (`-=`); API14 foundry.data.operators]
 */
export function deletionOf(path: string, generation: 13 | 14): Record<string, unknown> {
  if (generation === 14) return { [path]: ForcedDeletion.create() };
  const parts = path.split(".");
  const last = parts.pop() as string;
  return { [[...parts, `-=${last}`].join(".")]: null };
}
