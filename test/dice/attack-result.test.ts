// @vitest-environment happy-dom
/**
 * What an attack card hands its damage roll (issue 24 item 4, docs/rules.md §6), Foundry-free: whether it
 * hit (a dice-pool success, the roll against a DC or target number, an activated botch or critical),
 * a dice-pool attack's extra successes, an activated action-dice critical with its effect; and the
 * damage card's lines for them, rendered with the real template.
 */
import { describe, expect, it } from "vitest";
import { attackResultOf, readDamageFrom } from "../../src/dice/cards/attack-result.ts";
import { format, localize } from "../support/i18n.ts";
import { renderTemplate } from "../support/handlebars.ts";

const entry = (id: string, type: string, dice: number, extra: object = {}) => ({
  id,
  type,
  by: "userAlice0000000",
  dice: dice > 0 ? [{ faces: 6, count: dice }] : [],
  undone: false,
  ...extra,
});

describe("an attack's result", () => {
  it("reads a dice-pool attack: a hit with its net successes beyond the first as damage dice", () => {
    expect(attackResultOf("pool", { outcome: { result: "success", net: 3 } })).toEqual({
      hit: true,
      extraDice: 2,
      critical: null,
    });
    expect(attackResultOf("pool", { outcome: { result: "botch", net: 0 } })).toMatchObject({
      hit: false,
      extraDice: 0,
    });
  });

  it("reads a Wild Die or action-dice attack against its target, and cannot judge one without", () => {
    expect(attackResultOf("wild", { outcome: { success: true } }).hit).toBe(true);
    expect(attackResultOf("wild", { outcome: { success: null } }).hit).toBeNull();
    expect(attackResultOf("action", { outcome: { success: false } }).hit).toBe(false);
    expect(attackResultOf("action", { outcome: { success: null } }).hit).toBeNull();
  });

  it("reads a percentile hit's multiplier, a called shot's raise included, for its damage (docs/rules.md §6)", () => {
    const called = { success: true, calledShot: { requested: 2, applied: 2, base: 2, multiplier: 4 } };
    expect(attackResultOf("percentile", { outcome: called })).toEqual({
      hit: true,
      extraDice: 0,
      critical: null,
      multiplier: 4,
    });
    // A stored multiplier that is not a whole number from 1 reads as the plain ×1.
    for (const multiplier of [0, 2.5, "3", null]) {
      const outcome = { success: true, calledShot: { multiplier } };
      expect(attackResultOf("percentile", { outcome }).multiplier).toBe(1);
    }
  });

  it("reads a one-die Precision & Impact attack as a miss, and names no damage for it (docs/rules.md §6)", async () => {
    expect(attackResultOf("pi", { outcome: { precision: 9, impact: 4, singleDie: true } }).hit).toBe(false);
    expect(attackResultOf("pi", { outcome: { precision: 9, impact: 4, singleDie: false } }).hit).toBeNull();
    const { cardDamage } = await import("../../src/services/harm/ledger.ts");
    const attack = { weapon: "Longsword", use: "Swords" };
    expect(
      cardDamage({ engine: "pi", options: { attack, outcome: { impact: 4, singleDie: true } }, total: 9 }),
    ).toBeNull();
    expect(
      cardDamage({ engine: "pi", options: { attack, outcome: { impact: 4, singleDie: false } }, total: 9 }),
    ).toEqual({
      amount: 4,
    });
  });

  it("gives each target of a dice-pool damage card its own share: the first dice its extra successes give", async () => {
    const { targetDamage } = await import("../../src/services/harm/ledger.ts");
    const dice = [1, 1, 1, 1, 6, 6, 6, 6].map((value, index) => ({ index, value, faces: 10 }));
    const roll = {
      engine: "pool",
      options: {
        damage: { actor: "Vex" },
        fromAttack: { extraDice: 4 },
        outcome: { damage: true, difficulty: 6, dice },
      },
      total: 4,
    };
    expect([
      targetDamage(roll, { extra: 4 }),
      targetDamage(roll, { extra: 2 }),
      targetDamage(roll, { extra: 0 }),
    ]).toEqual([4, 2, 0]);
    // A target without its own extra successes (a damage roll on its own) takes the card's damage.
    expect(targetDamage(roll, {})).toBe(4);
    expect(targetDamage({ ...roll, engine: "wild" }, { extra: 0 })).toBe(4);
  });

  it("lets an activated botch miss and an activated critical hit, whatever the DC said, and carries the critical's effect", () => {
    const botched = { ledger: [entry("a1", "botch", 1)] };
    expect(attackResultOf("action", { outcome: { success: true }, card: botched }).hit).toBe(false);
    const card = {
      ledger: [
        entry("c1", "critical", 2),
        entry("c2", "effect", 0, {
          effect: { activation: "critical", id: "damageSpecial", note: "Cleaves the shield" },
        }),
      ],
    };
    expect(attackResultOf("action", { outcome: { success: false }, card })).toEqual({
      hit: true,
      extraDice: 0,
      critical: { severity: 2, effect: "ROLLING_BONES.ActionDice.Effect.damageSpecial", note: "Cleaves the shield" },
    });
    // An undone critical no longer counts.
    const undone = { ledger: [{ ...entry("c1", "critical", 2), undone: true }] };
    expect(attackResultOf("action", { outcome: { success: false }, card: undone })).toMatchObject({
      hit: false,
      critical: null,
    });
  });

  it("stores only what a damage roll carries, and reads nothing malformed", () => {
    expect(readDamageFrom({ extraDice: 0, critical: null })).toBeNull();
    expect(readDamageFrom({ extraDice: "2", critical: "big" })).toBeNull();
    expect(readDamageFrom({ extraDice: 2, critical: { severity: 1, effect: 5 } })).toEqual({
      extraDice: 2,
      critical: { severity: 1, effect: null, note: "" },
    });
  });
});

describe("the damage card's lines from the attack", () => {
  const render = (fromAttack: unknown) => {
    const root = document.createElement("div");
    root.innerHTML = renderTemplate("templates/chat/partials/damage.hbs", { fromAttack: readDamageFrom(fromAttack) });
    return root;
  };

  it("names the extra dice and the critical's effect, the GM's words as text", () => {
    const root = render({
      extraDice: 2,
      critical: { severity: 2, effect: "ROLLING_BONES.ActionDice.Effect.damageSpecial", note: "<b>Cleaves</b>" },
    });
    expect(root.querySelector('[data-from-attack="extra"]')?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Damage.FromAttack.Extra.other", { dice: "2" }),
    );
    const critical = root.querySelector('[data-from-attack="critical"]');
    expect(critical?.textContent?.trim()).toBe(
      `${format("ROLLING_BONES.Damage.FromAttack.Critical", {
        severity: "2",
        effect: localize("ROLLING_BONES.ActionDice.Effect.damageSpecial"),
      })}: <b>Cleaves</b>`,
    );
    expect(critical?.querySelector("b")).toBeNull();
    const pending = render({ extraDice: 0, critical: { severity: 1, effect: null, note: "" } });
    expect(pending.querySelector('[data-from-attack="critical"]')?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Damage.FromAttack.CriticalPending", { severity: "1" }),
    );
  });
});
