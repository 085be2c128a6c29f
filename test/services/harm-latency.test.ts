// @vitest-environment happy-dom
/**
 * Damage applied at 150 ms per hop (every client's changes and every query to the GM), in v13 and
 * v14 (vitest.world.config.ts): four players each apply their own damage card to the same goblin at
 * the same moment, through the active GM, and every blow lands once (nothing lost, nothing doubled);
 * the four pressing the same control of one card at once apply it once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALICE, BOB, CARA, GM } from "../support/system.ts";
import { bootHarmWorld, GOBLIN, healthOf, inLog, ledgerOf, type HarmWorld } from "./harm-world.ts";
import { d6s } from "./points-world.ts";

const DANA = "playerDana000000";
const PLAYERS = [ALICE, BOB, CARA, DANA];

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

async function boot(): Promise<void> {
  w = await bootHarmWorld({
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
      { id: CARA, name: "Cara", role: "PLAYER" },
      { id: DANA, name: "Dana", role: "PLAYER" },
    ],
    latency: 150,
    queryLatency: 150,
  });
}

/** A player's own damage card (a Wild Die roll of 2D showing 2 and 2: 4 damage) on the goblin. */
async function cardOf(userId: string): Promise<string> {
  d6s(w, 2, 2);
  const message = await w.double.actAs(userId, () =>
    w.points.rollWithPoints(
      "wild",
      { dice: 2 },
      {
        visibility: "public",
        rollOptions: { damage: { actor: userId, weapon: "Club", rolled: "2D" }, targets: [GOBLIN] },
      },
    ),
  );
  await w.double.settle();
  return message!.id!;
}

/**
 * Waits until every card's controls are idle again: a pressed control marks its card busy until its
 * request was answered (applications/chat/card-actions.ts), so nothing is still travelling when the
 * test ends.
 */
async function idle(cards: readonly HTMLElement[]): Promise<void> {
  await vi.waitFor(() => expect(cards.filter((c) => c.getAttribute("aria-busy") === "true")).toEqual([]), {
    timeout: 30_000,
    interval: 50,
  });
}

describe("four players applying at 150 ms", () => {
  it("four cards applied to one goblin at once: every blow lands once", async () => {
    await boot();
    const cards: string[] = [];
    for (const p of PLAYERS) cards.push(await cardOf(p));
    // Every player's button, in their own chat log, pressed in the same moment.
    const logs = await Promise.all(PLAYERS.map(async (p, k) => (await inLog(w, cards[k]!, p)).html));
    const buttons = logs.map((html) =>
      html.querySelector<HTMLButtonElement>(`[data-harm-row][data-actor="${GOBLIN}"] [data-multiplier="half"]`)!,
    );
    await Promise.all(buttons.map((b) => w.double.press(b)));
    await idle(logs);
    await vi.waitFor(() => expect(cards.map((id) => ledgerOf(w, id).entries.length)).toEqual([1, 1, 1, 1]), {
      timeout: 20_000,
      interval: 50,
    });
    await w.double.settle();
    // Four blows of ×½ of 4 = 2 each: 10 − 8.
    expect(healthOf(w, GOBLIN).value).toBe(2);
    const befores = cards.map((id) => ledgerOf(w, id).entries[0]!.before).sort((a, b) => b - a);
    expect(befores).toEqual([10, 8, 6, 4]);
    expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("the four pressing the same control of one card at once apply it once", async () => {
    await boot();
    const id = await cardOf(ALICE);
    const logs = await Promise.all(PLAYERS.map(async (p) => (await inLog(w, id, p)).html));
    const buttons = logs.map((html) =>
      html.querySelector<HTMLButtonElement>(`[data-harm-row][data-actor="${GOBLIN}"] [data-multiplier="full"]`)!,
    );
    await Promise.all(buttons.map((b) => w.double.press(b)));
    // Every press's request answered (each card idle again), however slow the machine.
    await idle(logs);
    await w.double.settle();
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(ledgerOf(w, id).entries).toHaveLength(1);
  });
});
