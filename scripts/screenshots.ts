/**
 * Writes the README's screenshots from the lab page (`npm run screenshots`, which builds the system
 * first): one chat card per engine from the card states gallery, a character sheet with the
 * roll dialog its roll button opens, the dialogs of the percentile and Wild Die characters with
 * their points, a GM roll request as the GM and a player see it, and the cards with the controls
 * one viewer sees (a pick and a re-pick, an assist offered and waiting, the GM's Undo and Refund, the
 * re-roll of a used action die, the GM's Declare success / Declare failure on a secret DC),
 * the odds advice (issue 26): a dialog's "what each choice buys", an open action card's advisor,
 * and the GM's difficulty dial in the roll-request form; and play with equipment and harm: a
 * character's sheet with its equipment and a condition applied, an NPC's sheet, attack cards
 * against their targets, and a damage card's panel as the GM applies damage and after an Undo; and a
 * fight played in the lab's fight section.
 * Each image is about 600 px wide; they go to `docs/screenshots/`.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { launch } from "../test/support/browser.ts";
import { ROOT } from "../test/support/i18n.ts";
import { startLab } from "../test/support/lab.ts";

/** Where the images go. */
const OUT = path.join(ROOT, "docs/screenshots");

/** The card state shown for each engine (ids of the lab's card states gallery). */
const CARDS: Readonly<Record<string, string>> = {
  percentile: "percentileBonus",
  action: "actionClosed",
  wild: "wildExplodes",
  pi: "piHindered",
  pool: "poolWillpower",
};

/** The card-control specimens shown (ids of the lab's Controls on the cards section), by image name. */
const CONTROLS: Readonly<Record<string, string>> = {
  "controls-pi-pick": "piPick",
  "controls-pi-repick": "piRepick",
  "controls-assist": "percentileAssist",
  "controls-assist-pending": "percentileAssistPending",
  "controls-gm-ledger": "actionGmLedger",
  "controls-reroll-action-die": "actionRerollDie",
  "controls-declare": "actionDeclare",
};

/** The characters whose first roll button opens a dialog showing their points, by image name. */
const POINTS_DIALOGS: Readonly<Record<string, { type: string; engine: string }>> = {
  "dialog-percentile-karma": { type: "percentile-character", engine: "percentile" },
  "dialog-wild-points": { type: "wild-character", engine: "wild" },
};

/** The attack cards against targets shown (ids of the lab's card states gallery), by image name. */
const ATTACKS: Readonly<Record<string, string>> = {
  "attack-targets-action": "actionTargetedAttack",
  "attack-targets-pool": "poolTargetedAttack",
};

/** The damage panels shown (ids of the lab's Damage that lands section), by image name. */
const HARM: Readonly<Record<string, string>> = {
  "damage-gm": "harmGm",
  "damage-undone": "harmUndone",
};

/** The sample character (Odile Fenwick) whose sheet shows equipment, and the condition shown applied on it. */
const EQUIPPED = { id: "rbActorPrecImp01", condition: "rb-exhausted" };

/** The sample NPC (the Bandit Lookout) whose sheet is shown. */
const NPC = { id: "rbNpcAction00001" };

/** The sample character whose sheet is shown, and the trait whose roll dialog is shown beside it. */
const SHEET = { type: "pool-character", trait: 'button[data-action="roll"][data-kind="ability"]' };

/** The fight shown: its engine, the seeds of the attack, its damage and the initiative, and the condition given. */
const FIGHT = { engine: "wild", attackSeed: 2, damageSeed: 4, initiativeSeed: 3, condition: "rb-stunned" };

/** A page of the lab at a pixel density that makes an element of `cssWidth` about 600 px wide. */
async function labPage(browser: Browser, url: string, cssWidth: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: Math.round((600 / cssWidth) * 100) / 100,
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto(url);
  await page.waitForSelector("body[data-lab-ready]");
  return page;
}

const lab = await startLab();
const browser = await launch();
try {
  mkdirSync(OUT, { recursive: true });
  const written: string[] = [];
  const cards = await labPage(browser, lab.url, 296);
  for (const [engine, state] of Object.entries(CARDS)) {
    const file = path.join(OUT, `card-${engine}.png`);
    await cards.locator(`.lab-state[data-state="${state}"] .rb-card`).screenshot({ path: file });
    written.push(file);
  }
  const sheets = await labPage(browser, lab.url, 660);
  const actor = sheets.locator("[data-lab-actor]");
  await actor.selectOption(
    (await actor.locator(`option[data-type="${SHEET.type}"]`).first().getAttribute("value")) ?? "",
  );
  const sheetFile = path.join(OUT, "sheet-pool.png");
  await sheets.locator("#lab-sheets .lab-window--sheet").screenshot({ path: sheetFile });
  written.push(sheetFile);
  // The dialog a roll button on that sheet opens, titled with the trait.
  const dialogs = await labPage(browser, lab.url, 480);
  const dialogActor = dialogs.locator("[data-lab-actor]");
  await dialogActor.selectOption(
    (await dialogActor.locator(`option[data-type="${SHEET.type}"]`).first().getAttribute("value")) ?? "",
  );
  await dialogs.locator(`#lab-sheets ${SHEET.trait}`).first().click();
  await dialogs.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const dialogFile = path.join(OUT, "dialog-pool.png");
  await dialogs.locator("#lab-engine-pool .lab-window--dialog").screenshot({ path: dialogFile });
  written.push(dialogFile);
  // A roll request with a hidden DC: the GM's card and a player's, side by side in the README.
  const requests = await labPage(browser, lab.url, 276);
  for (const [id, name] of [
    ["requestGm", "request-gm"],
    ["requestPlayer", "request-player"],
  ] as const) {
    const file = path.join(OUT, `${name}.png`);
    await requests.locator(`[data-request-specimen="${id}"] .rb-card`).screenshot({ path: file });
    written.push(file);
  }
  // The dialogs a percentile and a Wild Die character's first roll button open, with their points.
  for (const [name, { type, engine }] of Object.entries(POINTS_DIALOGS)) {
    const actor = dialogs.locator("[data-lab-actor]");
    await actor.selectOption((await actor.locator(`option[data-type="${type}"]`).first().getAttribute("value")) ?? "");
    await dialogs.locator('#lab-sheets [data-action="roll"]').first().click();
    await dialogs.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const file = path.join(OUT, `${name}.png`);
    await dialogs.locator(`#lab-engine-${engine} .lab-window--dialog`).screenshot({ path: file });
    written.push(file);
  }
  // Cards with the controls one viewer sees.
  for (const [name, id] of Object.entries(CONTROLS)) {
    const file = path.join(OUT, `${name}.png`);
    await cards.locator(`[data-control-specimen="${id}"] .rb-card`).screenshot({ path: file });
    written.push(file);
  }
  // What each choice buys: the odds part of the percentile dialog (karma, bonus and penalty dice).
  const advice = await labPage(browser, lab.url, 480);
  const choicesFile = path.join(OUT, "advice-dialog.png");
  await advice.locator("#lab-engine-percentile .rb-choices").screenshot({ path: choicesFile });
  written.push(choicesFile);
  // An open action card's advisor: the first seed whose d20 leaves the check short of its DC.
  const action = advice.locator("#lab-engine-action");
  for (let seed = 1; seed < 200; seed += 1) {
    await action.locator("[data-lab-seed]").fill(String(seed));
    await action.locator('form[data-lab-dialog] button[type="submit"]').first().click();
    const faces = (await action.locator("[data-lab-faces]").textContent()) ?? "";
    const d20 = Number(/d20: (\d+)/.exec(faces)?.[1]);
    if (d20 >= 6 && d20 <= 10) break;
  }
  await action.locator("details[data-rb-advice] > summary").click();
  await advice.waitForSelector("#lab-engine-action details[data-rb-advice][data-ready]");
  await advice.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const advisorFile = path.join(OUT, "advice-card.png");
  await action.locator('[data-lab-view="full"] .rb-card').screenshot({ path: advisorFile });
  written.push(advisorFile);
  // A character's sheet with its equipment and a condition applied, and an NPC's sheet.
  const play = await labPage(browser, lab.url, 660);
  const playActor = play.locator("[data-lab-actor]");
  await playActor.selectOption(EQUIPPED.id);
  // The sample carries the condition; apply it only if a change to the lab left it off.
  const toggle = play.locator(`#lab-sheets [data-action="toggleCondition"][data-status="${EQUIPPED.condition}"]`);
  if ((await toggle.innerText()).includes("Apply")) await toggle.click();
  await play.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const equippedFile = path.join(OUT, "sheet-pi-equipment.png");
  await play.locator("#lab-sheets .lab-window--sheet").screenshot({ path: equippedFile });
  written.push(equippedFile);
  await playActor.selectOption(NPC.id);
  const npcFile = path.join(OUT, "sheet-npc.png");
  await play.locator("#lab-sheets .lab-window--sheet").screenshot({ path: npcFile });
  written.push(npcFile);
  // Attacks against targets, and a damage card's panel as the GM applies it and after an Undo.
  for (const [name, state] of Object.entries(ATTACKS)) {
    const file = path.join(OUT, `${name}.png`);
    await cards.locator(`.lab-state[data-state="${state}"] .rb-card`).screenshot({ path: file });
    written.push(file);
  }
  for (const [name, id] of Object.entries(HARM)) {
    const file = path.join(OUT, `${name}.png`);
    await cards.locator(`[data-harm-specimen="${id}"] .rb-card`).screenshot({ path: file });
    written.push(file);
  }
  // A fight played in the lab (Wild Die): the attack's card with its verdict, the damage applied from
  // the damage card's panel, and the combat with a timed condition on the token and the sheet.
  const fight = await labPage(browser, lab.url, 1000);
  const section = fight.locator("#lab-fight");
  await section.locator("[data-fight-engine]").selectOption(FIGHT.engine);
  await section.locator('[data-fight="new"]').click();
  await section.locator("[data-fight-seed]").fill(String(FIGHT.attackSeed));
  await section.locator('[data-fight="attack"]').click();
  await section.locator("[data-fight-seed]").fill(String(FIGHT.damageSeed));
  await section.locator('[data-fight-card] [data-rb-action="rollDamage"]').click();
  await section.locator('[data-fight-card] [data-rb-action="harmApply"][data-multiplier="half"]').last().click();
  await section.locator("[data-fight-seed]").fill(String(FIGHT.initiativeSeed));
  await section.locator('[data-fight="beginCombat"]').click();
  const bearer = section.locator(".lab-fight__fighter").last();
  await bearer.locator("summary").click();
  await bearer.locator('[data-duration="units"]').selectOption("rounds");
  await bearer.locator('[data-duration="value"]').fill("2");
  await bearer.locator(`[data-action="toggleCondition"][data-status="${FIGHT.condition}"]`).click();
  await fight.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const fightFile = path.join(OUT, "fight-wild.png");
  await section.locator(".lab-fight").screenshot({ path: fightFile });
  written.push(fightFile);
  // The GM's difficulty dial in the roll-request form.
  const dialFile = path.join(OUT, "advice-dial.png");
  await advice.locator("#lab-requests .rb-dial").screenshot({ path: dialFile });
  written.push(dialFile);
  for (const file of written) console.info(path.relative(ROOT, file));
} finally {
  await browser.close();
  await lab.close();
}
