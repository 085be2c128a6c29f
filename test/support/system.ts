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

/** Installs the double and runs the system's `init`; returns the double. */
export async function bootSystem(options: InstallOptions = {}): Promise<FoundryDouble> {
  const double = installFoundry({
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
      { id: CARA, name: "Cara", role: "PLAYER" },
    ],
    ...options,
  });
  const { onInit } = await import("../../src/hooks/init.ts");
  onInit();
  return double;
}
