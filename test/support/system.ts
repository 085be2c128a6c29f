/**
 * Boots Rolling Bones on the Foundry test double: installs the double's globals, then imports the
 * system (its modules read `foundry.*` when they load, as in a real client) and runs its `init` hook.
 */
import { installFoundry, type FoundryDouble, type InstallOptions } from "../foundry/index.ts";

/** The users most tests use: a GM and three players. */
export const GM = "gamemaster000000";
export const ALICE = "playerAlice00000";
export const BOB = "playerBob0000000";
export const CARA = "playerCara000000";

export const ASSISTANT = "assistantGm00000";

/**
 * The world a run asks for: `RB_WORLD=13` or `RB_WORLD=14` (vitest.world.config.ts) runs the same
 * tests in a world of several clients with latency (3 ms per hop, or `RB_LATENCY`), an assistant GM
 * connected too, in that generation; unset, the one-client timing (every change everywhere at once) in v13.
 */
function worldOptions(): InstallOptions {
  const generation = process.env.RB_WORLD;
  if (generation !== "13" && generation !== "14") return {};
  // `RB_LATENCY` (ms per hop) runs them at a table's latency too (vitest.world.config.ts, 150 ms).
  const latency = Number(process.env.RB_LATENCY ?? 3);
  return { generation: Number(generation) as 13 | 14, latency, queryLatency: latency };
}

/** The users of a world whose Gamemaster is logged out and whose Assistant GM is the active GM (a handover). */
export const ASSISTANT_ONLY_USERS = Object.freeze([
  { id: GM, name: "Gamemaster", role: "GM" as const, active: false },
  { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" as const },
  { id: ALICE, name: "Alice", role: "PLAYER" as const },
  { id: BOB, name: "Bob", role: "PLAYER" as const },
  { id: CARA, name: "Cara", role: "PLAYER" as const },
]);

/** Installs the double and runs the system's `init`; returns the double. */
export async function bootSystem(options: InstallOptions = {}): Promise<FoundryDouble> {
  const world = worldOptions();
  const double = installFoundry({
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      ...(world.latency
        ? [{ id: ASSISTANT, name: "Assistant", role: "ASSISTANT" as const, active: process.env.RB_ASSISTANT === "1" }]
        : []),
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
      { id: CARA, name: "Cara", role: "PLAYER" },
    ],
    ...world,
    ...options,
  });
  const { onInit } = await import("../../src/hooks/init.ts");
  onInit();
  return double;
}

/**
 * The GM's page reloads right after it applied its first privileged action, before the answer left:
 * the GM goes inactive (the world drops an inactive client's answer) and its module memory of replies
 * is gone, so the asker's retry reaches the next GM under the same id.
 *
 * @returns Whether the handover has happened yet.
 */
export async function reloadGmAfterFirstAction(double: FoundryDouble): Promise<() => boolean> {
  const gmAction = await import("../../src/services/gm-action.ts");
  const handler = double.CONFIG.queries[gmAction.ACTION_QUERY] as typeof gmAction.handleActionQuery;
  let handedOver = false;
  double.CONFIG.queries[gmAction.ACTION_QUERY] = async (query: { userId: string; actionId: string }) => {
    const reply = await handler(query);
    if (double.game.user.id === GM && !handedOver) {
      handedOver = true;
      double.setActive(GM, false);
      gmAction.forgetGmActions();
    }
    return reply;
  };
  return () => handedOver;
}
