/**
 * Nothing is spent for a refused roll (issue 14, class 3): an action that spends (action dice for
 * insight, karma, Character Points, a Fate Point, Willpower) is checked whole — the spend and the
 * roll it pays for — before anything is written. Each refusal below shows exactly one localized
 * message and leaves actors, users, world settings and messages byte for byte as they were. On the
 * Foundry double.
 */
import { afterEach, describe, expect, it } from "vitest";
import { worldSnapshot } from "../support/world-snapshot.ts";
import { ALICE, bootWorld, errorText, GM, type World } from "./action-dice-world.ts";
import * as pointsWorld from "./points-world.ts";
import { insightPlan } from "../../src/applications/action-dice/views.ts";

let double: { uninstall(): void } | undefined;
afterEach(() => double?.uninstall());

/** Runs `act` and expects one error notification, `message`, and no write at all. */
async function refusedWhole(w: { double: World["double"] }, act: () => Promise<unknown>, message: string) {
  const before = worldSnapshot(w.double);
  const shown = w.double.notifications.length;
  await act();
  expect(w.double.notifications.slice(shown).map((n) => `${n.type}: ${n.message}`)).toEqual([`error: ${message}`]);
  expect(worldSnapshot(w.double)).toBe(before);
}

describe("an insight spend whose roll would be refused spends nothing", () => {
  async function started(): Promise<World> {
    const w = await bootWorld();
    double = w.double;
    await w.double.actAs(GM, () => w.service.startSession());
    return w;
  }

  it.each([
    [
      "a DC of 1000",
      { level: 3, modifier: 0, dc: 1000 },
      errorText("OutOfRange", { field: "dc", value: 1000, min: 0, max: 999 }),
    ],
    [
      "a modifier of 5000",
      { level: 3, modifier: 5000, dc: 10 },
      errorText("OutOfRange", { field: "modifier", value: 5000, min: -999, max: 999 }),
    ],
    [
      "a level that is no number",
      { level: "x", modifier: 0, dc: 10 },
      errorText("NotInteger", { field: "level", value: "x" }),
    ],
  ])("from the API: %s", async (_name, roll, message) => {
    const w = await started();
    await refusedWhole(
      w,
      () => w.double.actAs(ALICE, () => w.service.gainInsight("The vault", 1, roll as never)),
      message,
    );
  });

  it("from the player panel's form: the plan it reads, then the spend it asks for", async () => {
    const w = await started();
    const form = { subject: "The vault", dice: 1, roll: true, modifier: "reason", dc: "1000" };
    const plan = insightPlan(form, { id: "actorAyla0000001", name: "Ayla", level: 3 } as never, []);
    if ("error" in plan) throw new Error(plan.error);
    const message = errorText("OutOfRange", { field: "dc", value: 1000, min: 0, max: 999 });
    await refusedWhole(
      w,
      () => w.double.actAs(ALICE, () => w.service.gainInsight(plan.subject, plan.dice, plan.roll)),
      message,
    );
  });

  it("a module's preRoll refusal comes before the spend too", async () => {
    const w = await started();
    w.double.Hooks.on("rollingBones.preRoll", () => false);
    const before = worldSnapshot(w.double);
    const roll = { level: 3, modifier: 0, dc: 10 };
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("The vault", 1, roll))).toBe(false);
    expect(worldSnapshot(w.double)).toBe(before);
  });
});

describe("a points roll refused for its roll or its options spends nothing", () => {
  it.each([
    [
      "percentile karma with a rating of 5000",
      "percentile",
      pointsWorld.AYLA,
      { bonus: 0, penalty: 0, column: 5000, karmaDice: 1 },
    ],
    ["Character Points on a code of no dice", "wild", pointsWorld.WIL, { dice: 0, characterPoints: 2 }],
    ["a Fate Point with a bonus of 5000 pips", "wild", pointsWorld.WIL, { dice: 3, pips: 5000, fatePoint: true }],
    ["Willpower at difficulty 11", "pool", pointsWorld.VEX, { pool: 4, difficulty: 11, willpower: true }],
  ] as const)("%s", async (_name, engine, actorId, request) => {
    const w = await pointsWorld.bootWorld();
    double = w.double;
    const user = actorId === pointsWorld.WIL ? pointsWorld.BOB : ALICE;
    const before = worldSnapshot(w.double);
    const shown = pointsWorld.errors(w).length;
    expect(await pointsWorld.rollFor(w, user, engine, actorId, request)).toBeNull();
    expect(pointsWorld.errors(w).slice(shown)).toHaveLength(1);
    expect(worldSnapshot(w.double)).toBe(before);
  });

  it.each([
    ["an engine named toString", "toString", {}, errorText("CommandUnknownEngine", { name: "toString" })],
    ["an engine named __proto__", "__proto__", {}, errorText("CommandUnknownEngine", { name: "__proto__" })],
    ["a flavor that is an object", "percentile", { flavor: {} }, errorText("BadPostOption", { option: "flavor" })],
    [
      "a visibility no one knows",
      "percentile",
      { visibility: "all" },
      errorText("BadPostOption", { option: "visibility" }),
    ],
  ])("%s", async (_name, engine, options, message) => {
    const w = await pointsWorld.bootWorld();
    double = w.double;
    const actor = w.double.game.actors.get(pointsWorld.AYLA);
    const request = { bonus: 0, penalty: 0, column: 10, karmaDice: 1 };
    const roll = () => w.points.rollWithPoints(engine as never, request, { ...options, actor } as never);
    await refusedWhole(w, () => w.double.actAs(ALICE, roll), message);
  });
});
