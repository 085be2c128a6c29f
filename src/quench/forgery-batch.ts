/**
 * "Nothing forged", the in-world check of issue 41's faults 1 and 3, for the Quench module (run by a
 * GM in a real world): a card's damage ledger lives in the card's flags, which its author may write,
 * so an Undo restores only what the target's own log recorded. The batch writes the card's flags as
 * an author could (a made-up line, a real line with its figures rewritten) and presses Undo: the
 * made-up line is refused and nothing changes; the rewritten one restores what was really taken. A
 * damage application repeated under one id is applied once. It creates its actors and messages and
 * deletes them afterwards.
 */
import { partOf } from "../data/card/parts.ts";
import { SYSTEM_ID } from "../constants.ts";
import { undoOnCard } from "../services/harm/requests.ts";
import { HARM_ACTIONS } from "../services/harm/names.ts";
import { forgetGmActions, requestGmAction } from "../services/gm-action.ts";
import { LEDGER_FLAG, readLedger } from "../services/harm/ledger.ts";
import { rollWithPoints } from "../services/points/requests.ts";
import { withFaces, type FaceMapping } from "./faces.ts";
import { registerPostingBatch, type Assert, type QuenchApi } from "./batch.ts";
import { health } from "./fight-batch.ts";

/** The card's ledger as stored. */
function ledger(message: ChatMessage.Implementation) {
  return readLedger(partOf(message, LEDGER_FLAG));
}

/**
 * The forgery scenario: a damage card of 3 on the victim (health 10); a made-up line undone (refused,
 * health kept), the real application's line rewritten ("10 → 20") and undone (health back to 10, not 0).
 *
 * @returns The messages posted.
 */
export async function runForgeryScenario(
  roller: Actor.Implementation,
  victim: Actor.Implementation,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const d10 = (face: number): [number, number] => [face, 10];
  const card = await withFaces([7, 8, 9].map(d10), mapping, () =>
    rollWithPoints(
      "pool",
      { pool: 3, difficulty: 6, damage: true },
      {
        actor: roller,
        visibility: "public",
        rollOptions: { damage: { actor: roller.name, weapon: "Quench club", rolled: "3d10" } },
      },
    ),
  );
  assert.isTrue(card !== null, "the damage card was posted");
  if (!card) return [];
  const start = health(victim);
  // A made-up line, as the card's author could write it: "0 → 10" on the victim.
  const forged = {
    id: "quenchForged0001",
    target: { actor: victim.id },
    name: victim.name,
    multiplier: "full",
    amount: 10,
    before: 0,
    after: 10,
    max: 10,
    wound: null,
    defeat: null,
    by: game.user.id,
    byName: game.user.name,
    undone: false,
  };
  await card.setFlag(SYSTEM_ID, LEDGER_FLAG as never, { entries: [forged], applied: [forged.id] } as never);
  const refused = await undoOnCard(card, forged.id);
  assert.isTrue(refused === null || refused.entry === null, "the made-up line's Undo is refused");
  assert.equal(health(victim), start, "and the victim's health is as it was");

  await card.setFlag(SYSTEM_ID, LEDGER_FLAG as never, { entries: [], applied: [] } as never);
  // One application, then the same request again under its id (a reload or a handover in between):
  // the victim's own log knows the id, so it is applied once.
  const request = { message: card.id, target: { actor: victim.id ?? "" }, multiplier: "full" };
  const actionId = `quenchApply${(card.id ?? "").slice(0, 5)}`;
  await requestGmAction(HARM_ACTIONS.apply, request, actionId);
  const hurt = health(victim);
  assert.equal(hurt, start - 3, "the card's 3 harm was applied");
  await card.setFlag(SYSTEM_ID, LEDGER_FLAG as never, ledger(card) as never);
  forgetGmActions();
  await requestGmAction(HARM_ACTIONS.apply, request, actionId);
  assert.equal(health(victim), hurt, "the same request again is applied once, whatever the GM's memory");
  const [real] = ledger(card).entries;
  if (real) {
    // Rewritten as "10 → 20": replayed as written, the Undo would take 10 more off.
    await card.setFlag(
      SYSTEM_ID,
      LEDGER_FLAG as never,
      { ...ledger(card), entries: [{ ...real, before: 10, after: 20 }] } as never,
    );
    await undoOnCard(card, real.id);
  }
  assert.equal(health(victim), start, "the Undo restores what the victim's own log recorded, not the rewritten line");
  return [card];
}

/** Registers the forgery batch. */
export function registerForgeryBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "forgery", "Rolling Bones: nothing forged", (batch) => {
    const { context } = batch;
    context.describe("Rolling Bones: nothing forged", () => {
      context.it(
        "an Undo restores only what the target's own log recorded; a press repeated is applied once",
        async () => {
          const roller = await batch.actor("Quench roller", "pool-character", {});
          const victim = await batch.actor("Quench victim", "pool-npc", { health: { value: 10, max: 10 } });
          batch.keep(...(await runForgeryScenario(roller, victim, batch.mapping, batch.assert)));
        },
      );
    });
  });
}
