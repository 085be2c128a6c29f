/**
 * What every check of the ledger shares: the verdict of a check, a refusal turned into a value, and the
 * fields every action carries (its id, short texts).
 */

import { EngineError } from "../../shared/core.ts";
import { ACTION_DIE_SIZES } from "../tables.ts";
import { type Check, MAX_NOTE } from "./state.ts";

/** A short text field of an action: absent is empty; anything but text, or text too long, is refused. */
export function noteError(value: unknown, field: string): EngineError | null {
  if (value === undefined) return null;
  if (typeof value !== "string") return new EngineError("MalformedRequest");
  return value.trim().length > MAX_NOTE ? new EngineError("NoteTooLong", { field, max: MAX_NOTE }) : null;
}

/** The action die sizes, as a refusal names them. */
export const ALLOWED = ACTION_DIE_SIZES.join(", ");
/** An allowed action. */
export const OK: Check = Object.freeze({ ok: true, repeated: false });
/** An action already applied: allowed, and it changes nothing. */
export const REPEATED: Check = Object.freeze({ ok: true, repeated: true });

/** A check's verdict from the refusal found, if any. */
export function verdict(error: EngineError | null): Check {
  return error === null ? OK : { ok: false, error };
}

/** Runs a check that throws; turns a thrown {@link EngineError} into a value. */
export function attempt(f: () => EngineError | null): EngineError | null {
  try {
    return f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
}

/** An action's id: text, not empty (`MissingActionId` otherwise). */
export function requireId(id: unknown): EngineError | null {
  return typeof id === "string" && id.length > 0 ? null : new EngineError("MissingActionId");
}
