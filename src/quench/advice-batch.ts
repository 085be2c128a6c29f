/**
 * The odds advice batch for the Quench module (issue 26), run by a GM in a real world: the scenarios
 * the vitest suite drives on the test double, against real dice, chat messages, settings and
 * templates. It deletes every message it posts and leaves the settings as it found them.
 * - a posted roll stores its exact rarity and its card says it in words (a natural 20: 1 in 20);
 * - the open action card's advisor renders from the real template with the engine's figures, and
 *   with the DC unknown it shows no chance at all;
 * - the difficulty dial of the roll-request composer renders with each character's exact chance;
 * - the dice report opens from the session's record;
 * - the readings the double takes for manual dice: the core Configure Dice setting and the
 *   `MANUAL_ROLLS` permission are read as the double emulates them.
 */
import { SYSTEM_ID } from "../constants.ts";
import { actionAdvice, rarityOfOutcome } from "../engines/advice.ts";
import type { ActionOutcome } from "../engines/action/core.ts";
import type { EngineRoll } from "../dice/index.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { renderSystemTemplate } from "../helpers/templates.ts";
import { manualDieSizes } from "../helpers/manual-dice.ts";
import { actionAdviceHtml } from "../applications/chat/card-advice.ts";
import { dialView } from "../applications/requests/dial-view.ts";
import { openDiceReport, REPORT_ID } from "../applications/report/open.ts";
import { rollToChat } from "../services/roll.ts";
import { withFaces, type FaceMapping } from "./faces.ts";
import { registerPostingBatch, type Assert, type QuenchApi } from "./batch.ts";

/** Markup rendered from the system's templates (a card, an advisor, the report) as an element. */
function element(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  return holder;
}

/**
 * A natural 20 on an action check posts its rarity (1 in 20 rolls is this good) and its card says
 * it; with the world setting off, the card says nothing of it. Returns the messages posted.
 */
export async function runRarityScenario(mapping: FaceMapping, assert: Assert): Promise<ChatMessage.Implementation[]> {
  const message = await withFaces([[20, 20]], mapping, () =>
    rollToChat("action", { modifier: 1, dc: 12 }, { visibility: "public", flavor: "Quench rarity" }),
  );
  assert.isTrue(message !== null, "the roll was posted");
  if (!message) return [];
  const roll = message.rolls[0] as EngineRoll<unknown, unknown>;
  const exact = rarityOfOutcome("action", roll.request, roll.outcome);
  assert.deepEqual(
    (roll.options as { rarity?: unknown }).rarity,
    { good: exact.atLeastAsGood, bad: exact.atLeastAsBad, percentile: exact.percentile },
    "the rarity stored with the roll",
  );
  const shown = game.settings.get(SYSTEM_ID, SETTING_KEYS.showRarity);
  try {
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.showRarity, true);
    const card = element(await roll.render());
    assert.equal(card.querySelector<HTMLElement>("[data-rarity]")?.dataset.rarity, "good", "a rare good result");
    assert.equal(
      card.querySelector("[data-rarity]")?.textContent?.trim(),
      game.i18n.format("ROLLING_BONES.Rarity.RareGood", { n: "20", chance: "5%" }),
      "in words",
    );
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.showRarity, false);
    assert.equal(element(await roll.render()).querySelector("[data-rarity]"), null, "hidden by the setting");
  } finally {
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.showRarity, shown);
  }
  return [message];
}

/** The advisor of an open card (d20 7 + 2 against DC 18; a d4 held), rendered by Foundry's templates. */
export async function runAdvisorScenario(mapping: FaceMapping, assert: Assert): Promise<ChatMessage.Implementation[]> {
  const message = await withFaces([[7, 20]], mapping, () =>
    rollToChat("action", { modifier: 2, dc: 18 }, { visibility: "public", flavor: "Quench advisor" }),
  );
  assert.isTrue(message !== null, "the roll was posted");
  if (!message) return [];
  const outcome = (message.rolls[0] as EngineRoll<unknown, ActionOutcome>).outcome as ActionOutcome;
  const held = [{ faces: 4, count: 3 }];
  const expected = actionAdvice.cardAdvice(outcome, held, [0]);
  const shown = element(await actionAdviceHtml(outcome, held, [0]));
  assert.deepEqual(
    [...shown.querySelectorAll<HTMLElement>("[data-step]")].map((li) => [li.dataset.step, Number(li.dataset.p)]),
    expected.steps.map((s) => [s.id, s.chance]),
    "each step's exact chance",
  );
  assert.equal(shown.querySelector<HTMLElement>(".is-best")?.dataset.step, "reroll-0", "the re-roll is the best step");
  // The same card without its DC (as a hidden one leaves it): no chance, no best step.
  const hidden = element(await actionAdviceHtml({ ...outcome, dc: null, success: null, margin: null }, held, [0]));
  assert.equal(hidden.querySelectorAll("[data-p]").length, 0, "no chance without the DC");
  assert.isTrue(hidden.querySelector('[data-advice-note="noDc"]') !== null, "says the DC is not on the card");
  return [message];
}

/** The composer's dial for two characters, rendered by Foundry's template. */
export async function runDialScenario(assert: Assert): Promise<void> {
  const dial = dialView({
    engine: "action",
    trait: { kind: "save", key: "reflex" },
    target: 15,
    characters: [
      { id: "quenchA", name: "A", system: { saves: { reflex: { mod: 5 } } } },
      { id: "quenchB", name: "B", system: { saves: { reflex: { mod: 2 } } } },
    ],
    wanted: "60",
    who: "atLeastOne",
    lang: game.i18n.lang,
  });
  const html = element(
    await renderSystemTemplate("systems/rolling-bones/templates/requests/partials/dial.hbs", {
      dial,
      idPrefix: "quench",
    }),
  );
  assert.deepEqual(
    [...html.querySelectorAll<HTMLElement>("[data-dial-actor]")].map((li) => Number(li.dataset.p)),
    [
      actionAdvice.chanceAt({ kind: "save", modifier: 5 }, 15),
      actionAdvice.chanceAt({ kind: "save", modifier: 2 }, 15),
    ],
    "each character's exact chance",
  );
  assert.equal(
    html.querySelector<HTMLElement>("[data-dial-solved]")?.dataset.dialSolved,
    dial.solved?.text,
    "the target solved for",
  );
}

/** The dice report opens (GM only) and draws this session's part. */
export async function runReportScenario(assert: Assert): Promise<void> {
  await openDiceReport();
  const report = foundry.applications.instances.get(REPORT_ID);
  assert.isTrue(report !== undefined, "the report opened");
  assert.isTrue(report?.element.querySelector("[data-session]") !== null, "this session's part is drawn");
  await report?.close();
}

/** The readings the double takes for manual dice, checked: the setting and the permission read as emulated. */
export function runManualReadingScenario(assert: Assert): void {
  const settings = game.settings as unknown as { get(namespace: string, key: string): unknown };
  const config = settings.get("core", "diceConfiguration");
  assert.isTrue(typeof config === "object" && config !== null, "core.diceConfiguration is an object by denomination");
  const manual = (config as Record<string, unknown>).d20 === "manual" && game.user.hasPermission("MANUAL_ROLLS");
  assert.deepEqual(manualDieSizes([20]), manual ? [20] : [], "a d20 is read as entered by hand exactly when set so");
}

/** Registers the batch `rolling-bones.advice`. */
export function registerAdviceBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "advice", "Rolling Bones: odds advice", (batch) => {
    const { context, assert, keep } = batch;
    context.describe("Rolling Bones odds advice: rarity, the card's advisor, the dial, the dice report", () => {
      context.it("a natural 20 stores 1 in 20 and its card says so, unless the setting hides it", async () => {
        keep(...(await runRarityScenario(batch.mapping, assert)));
      });
      context.it("an open card's advisor shows each step's exact chance, and none without the DC", async () => {
        keep(...(await runAdvisorScenario(batch.mapping, assert)));
      });
      context.it("the composer's dial shows each character's exact chance and the target solved for", async () => {
        await runDialScenario(assert);
      });
      context.it("the dice report opens for the GM", async () => {
        await runReportScenario(assert);
      });
      context.it("dice entered by hand are read from the Configure Dice setting and the permission", () => {
        runManualReadingScenario(assert);
      });
    });
  });
}
