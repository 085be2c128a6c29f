/**
 * The sheet's duration picker for conditions (issue 35 point 6): until removed, or a number of rounds
 * (the bearer's turns) or turns (anyone's), docs/rules.md §6. Its controls have no `name`, so the sheet's
 * form never submits them; the Apply buttons read them.
 */
import { reportError } from "../../helpers/notify.ts";
import { addTimedCondition } from "../../services/harm/durations.ts";
import type { ConditionDuration } from "./views/shared.ts";

/**
 * Applies a condition as the picker says: until removed (core's status toggle), or for its rounds or
 * turns (`addTimedCondition`, which checks the count and the user and makes nothing when it refuses,
 * with one message).
 *
 * @returns Whether the condition was applied.
 */
export async function applyCondition(
  actor: Actor.Implementation,
  status: string,
  duration: ConditionDuration,
): Promise<boolean> {
  try {
    if (duration.units === "") await actor.toggleStatusEffect(status, { active: true });
    else await addTimedCondition(actor, status, duration.value, duration.units);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}
