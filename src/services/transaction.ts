/**
 * Writes to several documents that must succeed together. Foundry has no transaction across
 * documents, so each write carries its own undo: the steps run in order, and when one fails the
 * steps already applied are reverted, last first, and the caller gets one localized error. A spend
 * that touches a pool (a User) and a card (a ChatMessage) is either written whole or not at all.
 */
import { EngineError } from "../engines/core.ts";

/** One write and the write that undoes it. */
export interface WriteStep {
  /** What is written (for the error message), e.g. `User Alice` or `ChatMessage abc`. */
  readonly label: string;
  /** Writes. */
  readonly apply: () => Promise<unknown>;
  /** Puts back what `apply` changed. */
  readonly revert: () => Promise<unknown>;
}

/**
 * Runs the steps in order. When a step fails, the steps already applied are reverted (last first)
 * and an `EngineError` `WriteFailed` naming the failed write is thrown (`RollbackFailed` when a
 * revert failed too, so the user knows to check the documents).
 */
export async function runWrites(steps: readonly WriteStep[]): Promise<void> {
  const done: WriteStep[] = [];
  for (const step of steps) {
    try {
      await step.apply();
      done.push(step);
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      const stuck: string[] = [];
      for (const applied of done.reverse()) {
        try {
          await applied.revert();
        } catch {
          stuck.push(applied.label);
        }
      }
      if (stuck.length > 0)
        throw new EngineError("RollbackFailed", { what: step.label, stuck: stuck.join(", "), cause });
      throw new EngineError("WriteFailed", { what: step.label, cause });
    }
  }
}

/** Where a {@link recordEntriesWrite} reads and writes a record (a world setting of the system). */
export interface RecordStore {
  /** What the step is called in an error (`Setting actionPlayerPools`). */
  readonly label: string;
  /** The record as stored now. */
  read(): unknown;
  /** Stores the whole record. */
  put(record: Record<string, unknown>): Promise<unknown>;
}

/** A copy of a stored record's own entries (anything else stored there reads as an empty record). */
function ownEntries(value: unknown): Map<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return new Map();
  return new Map(Object.entries(value));
}

/**
 * A step that sets some entries of a record kept whole in one place (every player's pool in one
 * world setting), leaving the other entries as they are when it runs; reverted, it puts back exactly
 * the entries it changed (an entry it added is removed). Entries are written as own properties
 * (`Object.fromEntries`), so an id can never reach the record's prototype.
 *
 * @param store - Where the record lives.
 * @param entries - The entries to set, by id.
 */
export function recordEntriesWrite(store: RecordStore, entries: ReadonlyMap<string, unknown>): WriteStep {
  let before = new Map<string, unknown>();
  const save = (changes: ReadonlyMap<string, unknown>, removed: readonly string[]): Promise<unknown> => {
    const record = ownEntries(store.read());
    for (const [id, value] of changes) record.set(id, value);
    for (const id of removed) record.delete(id);
    return store.put(Object.fromEntries(record));
  };
  return {
    label: store.label,
    apply: () => {
      const now = ownEntries(store.read());
      before = new Map([...entries.keys()].filter((id) => now.has(id)).map((id) => [id, now.get(id)]));
      return save(entries, []);
    },
    revert: () =>
      save(
        before,
        [...entries.keys()].filter((id) => !before.has(id)),
      ),
  };
}
