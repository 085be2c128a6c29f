// @vitest-environment happy-dom
/**
 * Damage that lands, on the test world in v13 and v14 (vitest.world.config.ts): a damage card's
 * panel applies ×½, ×1, ×2 or Heal to a recorded target, through the active GM for what the player
 * does not own and directly for what they do; the card's ledger records each application and its
 * Undo restores the health before and takes off what it added; a wound condition appears at half
 * health and moves the next roll; an NPC at 0 is defeated (its status, its combatant); refused
 * requests (a forged target, a deleted one, bad amounts) change nothing; the GM heals the party by an
 * amount on one chat card with an Undo per line, and no player heals that way.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { localize } from "../support/i18n.ts";
import { errors, errorText, snapshot } from "./points-world.ts";
import {
  ALICE,
  BOB,
  GM,
  GOBLIN,
  OGRE,
  VEX,
  WOLF,
  applyButton,
  bootHarmWorld,
  damageCard,
  healthOf,
  inLog,
  ledgerOf,
  pressIn,
  statusesOf,
  type HarmWorld,
} from "./harm-world.ts";

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

describe("applying a damage card", () => {
  it("a player applies to an NPC through the GM and to her own ally directly; the ledger names each", async () => {
    w = await bootHarmWorld();
    // Vex's axe: 4 + 3 = 7 damage, the attack recorded the goblin and the wolf.
    const id = await damageCard(w, [GOBLIN, WOLF], [4, 3]);
    const { html } = await inLog(w, id, ALICE);
    expect(html.querySelector(".rb-harm__title")?.textContent).toBe(`Apply 7 damage`);
    const rows = [...html.querySelectorAll<HTMLElement>("[data-harm-row]")].map(
      (r) => r.querySelector(".rb-harm__who")?.textContent,
    );
    expect(rows).toEqual(["Goblin", "Wolf", localize("ROLLING_BONES.Harm.Selected")]);

    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN)).toEqual({ value: 3, max: 10 });
    await pressIn(w, id, ALICE, applyButton(WOLF, "half"));
    expect(healthOf(w, WOLF)).toEqual({ value: 3, max: 6 });

    const ledger = ledgerOf(w, id);
    expect(ledger.entries.map((e) => [e.name, e.multiplier, e.amount, e.before, e.after, e.by])).toEqual([
      ["Goblin", "full", 7, 10, 3, ALICE],
      ["Wolf", "half", 3, 6, 3, ALICE],
    ]);
    // Both fell to half of their health or less (but above a quarter): Wounded.
    expect(statusesOf(w, GOBLIN)).toEqual(["rb-wounded"]);
    expect(statusesOf(w, WOLF)).toEqual(["rb-wounded"]);
    // Every client's card shows the ledger, in words.
    const { html: bobs } = await inLog(w, id, BOB);
    const lines = [...bobs.querySelectorAll("[data-harm-entry] .rb-harm__what")].map((l) => l.textContent);
    expect(lines[0]).toBe("Goblin: 7 damage (×1), health 10 → 3, by Alice");
    expect(errors(w)).toEqual([]);
  });

  it("×2 doubles, heal heals (never above the maximum), and the card's amount is the card's, whatever is sent", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    // The card says 4: ×2 takes 8.
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "double"));
    expect(healthOf(w, GOBLIN).value).toBe(2);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "heal"));
    expect(healthOf(w, GOBLIN).value).toBe(6);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "heal"));
    expect(healthOf(w, GOBLIN).value).toBe(10);
    // A request naming its own amount for a card is read with the card's amount (4), never the asker's.
    await w.double.actAs(
      ALICE,
      () =>
        w.double.game.users.get(ALICE) &&
        w.harm.applyFromCard(w.double.game.messages.get(id) as never, { actor: GOBLIN }, "full"),
    );
    await w.double.settle();
    expect(healthOf(w, GOBLIN).value).toBe(6);
  });

  it("Undo restores exactly the health before and takes off the wound and the defeat it added", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [5, 5]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(0);
    expect(statusesOf(w, GOBLIN)).toEqual(["dead", "rb-badly-wounded"]);
    // Alice may undo her own application; Bob is not shown an Undo.
    const { html: bobs } = await inLog(w, id, BOB);
    expect(bobs.querySelector("[data-rb-action=harmUndo]")).toBeNull();
    const entry = ledgerOf(w, id).entries[0]!.id;
    await pressIn(w, id, GM, `[data-rb-action=harmUndo][data-entry="${entry}"]`);
    expect(healthOf(w, GOBLIN)).toEqual({ value: 10, max: 10 });
    expect(statusesOf(w, GOBLIN)).toEqual([]);
    expect(ledgerOf(w, id).entries[0]?.undone).toBe(true);
    const { html } = await inLog(w, id, ALICE);
    expect(html.querySelector("[data-harm-entry].is-undone")?.textContent).toContain(
      localize("ROLLING_BONES.Harm.Undone"),
    );
    expect(html.querySelector("[data-rb-action=harmUndo]")).toBeNull();
  });

  it("a double click and two users pressing the same control at once apply once", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    const { html: alices } = await inLog(w, id, ALICE);
    const { html: gms } = await inLog(w, id, GM);
    const a = alices.querySelector<HTMLButtonElement>(applyButton(GOBLIN, "full"))!;
    const g = gms.querySelector<HTMLButtonElement>(applyButton(GOBLIN, "full"))!;
    await Promise.all([w.double.press(a), w.double.press(a), w.double.press(g)]);
    await vi.waitFor(() => expect(healthOf(w, GOBLIN).value).toBe(6));
    await new Promise((r) => setTimeout(r, 50));
    await w.double.settle();
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(ledgerOf(w, id).entries).toHaveLength(1);
  });

  it("a target the card did not record, the player does not own and does not target is refused; nothing changes", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    const before = snapshot(w);
    await w.double.actAs(ALICE, () =>
      w.harm.applyFromCard(w.double.game.messages.get(id) as never, { actor: OGRE }, "full"),
    );
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmForgedTarget")]);
    expect(snapshot(w)).toBe(before);
  });

  it("a world that lets no player apply to others' tokens refuses the goblin, and still lets Alice hurt her wolf", async () => {
    w = await bootHarmWorld();
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "applyToOthers", "never"));
    const id = await damageCard(w, [GOBLIN, WOLF], [2, 2]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(errors(w)).toEqual([errorText("HarmNotYours", { name: "Goblin" })]);
    expect(healthOf(w, GOBLIN).value).toBe(10);
    await pressIn(w, id, ALICE, applyButton(WOLF, "full"));
    expect(healthOf(w, WOLF).value).toBe(2);
  });

  it("a target deleted meanwhile is refused with one message, and the card's ledger is untouched", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    await inLog(w, id, ALICE);
    await w.double.actAs(GM, () => w.double.game.actors.get(GOBLIN)!.delete());
    await w.double.settle();
    await w.double.actAs(ALICE, () =>
      w.harm.applyFromCard(w.double.game.messages.get(id) as never, { actor: GOBLIN }, "full"),
    );
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmTargetGone")]);
    expect(ledgerOf(w, id).entries).toEqual([]);
  });

  it("a module's preDamageApplied returning false cancels; damageApplied reports what was written", async () => {
    w = await bootHarmWorld();
    const seen: unknown[] = [];
    let veto = true;
    w.double.Hooks.on("rollingBones.preDamageApplied", () => !veto);
    w.double.Hooks.on("rollingBones.damageApplied", (event: { amount: number; before: number; after: number }) =>
      seen.push([event.amount, event.before, event.after]),
    );
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(errors(w)).toEqual([errorText("HarmCancelled")]);
    expect(healthOf(w, GOBLIN).value).toBe(10);
    veto = false;
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(seen).toEqual([[4, 10, 6]]);
  });
});

describe("wounds and defeat", () => {
  it("a wounded pool character's next roll has a die less, and its card names the wound", async () => {
    w = await bootHarmWorld();
    // Vex (health 10) takes 5 from Bob's card: Wounded, one die less on dice-pool rolls.
    const id = await damageCard(w, [VEX], [3, 2], BOB, "actorWil00000001");
    await pressIn(w, id, BOB, applyButton(VEX, "full"));
    expect(healthOf(w, VEX).value).toBe(5);
    expect(statusesOf(w, VEX)).toEqual(["rb-wounded"]);
    w.double.CONFIG.Dice.randomUniform = () => 0.95;
    const rolled = await w.double.actAs(ALICE, () =>
      w.points.rollWithPoints(
        "pool",
        { pool: 4, difficulty: 6 },
        { actor: w.double.game.actors.get(VEX) as never, visibility: "public" },
      ),
    );
    await w.double.settle();
    const roll = w.double.game.messages.get(rolled!.id!)!.rolls[0] as unknown as {
      options: { request: { pool: number } };
    };
    expect(roll.options.request.pool).toBe(3);
    const { html } = await inLog(w, rolled!.id!, ALICE);
    expect(html.querySelector(".rb-card__condition-name")?.textContent).toBe(
      localize("ROLLING_BONES.Condition.rb-wounded.name"),
    );
  });

  it("an NPC at 0 is defeated, its combatant too; healing above 0 lifts both", async () => {
    w = await bootHarmWorld();
    const combat = w.double.createCombat({
      id: "combat0000000001",
      combatants: [
        { id: "combatantGoblin1", actorId: GOBLIN, name: "Goblin", initiative: 12 },
        { id: "combatantVex0001", actorId: VEX, name: "Vex", initiative: 8 },
      ],
    });
    await w.double.actAs(GM, () => combat.startCombat());
    const id = await damageCard(w, [GOBLIN], [5, 5]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(statusesOf(w, GOBLIN)).toContain("dead");
    expect(combat.combatants.get("combatantGoblin1")?.defeated).toBe(true);
    const dead = w.double.game.actors
      .get(GOBLIN)!
      .effects.contents.find((e) => (e as unknown as { statuses: Set<string> }).statuses.has("dead")) as unknown as {
      flags: Record<string, Record<string, unknown>>;
    };
    expect(dead.flags.core?.overlay).toBe(true);
    await pressIn(w, id, GM, applyButton(GOBLIN, "heal"));
    expect(healthOf(w, GOBLIN).value).toBe(10);
    expect(statusesOf(w, GOBLIN)).toEqual([]);
    expect(combat.combatants.get("combatantGoblin1")?.defeated).toBe(false);
  });

  it("a defeat the GM set by hand stays through healing", async () => {
    w = await bootHarmWorld();
    await w.double.actAs(GM, () =>
      (
        w.double.game.actors.get(GOBLIN) as unknown as { toggleStatusEffect(id: string): Promise<unknown> }
      ).toggleStatusEffect("dead"),
    );
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    await pressIn(w, id, GM, applyButton(GOBLIN, "full"));
    await pressIn(w, id, GM, applyButton(GOBLIN, "heal"));
    expect(healthOf(w, GOBLIN).value).toBe(10);
    expect(statusesOf(w, GOBLIN)).toEqual(["dead"]);
  });
});

describe("the API: applyDamage", () => {
  it("applies an amount to targets, recorded on a card of its own with an Undo", async () => {
    w = await bootHarmWorld();
    const results = await w.double.actAs(GM, () => w.harm.applyDamage([GOBLIN, w.double.game.actors.get(OGRE)], 4));
    await w.double.settle();
    expect(results).toHaveLength(2);
    expect([healthOf(w, GOBLIN).value, healthOf(w, OGRE).value]).toEqual([6, 8]);
    const card = results![0]!.messageId;
    expect(ledgerOf(w, card).entries.map((e) => e.name)).toEqual(["Goblin"]);
    const { html } = await inLog(w, card, GM);
    expect(html.querySelector("[data-rb-action=harmUndo]")).not.toBeNull();
  });

  it("bad amounts, multipliers and targets get one message each, and nothing is applied", async () => {
    w = await bootHarmWorld();
    const before = snapshot(w);
    const bad: [unknown, unknown, unknown, string][] = [
      [[GOBLIN], Number.NaN, {}, "HarmAmount"],
      [[GOBLIN], -3, {}, "HarmAmount"],
      [[GOBLIN], 1e9, {}, "HarmAmount"],
      [[GOBLIN], "5", {}, "HarmAmount"],
      [[GOBLIN], 2.5, {}, "HarmAmount"],
      [[GOBLIN], 3, { multiplier: "triple" }, "HarmMultiplier"],
      [[GOBLIN, { nothing: true }], 3, {}, "HarmForgedTarget"],
      [["actorNobody00001"], 3, {}, "HarmTargetGone"],
      [[], 3, {}, "HarmNoTargets"],
    ];
    for (const [targets, amount, options, code] of bad) {
      const count = errors(w).length;
      const result = await w.double.actAs(GM, () => w.harm.applyDamage(targets, amount, options as never));
      await w.double.settle();
      expect(result, code).toBeNull();
      expect(errors(w).length, code).toBe(count + 1);
      expect(errors(w).at(-1)).toContain(
        errorText(code, code === "HarmAmount" ? { max: 9999, value: "?" } : {}).slice(0, 20),
      );
    }
    expect(snapshot(w)).toBe(before);
  });
});

describe("the GM's healing (the macro's api.healParty, the API's heal)", () => {
  it("heals the party by an amount, never above the maximum: one chat card, a line per character, each with its Undo", async () => {
    w = await bootHarmWorld();
    await w.double.actAs(GM, () => w.harm.applyDamage([VEX, WOLF, GOBLIN], 5));
    await w.double.settle();
    const { api } = await import("../../src/api.ts");
    const party = w.harm.partyActors().map((a) => a.id);
    // The party is every character a player owns: not the GM's goblin, not Alice's summoned wolf.
    expect(party).toContain(VEX);
    expect(party).not.toContain(GOBLIN);
    expect(party).not.toContain(WOLF);
    const hurt = healthOf(w, VEX).value;
    const card = (await w.double.actAs(GM, () => api.healParty(3)))!;
    await w.double.settle();
    expect(healthOf(w, VEX).value).toBe(hurt + 3);
    expect(healthOf(w, GOBLIN).value).toBe(5);
    const entries = ledgerOf(w, card).entries;
    expect(entries.map((e) => e.name).sort()).toEqual(party.map((id) => w.double.game.actors.get(id!)!.name).sort());
    // Those already whole are healed by 0, none above the maximum.
    for (const e of entries) expect(e.after).toBe(Math.min(e.max, e.before + 3));
    const { html } = await inLog(w, card, GM);
    expect(html.querySelectorAll("[data-rb-action=harmUndo]")).toHaveLength(entries.length);
    // Undo puts Vex back where the healing found him.
    await pressIn(
      w,
      card,
      GM,
      `[data-harm-entry="${entries.find((e) => e.name === "Vex")!.id}"] [data-rb-action=harmUndo]`,
    );
    expect(healthOf(w, VEX).value).toBe(hurt);
  });

  it("a player's healing, a bad amount or a forged actor is refused with one message, and nothing changes", async () => {
    w = await bootHarmWorld();
    await w.double.actAs(GM, () => w.harm.applyDamage([VEX], 5));
    await w.double.settle();
    const { api } = await import("../../src/api.ts");
    const before = snapshot(w);
    const cases: [string, () => Promise<string | null>, string][] = [
      [ALICE, () => api.healParty(3), "HarmHealGmOnly"],
      [ALICE, () => api.heal([VEX], null), "HarmHealGmOnly"],
      [GM, () => api.healParty(Number.NaN), "HarmAmount"],
      [GM, () => api.heal([VEX], -2), "HarmAmount"],
      [GM, () => api.heal([VEX], "lots"), "HarmAmount"],
      [GM, () => api.heal([VEX, { forged: true }], 2), "HarmForgedTarget"],
    ];
    for (const [user, call, code] of cases) {
      const count = errors(w).length;
      expect(await w.double.actAs(user, call), code).toBeNull();
      await w.double.settle();
      expect(errors(w).length, code).toBe(count + 1);
    }
    expect(snapshot(w)).toBe(before);
  });
});
