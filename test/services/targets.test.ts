// @vitest-environment happy-dom
/**
 * Attacks that know their targets, on the test world (vitest.world.config.ts runs this file in the v13
 * and v14 worlds; issue 24 item 3): a player targets two NPCs and attacks; the card names both and
 * the active GM judges each against its defence figure; a target of another engine is named without
 * a verdict; with the world hiding NPC figures a player sees only the verdicts, and the figures reach
 * neither that player's page nor the message data their client holds; with the figures shown, one
 * target fills the dialog and the card names the figure; the damage card keeps the targets.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { format, localize } from "../support/i18n.ts";
import type { FormValues } from "../../src/applications/dialogs/form-values.ts";
import { ALICE, BOB, d10s, GM, messageAs, VEX, type World } from "./points-world.ts";
import { bootDuel, SWORD } from "./duel-world.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const THUG = "actorThug0000001"; // a dice-pool NPC, difficulty 6 against attacks
const BRUTE = "actorBrute000001"; // a dice-pool NPC, difficulty 8
const RAIDER = "actorRaider00001"; // a Wild Die NPC: another engine

/** The NPCs' linked tokens on the scene every client views (the token layer, test/foundry/tokens.ts). */
const TOKENS = [
  { _id: "tokenThug0000001", name: "Thug <b>", actorId: THUG, actorLink: true },
  { _id: "tokenBrute000001", name: "Brute", actorId: BRUTE, actorLink: true },
  { _id: "tokenRaider00001", name: "Raider", actorId: RAIDER, actorLink: true },
] as const;
const TARGETS = TOKENS.map((t) => t._id);

/** Alice targets these tokens on her canvas, as clicking them with the targeting tool does. */
async function setTargets(userId: string, tokenIds: readonly string[]): Promise<void> {
  w.double.target(userId, tokenIds);
  await w.double.settle();
}

/** Three NPCs of the GM. */
function npcs() {
  const npc = (id: string, name: string, type: string, defence: number) => ({
    id,
    name,
    type,
    system: { defence },
    ownership: { default: 0 },
  });
  return [
    npc(THUG, "Thug <b>", "pool-npc", 6),
    npc(BRUTE, "Brute", "pool-npc", 8),
    npc(RAIDER, "Raider", "wild-npc", 12),
  ];
}

let w: World;
afterEach(() => w.double.uninstall());

/** Boots the world with the system's hooks that judge targets and draw a card's controls. */
async function boot(): Promise<void> {
  w = await bootDuel(npcs(), ["createChatMessage", "updateChatMessage", "damageControl", "targetFigures"], {
    scenes: [{ id: "sceneTargets0001", name: "Ambush", tokens: TOKENS.map((t) => ({ ...t })) }],
  });
}

/** Sets the world setting that shows NPC figures to players (the GM's Configure Settings). */
async function showNpcDefences(shown: boolean): Promise<void> {
  await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "showNpcDefences", shown));
  await w.double.settle();
}

/**
 * Alice attacks with Vex's sword through the roll dialog, the form changed by `change`: what the
 * weapon row opens (its dialog settings read her targets) and its Roll.
 */
async function attack(change: (values: FormValues) => FormValues = (v) => v) {
  const { asCharacter } = await import("../../src/data/actor/pure.ts");
  const { requestForTrait } = await import("../../src/data/actor/trait-rolls.ts");
  const { dialogAttack, equipmentOf, traitRollOptions } = await import("../../src/applications/sheets/roll-trait.ts");
  const dialogs = await import("../../src/applications/dialogs/index.ts");
  const before = w.double.game.messages.size;
  const seen = await w.double.actAs(ALICE, async () => {
    const actor = w.double.game.actors.get(VEX) as unknown as Actor.Implementation;
    const character = asCharacter(actor.type, actor.system)!;
    const trait = { kind: "weapon", key: SWORD };
    const roll = requestForTrait(character.type, character.system as never, trait, equipmentOf(actor));
    const options = { actor, attack: dialogAttack(actor, roll.engine, roll.attack!), initial: roll.request };
    const settings = dialogs.dialogSettingsFor(options);
    const dialog = dialogs.DIALOG_ENGINES[roll.engine];
    const values = change(dialog.requestToForm(dialogs.startingRequest(roll.engine, options, settings), settings));
    const context = dialogs.buildDialogContext({
      engine: roll.engine,
      values,
      settings,
      lang: "en",
      idPrefix: "t",
      visibility: "public",
      localizeError: (e) => e.key,
    });
    const evaluation = dialogs.evaluateForm(dialog, values, settings, "en");
    if (!evaluation.ok) throw new Error(evaluation.errors[0]?.error.key);
    await dialogs.postDialogRoll(roll.engine, evaluation, {
      actor,
      title: "Sword",
      settings,
      values,
      visibility: "public",
      rollOptions: traitRollOptions(actor, trait, roll.engine, roll.damage),
    });
    return { values, targets: context.targets };
  });
  await w.double.settle();
  const message = w.double.game.messages.size > before ? w.double.game.messages.contents.at(-1)! : null;
  return { message, ...seen };
}

/** The targets a user's client draws on a card: name, verdict and any figure, as text. */
async function targetsAs(messageId: string, userId: string) {
  const html = await messageAs(w, messageId, userId).renderHTML();
  return [...html.querySelectorAll<HTMLElement>("[data-target]")].map((li) => ({
    name: li.querySelector("[data-target-name]")?.textContent,
    verdict: li.dataset.verdict,
    defence: li.querySelector("[data-defence]")?.getAttribute("data-defence") ?? null,
    text: li.textContent?.replace(/\s+/g, " ").trim(),
  }));
}

describe("an attack on two targeted NPCs", () => {
  it("names every target; the GM judges each against its defence, another engine's gets no verdict", async () => {
    await boot();
    await setTargets(ALICE, TARGETS);
    // Five dice at the sword's 6: 6, 7 and 8 succeed, the 1 cancels one: 2 net successes. At the
    // Brute's 8 only the 8 succeeds, and the 1 cancels it.
    d10s(w, 6, 7, 8, 1, 2);
    const { message, targets } = await attack();
    expect(targets.lines.map((l) => l.note)).toEqual(["hidden", "hidden", "otherEngine"]);
    expect(message).not.toBeNull();
    for (const user of [ALICE, BOB, GM]) {
      const seen = await targetsAs(message!.id!, user);
      expect(seen.map(({ name, verdict }) => ({ name, verdict }))).toEqual([
        { name: "Thug <b>", verdict: "hit" },
        { name: "Brute", verdict: "miss" },
        { name: "Raider", verdict: "none" },
      ]);
    }
    expect((await targetsAs(message!.id!, ALICE))[2]?.text).toBe(
      `Raider: ${localize("ROLLING_BONES.Target.Verdict.none")}`,
    );
  });

  it("shows a player only the verdicts where NPC figures are hidden: not in the page, not in the message data", async () => {
    await boot();
    await setTargets(ALICE, TARGETS.slice(0, 2));
    d10s(w, 6, 7, 8, 1, 2);
    const { message, values } = await attack();
    // The dialog kept the weapon's difficulty: the target's was not hers to read.
    expect(values.difficulty).toBe("6");
    for (const user of [ALICE, BOB]) {
      const seen = await targetsAs(message!.id!, user);
      expect(seen.map((t) => t.defence)).toEqual([null, null]);
      expect(seen.map((t) => t.text).join(" ")).not.toMatch(/\b8\b/);
      const data = w.double.actAs(user, () => JSON.stringify(w.double.game.messages.get(message!.id!)!.toObject()));
      expect(data).not.toContain('"defence"');
    }
    expect(JSON.stringify(w.double.storedMessages())).not.toContain('"defence"');
    // The GM sees every figure, on the GM's own page only.
    const gm = await targetsAs(message!.id!, GM);
    expect(gm.map((t) => t.defence)).toEqual(["6", "8"]);
  });

  it("with NPC figures shown, one target fills the dialog's difficulty and the card names its figure", async () => {
    await boot();
    await showNpcDefences(true);
    await setTargets(ALICE, [TARGETS[1]!]);
    // At the Brute's 8: 8, 9 and 10 succeed, no 1: a hit.
    d10s(w, 8, 9, 10, 2, 3);
    const { message, values, targets } = await attack();
    expect(values.difficulty).toBe("8");
    expect(targets.filled).toBe(true);
    const outcome = (message!.rolls[0]!.options as { outcome: { difficulty: number; net: number } }).outcome;
    expect(outcome).toMatchObject({ difficulty: 8, net: 3 });
    const seen = await targetsAs(message!.id!, ALICE);
    expect(seen).toEqual([
      {
        name: "Brute",
        verdict: "hit",
        defence: "8",
        text: `Brute (${format("ROLLING_BONES.Target.Figure.pool", { value: "8" })}): ${localize("ROLLING_BONES.Target.Verdict.hit")}`,
      },
    ]);
  });

  it("offers damage after a hit on any target, and the damage card keeps the targets and their verdicts", async () => {
    await boot();
    await setTargets(ALICE, TARGETS.slice(0, 2));
    d10s(w, 6, 7, 8, 1, 2);
    const { message } = await attack();
    const html = await messageAs(w, message!.id!, ALICE).renderHTML();
    const button = html.querySelector<HTMLButtonElement>("button[data-rb-action=rollDamage]");
    expect(button).not.toBeNull();
    const { listenForCardControls } = await import("../../src/applications/chat/card-actions.ts");
    listenForCardControls(html);
    html.dataset.messageId = message!.id!;
    const before = w.double.game.messages.size;
    d10s(w, 6, 2, 3, 4, 5);
    await w.double.actAs(ALICE, async () => {
      button!.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true }));
    });
    await vi.waitFor(() => expect(w.double.game.messages.size).toBeGreaterThan(before));
    await w.double.settle();
    const damage = w.double.game.messages.contents.at(-1)!;
    expect((await targetsAs(damage.id!, BOB)).map((t) => t.verdict)).toEqual(["hit", "miss"]);
    expect((damage.rolls[0]!.options as { damage?: unknown }).damage).toBeDefined();
  });
});

describe("a dice-pool attack's damage per target (docs/rules.md §6, issue 35 point 8)", () => {
  it("carries each target's own extra successes: one damage throw, the thug reading all of it, the brute the first of it", async () => {
    await boot();
    await setTargets(ALICE, TARGETS.slice(0, 2));
    // 6, 7, 8, 9, 10: five successes at the thug's 6 (4 extra), three at the brute's 8 (2 extra).
    d10s(w, 6, 7, 8, 9, 10);
    const { message } = await attack();
    const stored = (message!.rolls[0]!.options as { targets: { verdict: string; extra?: number }[] }).targets;
    expect(stored.map((t) => [t.verdict, t.extra])).toEqual([
      ["hit", 4],
      ["hit", 2],
    ]);
    // The damage throws Strength 2 + the sword's 2 + the thug's 4 extra: 8 dice, 1, 1, 1, 1, 6, 6, 6, 6.
    const { rollCardDamage } = await import("../../src/applications/chat/damage-control.ts");
    d10s(w, 1, 1, 1, 1, 6, 6, 6, 6);
    // Shift: the damage dialog rolls at once, as the card's button with Shift does.
    const shift = new MouseEvent("click", { shiftKey: true });
    await w.double.actAs(ALICE, () => rollCardDamage(w.double.game.messages.get(message!.id!)! as never, shift));
    await w.double.settle();
    const damage = w.double.game.messages.contents.at(-1)!;
    expect((damage.rolls[0]!.options as { request: { pool: number } }).request.pool).toBe(8);
    // The thug takes all four successes; the brute, whose attack earned two extra dice fewer, reads the
    // first six dice: two successes.
    const harm = await import("../../src/services/harm/index.ts");
    // Each target as its row's buttons name it: the card's recorded token.
    const refs = harm.recordedTargets((damage.rolls[0]!.options as { targets: unknown }).targets).map((t) => t.ref);
    expect(refs.map((r) => r.actor)).toEqual([THUG, BRUTE]);
    for (const ref of refs) {
      await w.double.actAs(GM, () => harm.applyFromCard(w.double.game.messages.get(damage.id!)! as never, ref, "full"));
      await w.double.settle();
    }
    const health = (id: string) => (w.double.game.actors.get(id)!.system as { health: { value: number } }).health.value;
    expect([health(THUG), health(BRUTE)]).toEqual([6, 8]);
  });
});

describe("the Quench batch rolling-bones.targets", () => {
  it("runs green against the double as the GM, and fails where the verdicts would be wrong", async () => {
    await boot();
    const { runTargetedAttackScenario } = await import("../../src/quench/targets-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const green = recordingAssert();
    const mapping = await calibrate(throwD4);
    const message = await w.double.actAs(GM, () =>
      runTargetedAttackScenario(actor(VEX), "Sword", [actor(THUG), actor(BRUTE)], mapping, green.assert),
    );
    expect(message).not.toBeNull();
    expect(green.failures).toEqual([]);
    // The same scenario with the targets the other way round: the card's verdicts are not what it expects.
    const red = recordingAssert();
    await w.double.actAs(GM, () =>
      runTargetedAttackScenario(actor(VEX), "Sword", [actor(BRUTE), actor(THUG)], mapping, red.assert),
    );
    expect(red.failures).toHaveLength(1);
  });
});
