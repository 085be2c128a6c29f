// @vitest-environment happy-dom
/**
 * A miss gets no damage (issue 35 point 4, docs/rules.md §6 "A miss gets no damage"), on the test world in
 * v13 and v14: a damage card keeps the attack's verdict on each target; a target the attack hit is
 * offered its buttons, a missed one offers its buttons to a GM only (who forces, and the ledger line
 * says so), and a player's request for a missed target, or for another engine's, is refused by the
 * active GM with nothing written. Before the fix the card offered "Apply" under "✖ Miss" and a
 * player's ×1 went through.
 */
import { afterEach, describe, expect, it } from "vitest";
import { errors, errorText } from "./points-world.ts";
import {
  ALICE,
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
  type HarmWorld,
} from "./harm-world.ts";

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** The targets as an attack card hands them to its damage card: each with its verdict. */
const judged = [
  { name: "Goblin", token: null, actor: GOBLIN, engine: "wild", verdict: "hit" },
  { name: "Ogre", token: null, actor: OGRE, engine: "pool", verdict: "miss" },
  { name: "Wolf", token: null, actor: WOLF, engine: "pi", verdict: "none" },
];

/** Alice's damage card of 3 + 4 against the three judged targets. */
async function card(): Promise<string> {
  return damageCard(w, judged as never, [3, 4]);
}

describe("a miss gets no damage (issue 35 point 4)", () => {
  it("offers the player her buttons on the hit target only; the missed one says why, with no button", async () => {
    w = await bootHarmWorld();
    const id = await card();
    const { html } = await inLog(w, id, ALICE);
    expect(html.querySelectorAll(`[data-harm-row][data-actor="${GOBLIN}"] button`)).toHaveLength(4);
    const ogre = html.querySelector(`[data-harm-row][data-actor="${OGRE}"]`)!;
    expect(ogre.querySelectorAll("button")).toHaveLength(0);
    expect(ogre.textContent).toContain("Missed: no damage");
    expect(html.querySelectorAll(`[data-harm-row][data-actor="${WOLF}"] button`)).toHaveLength(0);
    // The GM is offered both, the missed one's buttons saying that they force.
    const gm = (await inLog(w, id, GM)).html;
    const force = gm.querySelector<HTMLButtonElement>(applyButton(OGRE, "full"))!;
    expect(force.getAttribute("aria-label")).toMatch(/^Force on a miss \(GM\): /);
    expect(gm.querySelectorAll(`[data-harm-row][data-actor="${WOLF}"] button`)).toHaveLength(4);
  });

  it("refuses a player's request for a missed target or another engine's on the GM, and writes nothing", async () => {
    w = await bootHarmWorld();
    const id = await card();
    const message = w.double.game.messages.get(id) as never;
    for (const [actor, code, name] of [
      [OGRE, "HarmMissed", "Ogre"],
      [WOLF, "HarmGmCall", "Wolf"],
    ] as const) {
      const before = healthOf(w, actor).value;
      await w.double.actAs(ALICE, () => w.harm.applyFromCard(message, { actor }, "full"));
      await w.double.settle();
      expect(errors(w)).toContain(errorText(code, { name }));
      expect(healthOf(w, actor).value).toBe(before);
    }
    expect(ledgerOf(w, id).entries).toHaveLength(0);
    // The hit target still takes her damage.
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(3);
  });

  it("lets the GM force damage on the missed target; the ledger line says it was forced, and Undo restores it", async () => {
    w = await bootHarmWorld();
    const id = await card();
    await pressIn(w, id, GM, applyButton(OGRE, "full"));
    expect(healthOf(w, OGRE).value).toBe(5);
    const [entry] = ledgerOf(w, id).entries;
    expect(entry).toMatchObject({ target: { actor: OGRE }, amount: 7, forced: true });
    const { html } = await inLog(w, id, ALICE);
    expect(html.querySelector(`[data-harm-entry="${entry!.id}"]`)!.textContent).toContain("Forced on a miss");
    await pressIn(w, id, GM, `[data-harm-entry="${entry!.id}"] button[data-rb-action="harmUndo"]`);
    expect(healthOf(w, OGRE).value).toBe(12);
    // A hit applied by the GM is not marked forced.
    await pressIn(w, id, GM, applyButton(GOBLIN, "half"));
    expect(ledgerOf(w, id).entries.find((e) => e.target.actor === GOBLIN)?.forced).toBeUndefined();
  });

  it("applies a damage card rolled on its own (no attack judged its targets) as before", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2], ALICE, VEX);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(6);
  });
});
