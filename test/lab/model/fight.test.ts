/**
 * The lab's fight (issue 35, "The lab plays a fight"), on its model: every engine plays a whole fight
 * from the first initiative to a defeat; each target is judged at its own figure; a hit lands the
 * target's own share and Undo takes it back; a miss is the GM's to force; wounds move the next attack
 * and never the damage; durations run out at their boundary; bad input is refused with its message
 * and nothing changes.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_DIALOG_SETTINGS } from "../../../src/applications/dialogs/types.ts";
import { errorMessage } from "../../../src/helpers/notify.ts";
import { percentile, pool, type EngineId } from "../../../src/engines/index.ts";
import {
  LAB_ENGINES,
  addCondition,
  addFighter,
  applyFromCard,
  attack,
  beginCombat,
  changeSheet,
  currentFighter,
  damageOf,
  damageOffer,
  newFight,
  nextTurn,
  rollDamage,
  timeLeft,
  undoEntry,
  type FightCard,
  type FightState,
  type FightUpdate,
  type Fighter,
} from "../../../lab/model.ts";
import { I18N, roster } from "./support.ts";

const ROSTER = roster();
const SETTINGS = DEFAULT_DIALOG_SETTINGS;
const PLAYER = { id: "labUserAlice0001", name: "Alice", gm: false };

function ok(update: FightUpdate): FightState {
  if (!update.ok) throw new Error(`refused: ${update.error.key} ${JSON.stringify(update.error.data)}`);
  return update.state;
}

function lastCard(state: FightState): FightCard {
  const card = state.cards.at(-1);
  if (!card) throw new Error("no card");
  return card;
}

function weaponOf(fighter: Fighter): string {
  const weapon = fighter.actor.items.find((i) => i.type === "weapon");
  if (!weapon) throw new Error(`${fighter.actor.name} has no weapon`);
  return weapon.id;
}

function fighter(state: FightState, id: string): Fighter {
  const f = state.fighters.find((x) => x.id === id);
  if (!f) throw new Error(`no fighter ${id}`);
  return f;
}

/** The party's first character and the first NPC of a new fight in an engine. */
function sides(state: FightState): { pc: Fighter; npc: Fighter } {
  const pc = state.fighters.find((f) => f.actor.playerCharacter);
  const npc = state.fighters.find((f) => !f.actor.playerCharacter);
  if (!pc || !npc) throw new Error("a fight needs both sides");
  return { pc, npc };
}

/** The first seed from `from` whose attack gets this verdict on the (first) target. */
function attackUntil(
  state: FightState,
  attacker: Fighter,
  targets: readonly string[],
  verdict: "hit" | "miss",
  from = 1,
): { state: FightState; card: FightCard; seed: number } {
  for (let seed = from; seed < from + 400; seed++) {
    const next = ok(attack(state, attacker.id, weaponOf(attacker), targets, seed, SETTINGS, I18N));
    const card = lastCard(next);
    if (card.stored.targets[0]?.verdict === verdict) return { state: next, card, seed };
  }
  throw new Error(`no ${verdict} in 400 seeds`);
}

/** The card a hit's damage is applied from: the damage card rolled from it, or the attack itself (Precision & Impact). */
function damageCardAfter(state: FightState, card: FightCard, seed: number): { state: FightState; card: FightCard } {
  if (damageOffer(card) === null) return { state, card };
  const next = ok(rollDamage(state, card.id, seed, SETTINGS, I18N));
  return { state: next, card: lastCard(next) };
}

describe("the lab's fight", () => {
  it.each(LAB_ENGINES)("plays a whole %s fight, from initiative to a defeat", (engine: EngineId) => {
    let state = ok(beginCombat(newFight(engine, ROSTER), 11));
    let seed = 1000;
    for (let turn = 0; turn < 200 && !state.fighters.some((f) => f.defeated); turn++) {
      const id = currentFighter(state);
      const attacker = state.fighters.find((f) => f.id === id) as Fighter;
      const foes = state.fighters.filter((f) => f.actor.playerCharacter !== attacker.actor.playerCharacter);
      state = ok(attack(state, attacker.id, weaponOf(attacker), [foes[0]?.id ?? ""], seed++, SETTINGS, I18N));
      const card = lastCard(state);
      if (card.stored.targets[0]?.verdict === "hit") {
        const damage = damageCardAfter(state, card, seed++);
        state = damage.state;
        const before = fighter(state, foes[0]?.id ?? "").health.value;
        state = ok(applyFromCard(state, damage.card.id, foes[0]?.id ?? "", "full"));
        const line = lastCard(state).ledger.at(-1) ?? damage.card.ledger.at(-1);
        const after = fighter(state, foes[0]?.id ?? "").health.value;
        expect(after).toBe(Math.max(0, before - (damageOf(damage.card) ?? 0)));
        expect(line === undefined || line.before - line.after === before - after).toBe(true);
      }
      state = ok(nextTurn(state, I18N));
    }
    const fallen = state.fighters.filter((f) => f.defeated);
    expect(fallen.length).toBeGreaterThan(0);
    for (const f of fallen) expect(f.health.value).toBe(0);
  });

  it.each(LAB_ENGINES)("in %s, a hit lands the target's share, and Undo gives it back", (engine) => {
    const start = newFight(engine, ROSTER);
    const { pc, npc } = sides(start);
    const hit = attackUntil(start, pc, [npc.id], "hit");
    const damage = damageCardAfter(hit.state, hit.card, 77);
    const amount = damageOf(damage.card);
    expect(amount).not.toBeNull();
    const applied = ok(applyFromCard(damage.state, damage.card.id, npc.id, "double"));
    const harmed = fighter(applied, npc.id);
    expect(harmed.health.value).toBe(Math.max(0, npc.health.value - 2 * (amount ?? 0)));
    const line = applied.cards.find((c) => c.id === damage.card.id)?.ledger[0];
    expect(line).toMatchObject({ multiplier: "double", before: npc.health.value, after: harmed.health.value });
    expect(line?.forced).toBeUndefined();
    const undone = ok(undoEntry(applied, damage.card.id, line?.id ?? ""));
    expect(fighter(undone, npc.id)).toMatchObject({ health: npc.health, defeated: false, wound: null });
    expect(undone.cards.find((c) => c.id === damage.card.id)?.ledger[0]?.undone).toBe(true);
    // A line undone once is not undone again.
    const again = undoEntry(undone, damage.card.id, line?.id ?? "");
    expect(again.ok).toBe(false);
  });

  it.each(["percentile", "wild", "pool", "action"] as const)(
    "in %s, a miss offers its damage to the GM only, and the GM's application says it was forced",
    (engine) => {
      const start = newFight(engine, ROSTER);
      const { pc, npc } = sides(start);
      const miss = attackUntil(start, pc, [npc.id], "miss");
      expect(damageOffer(miss.card)).toBe("force");
      const damage = damageCardAfter(miss.state, miss.card, 5);
      const refused = applyFromCard(damage.state, damage.card.id, npc.id, "full", PLAYER);
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.key).toBe("ROLLING_BONES.Error.HarmMissed");
        expect(errorMessage(refused.error, I18N)).toContain(npc.actor.name);
      }
      const forced = ok(applyFromCard(damage.state, damage.card.id, npc.id, "full"));
      expect(forced.cards.find((c) => c.id === damage.card.id)?.ledger[0]?.forced).toBe(true);
    },
  );

  it("judges each dice-pool target at its own difficulty, and each one's damage carries its own extra successes", () => {
    let state = newFight("pool", ROSTER);
    const { pc, npc } = sides(state);
    const other = ROSTER.find((a) => a.name === "Feral Ghoul");
    state = ok(addFighter(state, other as NonNullable<typeof other>));
    const ghoul = state.fighters.at(-1) as Fighter;
    state = ok(changeSheet(state, npc.id, { "system.defence": 9 }));
    state = ok(changeSheet(state, ghoul.id, { "system.defence": 4 }));
    let card: FightCard | null = null;
    for (let seed = 1; seed < 400 && card === null; seed++) {
      const next = ok(attack(state, pc.id, weaponOf(pc), [npc.id, ghoul.id], seed, SETTINGS, I18N));
      const c = lastCard(next);
      if (
        c.stored.targets.every((t) => t.verdict === "hit") &&
        c.stored.targets[0]?.extra !== c.stored.targets[1]?.extra
      ) {
        card = c;
        state = next;
      }
    }
    if (card === null) throw new Error("no seed hit both at different extras");
    const request = card.roll.request as pool.PoolRequest;
    for (const [t, difficulty] of [
      [card.stored.targets[0], 9],
      [card.stored.targets[1], 4],
    ] as const) {
      const read = pool.resolve({ ...request, difficulty }, card.roll.throws);
      expect(t?.verdict).toBe(read.result === "success" ? "hit" : "miss");
      expect(t?.extra).toBe(Math.max(0, read.net - 1));
    }
    const damage = damageCardAfter(state, card, 3);
    const after = ok(applyFromCard(damage.state, damage.card.id, npc.id, "full"));
    const both = ok(applyFromCard(after, damage.card.id, ghoul.id, "full"));
    const [first, second] = both.cards.find((c) => c.id === damage.card.id)?.ledger ?? [];
    // The ghoul earned more extra successes than the watchman: its share is the larger.
    expect((second?.amount ?? 0) > (first?.amount ?? 0)).toBe(
      card.stored.targets[1]!.extra! > card.stored.targets[0]!.extra!,
    );
  });

  it("throws a percentile target's penalty dice with the attack and reads it at its own net", () => {
    const state = newFight("percentile", ROSTER);
    const { pc, npc } = sides(state);
    const next = ok(attack(state, pc.id, weaponOf(pc), [npc.id], 9, SETTINGS, I18N));
    const card = lastCard(next);
    const request = card.roll.request as percentile.PercentileRequest;
    expect(request.extraDice).toBeGreaterThanOrEqual(1);
    const read = percentile.readAtNet(request, card.roll.throws, percentile.netAgainst(request, 1));
    expect(card.stored.targets[0]).toMatchObject({ verdict: read?.success ? "hit" : "miss", defence: 1 });
  });

  it.each([
    ["wild", "dice", -1],
    ["pool", "pool", -1],
    ["action", "modifier", -2],
    ["percentile", "penalty", 1],
  ] as const)("a wounded %s character's next attack is a step worse; its damage is not", (engine, field, step) => {
    const start = newFight(engine, ROSTER);
    const { pc, npc } = sides(start);
    // The NPC hits the character until it is wounded, forcing when needed.
    let state = start;
    for (let seed = 1; fighter(state, pc.id).wound === null; seed++) {
      state = ok(attack(state, npc.id, weaponOf(npc), [pc.id], seed, SETTINGS, I18N));
      const damage = damageCardAfter(state, lastCard(state), seed + 500);
      state = ok(applyFromCard(damage.state, damage.card.id, pc.id, "half"));
    }
    expect(fighter(state, pc.id).wound?.id).toMatch(/wounded/);
    const steps = fighter(state, pc.id).wound?.steps ?? 0;
    const fresh = lastCard(ok(attack(start, pc.id, weaponOf(pc), [], 42, SETTINGS, I18N)));
    const hurt = lastCard(ok(attack(state, pc.id, weaponOf(pc), [], 42, SETTINGS, I18N)));
    const of = (card: FightCard) => (card.roll.request as Record<string, number>)[field] ?? 0;
    expect(of(hurt) - of(fresh)).toBe(step * steps);
    // Damage is not moved by the wound (docs/rules.md §6).
    if (engine === "pool" || engine === "wild" || engine === "action") {
      const hitFresh = attackUntil(start, pc, [npc.id], "hit");
      const hitHurt = attackUntil(state, fighter(state, pc.id), [npc.id], "hit", hitFresh.seed);
      const a = damageCardAfter(hitFresh.state, hitFresh.card, 8).card.roll.request as Record<string, unknown>;
      const b = damageCardAfter(hitHurt.state, hitHurt.card, 8).card.roll.request as Record<string, unknown>;
      if (hitHurt.card.stored.targets[0]?.extra === hitFresh.card.stored.targets[0]?.extra) expect(b).toEqual(a);
    }
  });

  it("orders initiative from the highest and comes round again after the last turn", () => {
    let state = newFight("wild", ROSTER);
    state = ok(addFighter(state, ROSTER.find((a) => a.name === "Street Punk") as NonNullable<(typeof ROSTER)[0]>));
    state = ok(beginCombat(state, 3));
    const combat = state.combat;
    if (!combat) throw new Error("no combat");
    const totals = combat.order.map((id) => combat.initiative[id] as number);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    expect(currentFighter(state)).toBe(combat.order[0]);
    for (let k = 0; k < combat.order.length; k++) state = ok(nextTurn(state, I18N));
    expect(state.combat).toMatchObject({ round: 2, turn: 0 });
  });

  it("ends a 1-round condition when its bearer's next turn ends, and a 2-turn one after two turns", () => {
    let state = ok(beginCombat(newFight("pi", ROSTER), 5));
    const [first, second] = state.combat?.order ?? [];
    // During the first fighter's turn, the second is given 1 round and the first 2 turns.
    state = ok(addCondition(state, second ?? "", "rb-exhausted", { units: "rounds", value: 1 }));
    state = ok(addCondition(state, first ?? "", "rb-minor-hindrance", { units: "turns", value: 2 }));
    const left = (id: string, status: string) => {
      const c = fighter(state, id).conditions.find((x) => x.status === status);
      return c ? timeLeft(state, id, c) : "gone";
    };
    expect(left(second ?? "", "rb-exhausted")).toBe(1);
    expect(left(first ?? "", "rb-minor-hindrance")).toBe(2);
    const turn = ok(nextTurn(state, I18N));
    state = turn;
    expect(left(second ?? "", "rb-exhausted")).toBe(1);
    expect(left(first ?? "", "rb-minor-hindrance")).toBe(1);
    // The second fighter's turn ends: both have run out, and the status line names them.
    const round = nextTurn(state, I18N);
    state = ok(round);
    expect(left(second ?? "", "rb-exhausted")).toBe("gone");
    expect(left(first ?? "", "rb-minor-hindrance")).toBe("gone");
    expect(round.ok && round.ended).toEqual([
      I18N.format("ROLLING_BONES.Lab.Fight.Ended", {
        name: I18N.localize("ROLLING_BONES.Condition.rb-minor-hindrance.name"),
        who: fighter(state, first ?? "").actor.name,
      }),
      I18N.format("ROLLING_BONES.Lab.Fight.Ended", {
        name: I18N.localize("ROLLING_BONES.Condition.rb-exhausted.name"),
        who: fighter(state, second ?? "").actor.name,
      }),
    ]);
  });

  it.each([0, -1, 100, 1.5, Number.NaN])("refuses a duration of %s with its message, and puts nothing on", (value) => {
    const state = newFight("percentile", ROSTER);
    const { pc } = sides(state);
    const refused = addCondition(state, pc.id, "rb-hampered", { units: "rounds", value });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.key).toBe("ROLLING_BONES.Error.DurationInvalid");
      expect(errorMessage(refused.error, I18N)).not.toMatch(/ROLLING_BONES\./);
    }
    expect(fighter(state, pc.id).conditions).toEqual([]);
  });

  it("refuses a defence out of its engine's range typed on a sheet, and keeps the figure", () => {
    const state = newFight("pool", ROSTER);
    const { npc } = sides(state);
    const refused = changeSheet(state, npc.id, { "system.defence": 11 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(errorMessage(refused.error, I18N)).not.toMatch(/ROLLING_BONES\./);
    expect((fighter(state, npc.id).actor.system as { defence: number }).defence).toBe(7);
  });
});
