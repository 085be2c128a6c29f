/**
 * Property tests of every `game.system.api` entry point on the Foundry double (issue 14): any
 * arguments a macro could pass — prototype names, functions, symbols, missing and malformed values —
 * give a result or exactly one clean, localized refusal; nothing throws, and no message shows a raw
 * key or a JavaScript value. Seeded and modest, so the file runs in a few seconds.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededUniform, type FoundryDouble } from "../foundry/index.ts";
import { anyValue, expectCleanText, PROTOTYPE_NAMES, tokenOf } from "../support/refusals.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import type { api as Api } from "../../src/api.ts";

const AYLA = "actorAyla0000001";
const PERC = "actorPerc0000001";

let double: FoundryDouble;
let api: typeof Api;

beforeAll(async () => {
  double = await bootSystem({
    userId: GM,
    queryLatency: 0,
    actors: [
      { id: AYLA, name: "Ayla", type: "action-character", system: { level: 3 }, ownership: { [ALICE]: 3 } },
      { id: PERC, name: "Perc", type: "percentile-character", system: { karma: 3 }, ownership: { [ALICE]: 3 } },
    ],
  });
  (await import("../../src/services/gm-action.ts")).forgetGmActions();
  api = (double.game.system as unknown as { api: typeof Api }).api;
  double.CONFIG.Dice.randomUniform = seededUniform(14);
  await double.actAs(GM, () => api.actionDice.startSession());
});
afterAll(() => double.uninstall());

const RUNS = { numRuns: 40, seed: 14 } as const;

/** What an engine argument may be: an engine, a prototype name, or anything. */
const engine = fc.oneof(tokenOf(["pool", "percentile", "wild", "pi", "action"]), anyValue);
const actorId = fc.oneof(fc.constantFrom(AYLA, PERC, ...PROTOTYPE_NAMES), anyValue);

/**
 * Calls an entry point as `userId` and expects no throw and at most one error or warning, clean;
 * a refusal (`null` or `false`) shows exactly one.
 */
async function callsCleanly(userId: string, args: unknown[], call: () => Promise<unknown>): Promise<void> {
  const shown = double.notifications.length;
  const result = await double.actAs(userId, call);
  const messages = double.notifications
    .slice(shown)
    .filter((n) => n.type === "error" || n.type === "warn")
    .map((n) => n.message);
  expect(messages.length, messages.join(" | ")).toBeLessThanOrEqual(1);
  if (result === null || result === false) expect(messages, "a refusal says why").toHaveLength(1);
  for (const message of messages) expectCleanText(message, args);
}

/** One property per entry point: its arguments and how it is called. */
const ENTRY_POINTS: [string, string, fc.Arbitrary<unknown[]>, (args: unknown[]) => Promise<unknown>][] = [
  ["rollToChat", ALICE, fc.tuple(engine, anyValue, anyValue), ([e, r, o]) => api.rollToChat(e as never, r, o as never)],
  ["requestRoll", GM, fc.tuple(anyValue), ([s]) => api.requestRoll(s)],
  [
    "rollTrait",
    ALICE,
    fc.tuple(
      actorId,
      fc.oneof(
        anyValue,
        fc.record({ kind: tokenOf(["ability", "save", "skill", "attribute"]), key: tokenOf(["str", "body"]) }),
      ),
    ),
    ([id, trait]) => api.rollTrait(id as never, trait as never, { shiftKey: true } as never),
  ],
  ["openRequestComposer", ALICE, fc.tuple(anyValue), ([d]) => api.openRequestComposer(d)],
  ["actionDice.award", GM, fc.tuple(anyValue), ([u]) => api.actionDice.award(u as never)],
  ["actionDice.take", GM, fc.tuple(anyValue), ([u]) => api.actionDice.take(u as never)],
  [
    "actionDice.gainInsight",
    ALICE,
    fc.tuple(anyValue, anyValue, fc.oneof(anyValue, fc.record({ level: anyValue, modifier: anyValue, dc: anyValue }))),
    ([s, d, r]) => api.actionDice.gainInsight(s as never, d as never, r as never),
  ],
  ["actionDice.poolControl", ALICE, fc.tuple(anyValue), ([c]) => api.actionDice.poolControl(c as never)],
  [
    "actionDice.cardControl",
    ALICE,
    fc.tuple(anyValue, anyValue),
    ([m, c]) => api.actionDice.cardControl(m as never, c as never),
  ],
  ["actionDice.undoPoolAction", GM, fc.tuple(anyValue), ([m]) => api.actionDice.undoPoolAction(m as never)],
  [
    "points.rollWithPoints",
    ALICE,
    fc.tuple(
      engine,
      anyValue,
      fc.oneof(
        anyValue,
        actorId.map((id) => ({ actor: double.game.actors.get(String(id)) })),
      ),
    ),
    ([e, r, o]) => api.points.rollWithPoints(e as never, r, o as never),
  ],
  [
    "points.assistLeader",
    ALICE,
    fc.tuple(anyValue, actorId),
    ([m, l]) => api.points.assistLeader(m as never, l as never),
  ],
  [
    "points.cancelAssist",
    ALICE,
    fc.tuple(actorId, anyValue),
    ([l, a]) => api.points.cancelAssist(l as never, a as never),
  ],
  ["points.pickDice", ALICE, fc.tuple(anyValue, anyValue), ([m, p]) => api.points.pickDice(m as never, p as never)],
  ["points.undoPoints", GM, fc.tuple(anyValue, anyValue), ([m, e]) => api.points.undoPoints(m as never, e as never)],
];

describe("game.system.api: any arguments give a result or one clean refusal", () => {
  it.each(ENTRY_POINTS)("%s", async (_name, userId, args, call) => {
    await fc.assert(
      fc.asyncProperty(args, (a) => callsCleanly(userId, a, () => call(a))),
      RUNS,
    );
  });

  it("every function of api.actionDice and api.points, with any arguments, as the GM and as a player", async () => {
    const namespaces = { actionDice: api.actionDice, points: api.points } as Record<string, Record<string, unknown>>;
    const calls = Object.entries(namespaces).flatMap(([space, fns]) =>
      Object.entries(fns)
        .filter(([, fn]) => typeof fn === "function")
        .map(([name, fn]) => [`${space}.${name}`, fn as (...args: unknown[]) => unknown] as const),
    );
    expect(calls.length).toBeGreaterThan(15);
    for (const [name, fn] of calls) {
      for (const userId of [GM, ALICE]) {
        await fc.assert(
          fc.asyncProperty(fc.array(anyValue, { maxLength: 4 }), async (args) => {
            try {
              await callsCleanly(userId, args, async () => fn(...args));
            } catch (error) {
              throw new Error(`${name} as ${userId}: ${String(error)}`, { cause: error });
            }
          }),
          { numRuns: 15, seed: 29 },
        );
      }
    }
  });

  it("a reason or a subject that is not text (award, forfeit, Fate Point loss, insight) is refused in words, nothing asked of the GM", async () => {
    const calls: [() => Promise<unknown>, string][] = [
      [() => api.actionDice.award(ALICE, 42 as never), "The reason must be text."],
      [() => api.actionDice.forfeitAwards(ALICE, { why: 1 } as never), "The reason must be text."],
      [() => api.points.loseFatePoint(PERC, 42 as never), "The reason must be text."],
      [() => api.actionDice.secretAgenda("Vex", 7 as never, 1), "The subject must be text."],
      [
        () => api.actionDice.award(ALICE, "x".repeat(201)),
        "The reason may be at most 200 characters long (this one has 201).",
      ],
    ];
    for (const [call, text] of calls) {
      const shown = double.notifications.length;
      const users = JSON.stringify(double.game.users.map((u) => u.flags));
      expect(await double.actAs(GM, call)).toBe(false);
      expect(double.notifications.slice(shown).map((n) => n.message)).toEqual([text]);
      expect(JSON.stringify(double.game.users.map((u) => u.flags))).toBe(users);
    }
    const shown = double.notifications.length;
    expect(await double.actAs(ALICE, () => api.actionDice.gainInsight(["the vault"] as never, 1))).toBe(false);
    expect(double.notifications.slice(shown).map((n) => n.message)).toEqual(["The subject must be text."]);
  });

  it("after every call above, the GM-only storage holds pools of the world's own users and characters only", () => {
    const players = double.game.settings.get("rolling-bones", "actionPlayerPools") as Record<string, unknown>;
    const classes = double.game.settings.get("rolling-bones", "actionClassPools") as Record<string, unknown>;
    const users = new Set(double.game.users.map((u) => u.id));
    expect(Object.keys(players).length).toBeGreaterThan(0);
    expect(Object.keys(players).filter((id) => !users.has(id))).toEqual([]);
    expect(Object.keys(classes).filter((id) => !double.game.actors.get(id))).toEqual([]);
    for (const record of [players, classes]) expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it("names an engine that is a prototype member as unknown, like any other name", async () => {
    for (const name of PROTOTYPE_NAMES) {
      const shown = double.notifications.length;
      expect(await double.actAs(ALICE, () => api.rollToChat(name as never, { pool: 3 }))).toBeNull();
      expect(double.notifications.slice(shown).map((n) => n.message)).toEqual([
        `There is no dice engine called "${name}".`,
      ]);
    }
  });
});
