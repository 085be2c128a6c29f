/**
 * The race test: 1,000 concurrent spend and activation attempts (with double clicks) from the GM and
 * three players against small pools, on four open cards. Whatever the interleaving: no pool goes
 * below zero, no action is applied twice, and for every user the pool's change equals what the
 * ledgers (card ledgers and economy cards) say they spent and received. The figures are printed and
 * saved to `.scratch/action-dice-race.json`.
 */
import { partIn } from "../support/cards.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { seededUniform, type ActorSpec } from "../foundry/index.ts";
import { ROOT } from "../support/i18n.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  cardRoll,
  countOf,
  diceOf,
  errors,
  GM,
  rollAs,
  type World,
} from "./action-dice-world.ts";
import type * as GmAction from "../../src/services/gm-action.ts";
import type { CardControl, EconomyRecord, PoolControl } from "../../src/services/action-dice/index.ts";

/** Small pools: Alice level 0 (2d3), Bob level 1 (3d4), Cara level ½ (2d3); GM d8, 3 + 3 = 6d8. */
const SMALL: ActorSpec[] = [
  { id: "actorAyla0000001", name: "Ayla", type: "action-character", system: { level: 0 }, ownership: { [ALICE]: 3 } },
  { id: "actorBrann000001", name: "Brann", type: "action-character", system: { level: 1 }, ownership: { [BOB]: 3 } },
  { id: "actorCorin000001", name: "Corin", type: "action-character", system: { level: 0.5 }, ownership: { [CARA]: 3 } },
];

const USERS = [GM, ALICE, BOB, CARA] as const;
const ATTEMPTS = 1000;

let w: World;
afterEach(() => w.double.uninstall());

describe("action dice: the race", () => {
  it("1,000 concurrent attempts from four users against small pools: nothing spent twice, no pool below 0, ledgers = pool changes", async () => {
    w = await bootWorld({ actors: SMALL, queryLatency: 1 });
    // The GM-side actions load on first use; a GM who has played a while has them loaded already.
    await Promise.all([
      import("../../src/services/action-dice/card-actions.ts"),
      import("../../src/services/action-dice/pool-actions.ts"),
    ]);
    const gm: typeof GmAction = await import("../../src/services/gm-action.ts");
    await w.double.actAs(GM, () => w.service.startSession());
    const initial = Object.fromEntries(USERS.map((u) => [u, countOf(w, u)]));
    expect(initial).toEqual({ [GM]: 6, [ALICE]: 2, [BOB]: 3, [CARA]: 2 });

    // four open cards: a potential botch (Alice), a critical threat (Bob), a check failed by 5+ (Cara), an NPC's botch (GM)
    const cards: Record<string, string> = {
      [ALICE]: await rollAs(w, ALICE, { botchRange: 2 }, [[1, 20]]),
      [BOB]: await rollAs(w, BOB, { kind: "attack", modifier: 2 }, [[20, 20]]),
      [CARA]: await rollAs(w, CARA, { dc: 20 }, [[3, 20]]),
      [GM]: await rollAs(w, GM, { kind: "save" }, [[1, 20]]),
    };
    const cardIds = Object.values(cards);
    w.double.CONFIG.Dice.randomUniform = seededUniform(42);

    const rng = seededUniform(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
    const applied = new Set<string>();
    const outcomes = { accepted: 0, refused: 0, doubleClicks: 0 };

    /** One attempt: wait a little, look at the card or pool as this client sees it, click (sometimes twice). */
    const attempt = async (user: string): Promise<void> => {
      await new Promise((r) => setTimeout(r, Math.floor(rng() * 40)));
      const roll = rng();
      let name: string;
      let data: unknown;
      let id: string;
      if (roll < 0.7) {
        const messageId = roll < 0.35 ? (cards[user] ?? "") : pick(cardIds);
        const card = cardRoll(w, messageId, user).card;
        const seen = card.ledger.length;
        const own = diceOf(w, user) ?? [];
        const kinds: CardControl[] = [
          { type: "augment", faces: own[0]?.faces ?? 4 },
          { type: "reroll" },
          { type: "botch", dice: 1 + Math.floor(rng() * 2) },
          { type: "critical", dice: 1 },
          { type: "specialBotch", dice: 1 },
        ];
        if (user === GM && rng() < 0.2) {
          const standing = card.ledger.filter((e) => !e.undone);
          kinds.push(standing.length > 0 ? { type: "undo", entry: pick(standing).id } : { type: "close" });
        }
        const c = pick(kinds);
        name = w.service.CARD_ACTION;
        data = { messageId, seen, control: c };
        id = w.service.cardActionId(messageId, c, seen, user);
      } else {
        const c: PoolControl =
          user === GM
            ? rng() < 0.5
              ? { type: "award", to: pick([ALICE, BOB, CARA]) }
              : { type: "take", from: pick([ALICE, BOB, CARA, GM]) }
            : rng() < 0.5
              ? { type: "insight", dice: 1, subject: pick(["door", "idol", "map"]) }
              : { type: "luckyBreak" };
        const target = w.service.poolTarget(c, user);
        const seen = w.double.actAs(
          user,
          () => w.service.sessionPoolOf(w.double.game.users.get(target) as never)?.rev ?? null,
        );
        name = w.service.POOL_ACTION;
        data = { control: c, seen };
        id = gm.actionIdFor("pool", c.type, target, seen ?? "none", 1, user);
      }
      const clicks = rng() < 0.1 ? 2 : 1;
      if (clicks === 2) outcomes.doubleClicks++;
      const results = await w.double.actAs(user, () =>
        Promise.all(Array.from({ length: clicks }, () => gm.requestGmAction(name, data, id))),
      );
      for (const r of results) {
        if (r === null) outcomes.refused++;
        else {
          outcomes.accepted++;
          applied.add(id);
        }
      }
    };

    await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => attempt(USERS[i % USERS.length] as string)));

    // every pool is whole: no part at or below zero
    for (const u of USERS) for (const part of diceOf(w, u) ?? []) expect(part.count).toBeGreaterThan(0);

    // every change in the world is one accepted action id, and every accepted id is one change
    const ledgers = cardIds.map((id) => cardRoll(w, id).card);
    const economy = w.double
      .storedMessages()
      .map((m) => partIn(m, "economy") as EconomyRecord | undefined)
      .filter((r): r is EconomyRecord => r?.entry != null);
    const changes = [
      ...ledgers.flatMap((c) => c.ledger.map((e) => e.id)),
      ...ledgers.flatMap((c) => c.events.map((e) => e.id)),
      ...economy.map((r) => r.entry!.id),
    ];
    expect(new Set(changes).size).toBe(changes.length);
    expect(new Set(changes)).toEqual(applied);

    // for every user: start − card spends standing + economy changes = now
    const figures: Record<string, unknown> = {};
    for (const u of USERS) {
      const spentOnCards = ledgers
        .flatMap((c) => c.ledger)
        .filter((e) => e.by === u && !e.undone)
        .reduce((n, e) => n + e.dice.reduce((m, d) => m + d.count, 0), 0);
      const economyDelta = economy
        .flatMap((r) => r.entry!.changes)
        .filter((c) => c.userId === u)
        .reduce((n, c) => n + c.added.reduce((m, d) => m + d.count, 0) - c.removed.reduce((m, d) => m + d.count, 0), 0);
      const now = countOf(w, u);
      expect(now).toBeGreaterThanOrEqual(0);
      expect(initial[u]! - spentOnCards + economyDelta).toBe(now);
      figures[w.double.game.users.get(u)!.name] = { start: initial[u], spentOnCards, economyDelta, now };
    }

    const reasons: Record<string, number> = {};
    for (const text of errors(w)) reasons[text] = (reasons[text] ?? 0) + 1;
    const report = {
      attempts: ATTEMPTS,
      requests: outcomes.accepted + outcomes.refused,
      doubleClicks: outcomes.doubleClicks,
      accepted: outcomes.accepted,
      refused: outcomes.refused,
      appliedActions: applied.size,
      cardLedgerEntries: ledgers.reduce((n, c) => n + c.ledger.length, 0),
      undone: ledgers.reduce((n, c) => n + c.ledger.filter((e) => e.undone).length, 0),
      cardEvents: ledgers.reduce((n, c) => n + c.events.length, 0),
      economyEntries: economy.length,
      pools: figures,
      refusals: reasons,
    };
    mkdirSync(path.join(ROOT, ".scratch"), { recursive: true });
    writeFileSync(path.join(ROOT, ".scratch/action-dice-race.json"), JSON.stringify(report, null, 2));
    console.info(JSON.stringify(report, null, 2));
    // the race really competed: many refusals, and the pools ran low
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(applied.size).toBeGreaterThan(20);
  }, 120_000);
});
