/**
 * Per-session counters at a session start. The GM starts a session through the action-dice service,
 * which fires `rollingBones.sessionStarted` on the active GM's client once the new session is written;
 * {@link onSessionStarted} then asks the GM action that resets every wild-die character's Character
 * Point and Fate Point counters (one reset per session number: a repeated hook changes nothing).
 */

let lastReset: Promise<boolean> = Promise.resolve(true);

/** What the hook passes (only the session number is read). */
export interface SessionStartedEvent {
  readonly session: number;
}

/**
 * The `rollingBones.sessionStarted` listener: on the active GM's client, resets the per-session
 * counters. It does not wait for the reset (the hook fires inside the session action, and GM actions
 * run one after another); {@link sessionResetSettled} resolves when it is done.
 */
export function onSessionStarted(event: SessionStartedEvent): void {
  if (!game.users.activeGM?.isSelf) return;
  // The requests load on first use (issue 26): they stay out of the startup code.
  lastReset = import("./requests.ts").then((m) => m.resetPointsSession(Number(event?.session ?? 0)));
}

/** Resolves once the latest session-start reset finished (for tests and the Quench batch). */
export function sessionResetSettled(): Promise<boolean> {
  return lastReset;
}
