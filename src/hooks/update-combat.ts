import { expireConditions, type CombatLike } from "../services/harm/durations.ts";
import { reportBackgroundError } from "../helpers/notify.ts";

/**
 * The `updateCombat` hook: when a combat moves to another turn or round, the active GM removes the
 * timed conditions that ran out (docs/rules.md §6; `services/harm/durations.ts`). [API13
 * hookEvents.updateDocument: (document, changed, options, userId); Combat#nextTurn updates `turn`
 * and `round`]
 *
 * @param combat - The combat.
 * @param changed - What changed.
 */
export function onUpdateCombat(combat: Combat.Implementation, changed: object): void {
  if (!("round" in changed) && !("turn" in changed)) return;
  void expireConditions(combat as unknown as CombatLike).catch(
    reportBackgroundError("ROLLING_BONES.Error.ExpiryFailed"),
  );
}
