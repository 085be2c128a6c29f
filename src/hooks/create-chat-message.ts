import { judgeTargetsLater } from "./judge-targets.ts";

/** The roll record's writes from this client, in order (the record loads on its first use). */
let recording: Promise<void> = Promise.resolve();

/**
 * The `createChatMessage` hook: on the active GM's client, a new roll card that names targets gets a
 * verdict for each (services/targets.ts), and a new engine roll goes into the session's roll record
 * (how rare it was, the faces entered by hand) for the GM's dice report (`services/roll-record.ts`,
 * loaded on the first engine roll rather than at startup). [API13 hookEvents.createDocument]
 *
 * @param message - The new message.
 */
export function onCreateChatMessage(message: ChatMessage.Implementation): void {
  judgeTargetsLater(message);
  const engineRoll = message.rolls.some(
    (roll) => typeof (roll.options as { engine?: unknown } | undefined)?.engine === "string",
  );
  if (!engineRoll || !game.users.activeGM?.isSelf) return;
  recording = recording
    .then(async () => {
      const record = await import("../services/roll-record.ts");
      record.onCreateRollMessage(message);
      await record.recordWritten();
    })
    .catch((error: unknown) => {
      console.error("Rolling Bones | the session's roll record could not be loaded", error);
    });
}

/** Resolves once the roll record's pending writes from this hook are done (tests, the Quench batch). */
export function rollRecordWritten(): Promise<void> {
  return recording;
}
