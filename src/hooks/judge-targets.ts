/**
 * Judging a card's targets from the chat hooks: only a card that names targets, only on the active
 * GM's client, with the judging (services/targets.ts) loaded on its first use rather than at startup.
 */

/**
 * Judges a card's targets when it names any and this client is the active GM's.
 *
 * @param message - A created or updated message.
 */
export function judgeTargetsLater(message: ChatMessage.Implementation): void {
  const named = message.rolls.some((roll) => {
    const targets = (roll.options as { targets?: unknown } | undefined)?.targets;
    return Array.isArray(targets) && targets.length > 0;
  });
  if (!named || !game.users.activeGM?.isSelf) return;
  // A verdict that cannot be written (the message deleted meanwhile) is reported, never left unhandled.
  void import("../services/targets.ts")
    .then(({ judgeTargets }) => judgeTargets(message))
    .catch((error: unknown) => {
      console.error("Rolling Bones | the targets could not be judged", error);
    });
}
