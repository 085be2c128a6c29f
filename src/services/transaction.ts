/**
 * Writes to several documents that must succeed together. Foundry has no transaction across
 * documents, so each write carries its own undo: the steps run in order, and when one fails the
 * steps already applied are reverted, last first, and the caller gets one localized error. A spend
 * that touches a pool (a User) and a card (a ChatMessage) is either written whole or not at all.
 */
import { EngineError } from "../engines/index.ts";

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

/** A document whose system flag a {@link flagWrite} sets (a User's pool, an Actor's class dice). */
interface FlaggedDocument {
  readonly name: string;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * A step that sets one of the system's flags on a document to `next`, and puts `before` back when
 * reverted.
 *
 * @param kind - The document's kind for the step's label (`User`, `Actor`).
 * @param path - The flag's full path (`flags.rolling-bones.<key>`).
 */
export function flagWrite(kind: string, doc: FlaggedDocument, path: string, next: unknown, before: unknown): WriteStep {
  return {
    label: `${kind} ${doc.name}`,
    apply: () => doc.update({ [path]: next }),
    revert: () => doc.update({ [path]: before }),
  };
}
