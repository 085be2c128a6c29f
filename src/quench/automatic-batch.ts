/**
 * The automatic-success batch for the Quench module (run by a GM in a real world): the request a
 * player sends and the GM's answer, against real chat messages, whispers, flags and templates. One
 * GM plays both parts: the request is sent exactly as a player's client sends it (`askAutomatic`),
 * the answer is given by pressing the card's own buttons. The world setting is put back and every
 * message it posted is deleted afterwards:
 * - the request card is whispered to the GMs and the asker, with Approve and Refuse for the GM;
 * - Approve pressed twice posts one automatic success, and the card says it was approved;
 * - Refuse posts nothing.
 */
import { partOf } from "../data/card/parts.ts";
import { SYSTEM_ID } from "../constants.ts";
import { addAutomaticControls, automaticDecorated } from "../applications/chat/automatic-controls.ts";
import { listenForCardControls } from "../applications/chat/card-actions.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { AUTOMATIC_FLAG, askAutomatic, type AutomaticRecord } from "../services/automatic/index.ts";
import { prepareRoll } from "../services/roll.ts";
import type { Assert, QuenchApi, QuenchContext } from "./batch.ts";

function recordOf(message: ChatMessage.Implementation | undefined): AutomaticRecord | undefined {
  // A system flag; the v13 types know no system flag keys.
  const value: unknown = partOf(message, AUTOMATIC_FLAG);
  return value as AutomaticRecord | undefined;
}

/** Waits (at most two seconds) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Sends a request for an automatic success (6 dice against difficulty 4), as a player's client does. */
async function ask(): Promise<ChatMessage.Implementation | null> {
  const prepared = prepareRoll(
    "pool",
    { pool: 6, difficulty: 4, automatic: true },
    { visibility: "gm", flavor: "Quench", speaker: { scene: null, actor: null, token: null, alias: "Quench" } },
  );
  return prepared ? askAutomatic(prepared) : null;
}

/** Presses one of the GM's answer buttons on the card, as the chat log shows it. */
async function press(card: ChatMessage.Implementation, action: string, times: number): Promise<boolean> {
  const html = await card.renderHTML();
  listenForCardControls(html);
  // The chat hook adds the buttons (doing it again here changes nothing); wait until they are in place.
  void addAutomaticControls(card, html);
  await automaticDecorated(html);
  const button = html.querySelector<HTMLButtonElement>(`[data-rb-action="${action}"]`);
  if (!button) return false;
  for (let i = 0; i < times; i++) button.click();
  return true;
}

/**
 * The scenario, for a GM: a request approved with a double click (one success posted, the card
 * approved), then a request refused (nothing posted). Returns the messages it posted.
 */
export async function runAutomaticScenario(assert: Assert): Promise<ChatMessage.Implementation[]> {
  const posted: ChatMessage.Implementation[] = [];
  const before = new Set(game.messages.contents.map((m) => m.id));
  const fresh = () => game.messages.contents.filter((m) => !before.has(m.id));
  const rolls = () => fresh().filter((m) => m.rolls.length > 0);

  const card = await ask();
  assert.isTrue(card !== null, "the request card was posted");
  if (!card) return fresh();
  const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
  assert.deepEqual(
    [...card.whisper].sort(),
    [...new Set([game.user.id, ...gms])].sort(),
    "whispered to the GMs and the asker",
  );
  assert.equal(rolls().length, 0, "nothing is rolled before the GM answers");
  assert.isTrue(await press(card, "automaticApprove", 2), "the GM sees Approve");
  await until(() => recordOf(game.messages.get(card.id ?? ""))?.state === "approved");
  await until(() => rolls().length > 0);
  assert.equal(recordOf(game.messages.get(card.id ?? ""))?.state, "approved", "the card is approved");
  assert.equal(rolls().length, 1, "one automatic success, even on a double click");
  const outcome = (rolls()[0]?.rolls[0]?.options as { outcome?: { automatic?: boolean; net?: number } } | undefined)
    ?.outcome;
  assert.deepEqual([outcome?.automatic, outcome?.net], [true, 1], "an automatic success: one success, no dice");

  const refused = await ask();
  assert.isTrue(refused !== null, "the second request card was posted");
  if (refused) {
    assert.isTrue(await press(refused, "automaticRefuse", 1), "the GM sees Refuse");
    await until(() => recordOf(game.messages.get(refused.id ?? ""))?.state === "refused");
    assert.equal(recordOf(game.messages.get(refused.id ?? ""))?.state, "refused", "the card is refused");
    assert.equal(rolls().length, 1, "a refusal posts nothing");
  }
  posted.push(...fresh());
  return posted;
}

/** Registers the automatic-success batch (run it as the GM). */
export function registerAutomaticBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.automatic`,
    (context: QuenchContext) => {
      const messages: ChatMessage.Implementation[] = [];
      let rule: "ask" | "free" = "ask";
      context.before(async () => {
        rule = game.settings.get(SYSTEM_ID, SETTING_KEYS.poolAutomatic);
        await game.settings.set(SYSTEM_ID, SETTING_KEYS.poolAutomatic, "ask");
      });
      context.after(async () => {
        for (const message of messages) await message.delete();
        await game.settings.set(SYSTEM_ID, SETTING_KEYS.poolAutomatic, rule);
      });
      context.describe("Rolling Bones automatic successes: asked of the GM, approved or refused (as the GM)", () => {
        context.it("posts the request, approves it once from the card, and refuses another", async () => {
          context.assert.isTrue(game.user.isGM, "run this batch as the GM");
          messages.push(...(await runAutomaticScenario(context.assert)));
        });
      });
    },
    { displayName: "Rolling Bones: automatic successes" },
  );
}
