/**
 * A character's class dice as the session starts them: a module of its own, since the character
 * sheet shows them at startup while the spends load with the card controls (issue 26).
 */

import { EngineError, requireInt } from "../../shared/core.ts";
import { isActionDieSize } from "../tables.ts";
import { MAX_SPEND, type ClassDicePool } from "./state.ts";
import { ALLOWED } from "./checks.ts";

/**
 * A character's class-dice pool holding `count` dice of size `faces` (refilled each session from the
 * character's class feature). Throws `DieSizeNotAllowed` or `NotInteger`/`OutOfRange`.
 */
export function newClassPool(actorId: string, faces: number, count: number): ClassDicePool {
  if (!isActionDieSize(faces)) throw new EngineError("DieSizeNotAllowed", { faces, allowed: ALLOWED });
  requireInt(count, "count", 0, MAX_SPEND);
  return { actorId, faces, left: count, spent: 0 };
}
