/**
 * World version 3 as a pure plan (src/data/migrations/pools-v3.ts): legacy action-dice pools in User
 * flags and class dice in Actor flags move to the world settings with nothing lost. Examples, then
 * properties over any legacy world (valid pools, stale ones, garbage, prototype names as ids).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isClassPoolOf, isPlayerPoolOf, planPoolMove, type LegacyHolder } from "../../src/data/migrations/pools-v3.ts";
import { ACTION_DIE_SIZES } from "../../src/engines/action/index.ts";

function pool(userId: string, session: number, rev: number, count = 3) {
  return {
    session,
    rev,
    state: {
      userId,
      gm: false,
      dieFaces: 4,
      dice: [{ faces: 4, count }],
      spent: 1,
      luckyBreak: false,
      forfeited: true,
      failedInsight: ["the vault"],
      applied: ["a1"],
    },
  };
}

function classPool(actorId: string, session: number, rev: number, left = 2) {
  return { session, rev, state: { actorId, faces: 8, left, spent: 0 } };
}

const holder = (id: string, flag: unknown, name = id): LegacyHolder => ({ id, name, flag });

describe("moving the legacy pools (examples)", () => {
  it("moves every pool with its awards, forfeit and failed insight, and every class pool; their flags go", () => {
    const plan = planPoolMove(
      [holder("alice", pool("alice", 4, 7)), holder("bob", undefined), holder("gm", null)],
      [holder("ayla", classPool("ayla", 4, 2))],
      { players: {}, classes: {} },
    );
    expect(plan.players).toEqual({ alice: pool("alice", 4, 7) });
    expect(plan.classes).toEqual({ ayla: classPool("ayla", 4, 2) });
    expect(plan).toMatchObject({ moved: 2, clearUsers: ["alice"], clearActors: ["ayla"], kept: [] });
  });

  it("keeps what the settings already hold when it is as new or newer; a newer legacy pool replaces an older entry", () => {
    const plan = planPoolMove(
      [holder("alice", pool("alice", 4, 7)), holder("bob", pool("bob", 3, 9)), holder("cara", pool("cara", 5, 1))],
      [],
      {
        players: { alice: pool("alice", 4, 7, 1), bob: pool("bob", 4, 1, 1), cara: pool("cara", 4, 50, 1) },
        classes: {},
      },
    );
    expect(plan.players).toEqual({
      alice: pool("alice", 4, 7, 1),
      bob: pool("bob", 4, 1, 1),
      cara: pool("cara", 5, 1),
    });
    expect(plan.moved).toBe(1);
    expect(plan.clearUsers).toEqual(["alice", "bob", "cara"]);
  });

  it("leaves and reports a flag that is not a pool of its holder (another user's, a GM pool, garbage), with the setting's other entries", () => {
    const gmPool = { ...pool("dan", 1, 1), state: { ...pool("dan", 1, 1).state, gm: true } };
    const plan = planPoolMove(
      [
        holder("alice", pool("bob", 1, 1), "Alice"),
        holder("dan", gmPool, "Dan"),
        holder("eve", "99 dice", "Eve"),
        holder(
          "fay",
          { session: 1, rev: 1, state: { ...pool("fay", 1, 1).state, dice: [{ faces: 5, count: 1 }] } },
          "Fay",
        ),
      ],
      [holder("ayla", classPool("brann", 1, 1), "Ayla"), holder("dax", classPool("dax", -1, 1), "Dax")],
      { players: { zed: pool("zed", 1, 1) }, classes: "not a record" },
    );
    expect(plan.players).toEqual({ zed: pool("zed", 1, 1) });
    expect(plan.classes).toEqual({});
    expect(plan.moved).toBe(0);
    expect([plan.clearUsers, plan.clearActors]).toEqual([[], []]);
    expect(plan.kept.map((k) => `${k.kind} ${k.name}`)).toEqual([
      "user Alice",
      "user Dan",
      "user Eve",
      "user Fay",
      "actor Ayla",
      "actor Dax",
    ]);
  });

  it("an id such as __proto__ is an own entry of the new record, never its prototype", () => {
    const plan = planPoolMove([holder("__proto__", pool("__proto__", 1, 1))], [], { players: {}, classes: {} });
    expect(Object.hasOwn(plan.players, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(plan.players)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).state).toBeUndefined();
  });
});

// ------------------------------------------------------------------------------------------------
// Properties

const ids = fc.constantFrom("alice", "bob", "cara", "ayla", "dax", "__proto__", "constructor", "toString");
const validPool = (id: string) =>
  fc.record({ session: fc.nat(6), rev: fc.nat(20), count: fc.nat(12) }).map((p) => pool(id, p.session, p.rev, p.count));
const validClass = (id: string) =>
  fc
    .record({ session: fc.nat(6), rev: fc.nat(20), left: fc.nat(5), faces: fc.constantFrom(...ACTION_DIE_SIZES) })
    .map((p) => ({
      ...classPool(id, p.session, p.rev, p.left),
      state: { ...classPool(id, 0, 0).state, faces: p.faces, left: p.left },
    }));
const garbage = fc.oneof(fc.anything(), fc.constant(undefined), fc.constant(null));

/** A legacy world: holders with distinct ids, each flag a valid pool of its holder, another's, or garbage. */
function legacyWorld(valid: (id: string) => fc.Arbitrary<unknown>) {
  return fc
    .uniqueArray(ids, { maxLength: 6 })
    .chain((list) =>
      fc.tuple(...list.map((id) => fc.oneof(valid(id), valid("someoneElse"), garbage).map((flag) => holder(id, flag)))),
    );
}

/** A setting as stored: a record of valid entries, garbage entries, or no record at all. */
function settingOf(valid: (id: string) => fc.Arbitrary<unknown>) {
  return fc.oneof(
    fc
      .uniqueArray(ids, { maxLength: 4 })
      .chain((list) =>
        fc
          .tuple(...list.map((id) => fc.oneof(valid(id), garbage).map((v) => [id, v] as const)))
          .map((pairs) => Object.fromEntries(pairs)),
      ),
    garbage,
  );
}

const order = (p: { session: number; rev: number }) => p.session * 1000 + p.rev;

describe("moving the legacy pools (properties)", () => {
  const RUNS = { numRuns: 300, seed: 29 };

  it("every recognised legacy pool is kept (it, or a newer one for its holder), every valid setting entry too, and only flags the settings hold are cleared", () => {
    fc.assert(
      fc.property(
        legacyWorld(validPool),
        legacyWorld(validClass),
        settingOf(validPool),
        settingOf(validClass),
        (users, actors, players, classes) => {
          const plan = planPoolMove(users, actors, { players, classes });
          const check = (
            holders: readonly LegacyHolder[],
            before: unknown,
            after: Record<string, unknown>,
            cleared: readonly string[],
            valid: (v: unknown, id: string) => boolean,
            kind: "user" | "actor",
          ) => {
            for (const { id, flag } of holders) {
              const entry = Object.hasOwn(after, id) ? after[id] : undefined;
              if (valid(flag, id)) {
                expect(valid(entry, id)).toBe(true);
                expect(order(entry as never)).toBeGreaterThanOrEqual(order(flag as never));
                expect(cleared).toContain(id);
              } else {
                expect(cleared).not.toContain(id);
                if (flag !== undefined && flag !== null)
                  expect(plan.kept.some((k) => k.kind === kind && k.id === id)).toBe(true);
              }
            }
            // Nothing the setting held is dropped: an entry is kept as it was, or replaced by a newer pool.
            const held = typeof before === "object" && before !== null && !Array.isArray(before) ? before : {};
            for (const [id, value] of Object.entries(held)) {
              expect(Object.hasOwn(after, id)).toBe(true);
              if (valid(value, id)) expect(order(after[id] as never)).toBeGreaterThanOrEqual(order(value as never));
              // An entry that is no pool gives way only to its holder's recognised legacy pool.
              else if (!holders.some((h) => h.id === id && valid(h.flag, id))) expect(after[id]).toEqual(value);
            }
            expect(Object.getPrototypeOf(after)).toBe(Object.prototype);
          };
          check(users, players, plan.players, plan.clearUsers, isPlayerPoolOf, "user");
          check(actors, classes, plan.classes, plan.clearActors, isClassPoolOf, "actor");
        },
      ),
      RUNS,
    );
  });

  it("running it again after its writes (the cleared flags gone) moves nothing and changes nothing", () => {
    fc.assert(
      fc.property(legacyWorld(validPool), legacyWorld(validClass), (users, actors) => {
        const first = planPoolMove(users, actors, { players: {}, classes: {} });
        const left = (holders: readonly LegacyHolder[], cleared: readonly string[]) =>
          holders.map((h) => (cleared.includes(h.id) ? { ...h, flag: undefined } : h));
        const again = planPoolMove(left(users, first.clearUsers), left(actors, first.clearActors), {
          players: first.players,
          classes: first.classes,
        });
        expect(again.moved).toBe(0);
        expect([again.players, again.classes]).toEqual([first.players, first.classes]);
        expect(again.clearUsers).toEqual([]);
        expect(again.kept).toEqual(first.kept);
      }),
      RUNS,
    );
  });
});
