/**
 * The GM roll-request batch for the Quench module (run by a GM in a real world): the flow the vitest
 * suite drives on the test double, against real actors, chat messages, whispers and templates. It
 * creates its character and deletes it afterwards, with every message it posted:
 * - a hidden DC stays off the card, in a note whispered to the GMs;
 * - the character's roll from the card is gathered on it, judged for the GM only;
 * - a second roll for the same character is refused; the reveal shows the DC to everyone.
 */
import { partOf } from "../data/card/parts.ts";
import { inScratch } from "./batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import { requestDecorated } from "../applications/requests/card.ts";
import { REQUEST_FLAG, type RequestRecord } from "../services/requests/names.ts";
import { postRollRequest, revealRequest } from "../services/requests/requests.ts";
import { rollForRequest } from "../applications/requests/roll.ts";
import { calibrate, throwD4, withFaces, type FaceMapping } from "./faces.ts";
import type { Assert, QuenchApi, QuenchContext } from "./batch.ts";

function recordOf(message: ChatMessage.Implementation): RequestRecord | undefined {
  return partOf(message, REQUEST_FLAG) as RequestRecord | undefined;
}

/** Posts a request with a hidden target; returns its card (or `null`) and the messages posted. */
async function postHidden(
  spec: Record<string, unknown>,
  assert: Assert,
): Promise<{ card: ChatMessage.Implementation | null; posted: ChatMessage.Implementation[] }> {
  const card = await postRollRequest({ ...spec, hidden: true });
  assert.isTrue(card !== null, "the request was posted");
  if (!card) return { card, posted: [] };
  const note = game.messages.get(recordOf(card)?.secretId ?? "");
  return { card, posted: note ? [card, note] : [card] };
}

/**
 * The scenario, for a GM: a hidden-DC request for `actor` (an action character with Reflex +2),
 * its roll from the card (a natural 8), the verdict on the GM's card, a refused second roll and the
 * reveal. Returns the messages it posted. The vitest suite runs it on the Foundry double too.
 */
export async function runRequestScenario(
  actor: Actor.Implementation,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  // A Shift-click: the roll is made at once, without the dialog.
  const shift = new MouseEvent("click", { shiftKey: true });
  assert.isTrue(game.user.isGM, "run this batch as the GM");
  const id = actor.id ?? "";
  const { card, posted } = await postHidden(
    { engine: "action", label: "Quench", trait: { kind: "save", key: "reflex" }, target: 15, actors: [id] },
    assert,
  );
  if (!card) return posted;
  const record = recordOf(card);
  assert.equal(record?.spec.target, null, "no DC on the card");
  const note = game.messages.get(record?.secretId ?? "");
  assert.deepEqual(
    note?.whisper,
    game.users.filter((u) => u.isGM).map((u) => u.id),
    "the note goes to the GMs",
  );

  const rolled = await withFaces([[8, 20]], mapping, () => rollForRequest(card.id ?? "", id, shift));
  assert.isTrue(rolled !== null, "the roll was posted");
  if (rolled) posted.push(rolled);
  assert.equal(recordOf(card)?.answers[id]?.messageId, rolled?.id, "the card gathered the roll");
  const html = await card.renderHTML();
  await requestDecorated(html);
  assert.equal(
    html.querySelector(`[data-actor="${id}"] [data-verdict]`)?.getAttribute("data-verdict"),
    "failure",
    "8 + 2 fails DC 15",
  );

  assert.equal(await rollForRequest(card.id ?? "", id, shift), null, "a second roll is refused");
  assert.isTrue(await revealRequest(card.id ?? ""), "the GM reveals the DC");
  assert.equal(recordOf(card)?.revealed, 15, "the DC is on the card");
  return posted;
}

/**
 * The scenario of a hidden dice-pool difficulty, for a GM: a request at hidden difficulty 8 for
 * `actor` (a dice-pool character with Dexterity 3), its roll from the card (faces 8, 7, 1), a card
 * with faces but no result, the GM's reading at 8 (a 1 cancels the one success: a failure), and the
 * reveal, which reads the roll at 8. Returns the messages it posted.
 */
export async function runHiddenPoolScenario(
  actor: Actor.Implementation,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const shift = new MouseEvent("click", { shiftKey: true });
  const id = actor.id ?? "";
  const { card, posted } = await postHidden(
    { engine: "pool", trait: { kind: "attribute", key: "dexterity" }, target: 8, actors: [id] },
    assert,
  );
  if (!card) return posted;
  const rolled = await withFaces(
    [
      [8, 10],
      [7, 10],
      [1, 10],
    ],
    mapping,
    () => rollForRequest(card.id ?? "", id, shift),
  );
  assert.isTrue(rolled !== null, "the roll was posted");
  if (!rolled) return posted;
  posted.push(rolled);
  const before = await rolled.renderHTML();
  assert.isTrue(
    before.querySelector('[data-note="difficulty-hidden"]') !== null,
    "the card says the difficulty is hidden",
  );
  assert.equal(before.querySelector("[data-result]"), null, "the card shows no result");
  const html = await card.renderHTML();
  await requestDecorated(html);
  assert.equal(
    html.querySelector(`[data-actor="${id}"] [data-verdict]`)?.getAttribute("data-verdict"),
    "failure",
    "read at 8: the 1 cancels the 8",
  );
  assert.isTrue(await revealRequest(card.id ?? ""), "the GM reveals the difficulty");
  const after = game.messages.get(rolled.id ?? "")?.rolls[0] as
    { options?: { request?: { difficulty?: number } } } | undefined;
  assert.equal(after?.options?.request?.difficulty, 8, "the roll is read at 8");
  return posted;
}

/** Registers the roll-request batch (run it as the GM). */
export function registerRequestsBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.requests`,
    (context: QuenchContext) => {
      let mapping: FaceMapping;
      let actor: Actor.Implementation | null = null;
      let poolActor: Actor.Implementation | null = null;
      const messages: ChatMessage.Implementation[] = [];
      context.before(async () => {
        mapping = await calibrate(throwD4);
        // The v13 types do not take a system type's name as a literal here; the data is what Foundry reads.
        const data = {
          name: "Quench request",
          type: "action-character",
          system: { level: 3, saves: { reflex: { mod: 2 } } },
        } as unknown as Actor.CreateData;
        actor = (await Actor.implementation.create(inScratch(data))) ?? null;
        const poolData = {
          name: "Quench request pool",
          type: "pool-character",
          system: { attributes: { dexterity: { rating: 3 } } },
        } as unknown as Actor.CreateData;
        poolActor = (await Actor.implementation.create(inScratch(poolData))) ?? null;
      });
      context.after(async () => {
        for (const message of messages) await message.delete();
        await actor?.delete();
        await poolActor?.delete();
      });
      context.describe("Rolling Bones roll requests: a hidden DC, a roll from the card, the reveal (as the GM)", () => {
        context.it("gathers the roll, judges it for the GM, refuses a second roll and reveals the DC", async () => {
          context.assert.isTrue(actor !== null, "the character was created");
          if (actor) messages.push(...(await runRequestScenario(actor, mapping, context.assert)));
        });
        context.it(
          "keeps a pool difficulty hidden: faces only, read by the GM, read on the cards at the reveal",
          async () => {
            context.assert.isTrue(poolActor !== null, "the character was created");
            if (poolActor) messages.push(...(await runHiddenPoolScenario(poolActor, mapping, context.assert)));
          },
        );
      });
    },
    { displayName: "Rolling Bones: roll requests" },
  );
}
