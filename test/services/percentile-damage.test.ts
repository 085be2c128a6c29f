// @vitest-environment happy-dom
/**
 * A percentile hit lands damage (issue 35 point 1, docs/rules.md §6: the weapon's damage × the hit's
 * multiplier), on the test world in v13 and v14: Alice's Ayla shoots a targeted guard with her short
 * bow (1d4+1, ×2); the card's damage button rolls 1d4+1 times the hit's multiplier, the damage card
 * keeps the target and its verdict, and her ×1 lowers the guard's health by the damage. A miss offers
 * her no damage button; a bow with no damage formula is refused with its name and nothing posted.
 * Before the fix the card said "damage ×2" and offered nothing to apply.
 */
import { afterEach, describe, expect, it } from "vitest";
import { newWeapon } from "../../src/data/item/defaults.ts";
import { format } from "../support/i18n.ts";
import { AYLA, CHARACTERS, d10s, errors, errorText } from "./points-world.ts";
import {
  ALICE,
  GM,
  applyButton,
  bootHarmWorld,
  healthOf,
  inLog,
  ledgerOf,
  pressIn,
  type HarmWorld,
} from "./harm-world.ts";
import { mixedFaces } from "../foundry/index.ts";

const GUARD = "actorGuard000001"; // a percentile NPC of the GM, health 10, no penalty dice against attacks
const BOW = "itemBow000000001";
const STICK = "itemStick0000001"; // a weapon with no percentile damage formula
const TOKEN = "tokenGuard000001";
const CAPTAIN = "actorCaptain0001"; // a percentile NPC of the GM: 2 penalty dice against attacks
const CAPTAIN_TOKEN = "tokenCaptain0001";

function actors() {
  const bow = newWeapon();
  bow.kind = "ranged";
  bow.percentile = { damage: "1d4+1", multiplier: 2, skill: "Archery" };
  const stick = newWeapon();
  return [
    ...structuredClone(CHARACTERS).map((c) =>
      c.id === AYLA
        ? {
            ...c,
            system: { ...(c.system as object), skills: { skillArchery001: { name: "Archery", rating: 60 } } },
            items: [
              { _id: BOW, name: "Short bow", type: "weapon", system: bow },
              { _id: STICK, name: "Stick <i>", type: "weapon", system: stick },
            ],
          }
        : c,
    ),
    {
      id: GUARD,
      name: "Guard",
      type: "percentile-npc",
      system: { defence: 0, health: { value: 10, max: 10 } },
      ownership: { default: 0 },
    },
    {
      id: CAPTAIN,
      name: "Captain",
      type: "percentile-npc",
      system: { defence: 2, health: { value: 16, max: 16 } },
      ownership: { default: 0 },
    },
  ];
}

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

async function boot(): Promise<void> {
  w = await bootHarmWorld({
    actors: actors() as never,
    scenes: [
      {
        id: "sceneRange000001",
        name: "Range",
        tokens: [
          { _id: TOKEN, name: "Guard", actorId: GUARD, actorLink: true },
          { _id: CAPTAIN_TOKEN, name: "Captain", actorId: CAPTAIN, actorLink: true },
        ],
      },
    ],
  });
  // The GM's client judges each target when the attack's card is created.
  const { onCreateChatMessage } = await import("../../src/hooks/create-chat-message.ts");
  w.double.Hooks.on("createChatMessage", onCreateChatMessage);
  w.double.target(ALICE, [TOKEN]);
  await w.double.settle();
}

/** Alice shoots with the bow, as Shift-clicking its row does (no dialog); the d10s (tens, ones, extra tens dice) show `faces`. */
async function shoot(...faces: number[]) {
  const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
  d10s(w, ...faces);
  const shift = new MouseEvent("click", { shiftKey: true });
  await w.double.actAs(ALICE, () => rollActorTrait(AYLA, { kind: "weapon", key: BOW }, shift));
  await w.double.settle();
  return w.double.game.messages.contents.at(-1)!;
}

describe("a percentile hit lands damage (issue 35 point 1)", () => {
  it("rolls the bow's 1d4+1 times the hit's ×2 from the attack card, and Alice's ×1 lowers the guard's health by it", async () => {
    await boot();
    // Tens 9, ones 5 (95), then five extra tens dice for the target (its figure is hidden from Alice).
    const attack = await shoot(9, 5, 1, 1, 1, 1, 1);
    const stored = attack.rolls[0]!.options as { outcome: { success: boolean }; targets: { verdict: string }[] };
    expect(stored.outcome, JSON.stringify(stored.outcome)).toMatchObject({ success: true });
    expect(stored.targets).toMatchObject([{ actor: GUARD, verdict: "hit" }]);
    const { html } = await inLog(w, attack.id!, ALICE);
    const button = html.querySelector<HTMLButtonElement>("[data-rb-action=rollDamage]");
    expect(button?.textContent).toBe(format("ROLLING_BONES.Damage.CardButton"));
    // The d4 shows 3: (3 + 1) × 2 = 8.
    w.double.CONFIG.Dice.randomUniform = mixedFaces([[3, 4]]);
    const { rollCardDamage } = await import("../../src/applications/chat/damage-control.ts");
    await w.double.actAs(ALICE, () => rollCardDamage(w.double.game.messages.get(attack.id!)! as never));
    await w.double.settle();
    const damage = w.double.game.messages.contents.at(-1)!;
    expect(damage.id).not.toBe(attack.id);
    expect(damage.rolls[0]!.total).toBe(8);
    expect(damage.rolls[0]!.constructor.name).toBe("PercentileDamageRoll");
    const card = (await inLog(w, damage.id!, ALICE)).html;
    expect(card.querySelector("[data-damage-sum]")?.textContent).toBe(
      format("ROLLING_BONES.Percentile.Damage.Sum", { sum: 3, modifier: "+1", base: 4, multiplier: 2, total: 8 }),
    );
    expect(card.querySelector("[data-damage]")?.textContent).toContain("(1d4+1 × 2): 8 damage");
    expect(card.querySelector(`[data-target][data-verdict="hit"]`)).not.toBeNull();
    await pressIn(w, damage.id!, ALICE, applyButton(GUARD, "full"));
    expect(healthOf(w, GUARD).value).toBe(2);
    expect(ledgerOf(w, damage.id!).entries).toMatchObject([{ target: { actor: GUARD }, amount: 8 }]);
  });

  it("offers Alice no damage button after a miss", async () => {
    await boot();
    const attack = await shoot(1, 5, 9, 9, 9, 9, 9);
    expect((attack.rolls[0]!.options as { targets: { verdict: string }[] }).targets).toMatchObject([
      { verdict: "miss" },
    ]);
    const { html } = await inLog(w, attack.id!, ALICE);
    expect(html.querySelector("[data-rb-action=rollDamage]")).toBeNull();
  });

  it("refuses the damage of a weapon with no percentile damage formula, naming it, and posts nothing", async () => {
    await boot();
    const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    const before = w.double.game.messages.size;
    await w.double.actAs(ALICE, () => rollActorTrait(AYLA, { kind: "damage", key: STICK }));
    await w.double.settle();
    expect(w.double.game.messages.size).toBe(before);
    expect(errors(w)).toContain(errorText("NoDamageFormula", { name: "Stick <i>" }));
  });
});

describe("percentile defence is always applied (issue 35 point 2, docs/rules.md §6)", () => {
  /** The stored targets of a card as a user's client holds them. */
  const storedTargets = (messageId: string, userId: string) =>
    w.double.actAs(userId, () => {
      const roll = w.double.game.messages.get(messageId)!.rolls[0]!;
      return (roll.options as { targets: Record<string, unknown>[] }).targets;
    });

  it("one throw serves the guard and the captain, each at its own penalty dice; hidden figures throw up to the cap and stay hidden", async () => {
    await boot();
    w.double.target(ALICE, [TOKEN, CAPTAIN_TOKEN]);
    await w.double.settle();
    // Tens 8, ones 3, then the extra tens dice: 4, 2, 9, 9, 9.
    const attack = await shoot(8, 3, 4, 2, 9, 9, 9);
    const roll = attack.rolls[0]!;
    // The captain's figure is hidden from Alice (the default): five extra dice, the cap, whatever the figures.
    expect((roll.options as { request: { extraDice?: number } }).request.extraDice).toBe(5);
    expect((roll.options as { outcome: { value: number; success: boolean } }).outcome).toMatchObject({
      value: 83,
      success: true,
    });
    // The guard (no penalty dice) reads 83: a hit; the captain (2) the worst of 83, 43, 23: 23, a miss.
    const targets = storedTargets(attack.id!, ALICE);
    expect(targets.map((t) => [t.actor, t.verdict])).toEqual([
      [GUARD, "hit"],
      [CAPTAIN, "miss"],
    ]);
    // Nothing of the figures or the readings reaches Alice's client.
    for (const t of targets) expect(Object.keys(t)).not.toEqual(expect.arrayContaining(["defence"]));
    for (const t of targets) expect(t.reading).toBeUndefined();
    const { html } = await inLog(w, attack.id!, ALICE);
    expect(html.querySelectorAll("[data-target-reading], [data-defence]")).toHaveLength(0);
    expect(html.querySelectorAll('[data-group="targets"] .rb-die')).toHaveLength(5);
  });

  it("with the figures shown, throws only what the largest net needs and shows each target's reading", async () => {
    await boot();
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "showNpcDefences", true));
    w.double.target(ALICE, [TOKEN, CAPTAIN_TOKEN]);
    await w.double.settle();
    const attack = await shoot(8, 3, 4, 2);
    expect((attack.rolls[0]!.options as { request: { extraDice?: number } }).request.extraDice).toBe(2);
    const targets = storedTargets(attack.id!, ALICE);
    expect(targets.map((t) => [t.verdict, t.defence, t.reading])).toEqual([
      ["hit", 0, { value: 83, level: expect.any(String) as unknown }],
      ["miss", 2, { value: 23, level: expect.any(String) as unknown }],
    ]);
    const { html } = await inLog(w, attack.id!, ALICE);
    expect(
      [...html.querySelectorAll<HTMLElement>("[data-target-reading]")].map((e) => e.dataset.targetReading),
    ).toEqual(["83", "23"]);
  });

  it("judges a lone captain at 2 penalty dice although the dialog never added them (the card used to call any success a hit)", async () => {
    await boot();
    w.double.target(ALICE, [CAPTAIN_TOKEN]);
    await w.double.settle();
    const attack = await shoot(8, 3, 4, 2, 1, 1, 1);
    expect((attack.rolls[0]!.options as { request: { penalty: number } }).request.penalty).toBe(0);
    expect(storedTargets(attack.id!, ALICE).map((t) => t.verdict)).toEqual(["miss"]);
    // A miss: Alice is offered no damage.
    const { html } = await inLog(w, attack.id!, ALICE);
    expect(html.querySelector("[data-rb-action=rollDamage]")).toBeNull();
  });
});
