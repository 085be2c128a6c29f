/**
 * The test world of the targets and fight scenarios: Alice's Vex as a duellist (Dexterity 3 +
 * Swordplay 2, a sword of difficulty 6 and damage 2) among the other characters and the NPCs a test
 * names, booted with the system hooks the scenario needs, as `registerHooks` registers them.
 */
import { weaponSystem as sampleWeapon } from "../data/samples.ts";
import { bootWorld, CHARACTERS, VEX, type World } from "./points-world.ts";

/** Vex's sword. */
export const SWORD = "itemSword0000001";

/** The system hooks a duel world may register, each read from the module that registers it in the system. */
const HOOKS = {
  createChatMessage: async () => (await import("../../src/hooks/create-chat-message.ts")).onCreateChatMessage,
  updateChatMessage: async () => (await import("../../src/hooks/update-chat-message.ts")).onUpdateChatMessage,
  updateCombat: async () => (await import("../../src/hooks/update-combat.ts")).onUpdateCombat,
  damageControl: async () => (await import("../../src/applications/chat/damage-control.ts")).addDamageControl,
  targetFigures: async () => (await import("../../src/applications/chat/target-figures.ts")).addGmTargetFigures,
} as const;

/** The Foundry hook each of {@link HOOKS} listens to. */
const EVENT: Readonly<Record<keyof typeof HOOKS, string>> = {
  createChatMessage: "createChatMessage",
  updateChatMessage: "updateChatMessage",
  updateCombat: "updateCombat",
  damageControl: "renderChatMessageHTML",
  targetFigures: "renderChatMessageHTML",
};

/** The world's characters with Vex as the duellist, then the NPCs. */
export function duelActors(npcs: readonly object[]): object[] {
  const vex = {
    ...structuredClone(CHARACTERS.find((c) => c.id === VEX)!),
    system: {
      schemaVersion: 2,
      attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
      abilities: { abilitySword0001: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
      willpower: { permanent: 5, current: 2 },
      traits: {},
    },
    items: [{ _id: SWORD, name: "Sword", type: "weapon", system: { ...sampleWeapon({ pool: { damage: 2 } }) } }],
  };
  return [...structuredClone(CHARACTERS).filter((c) => c.id !== VEX), vex, ...npcs];
}

/**
 * Boots the duel world with the NPCs, and registers the system hooks named.
 *
 * @param npcs - The NPCs beside the characters.
 * @param hooks - The system hooks to register.
 * @param options - More of the world (its scenes).
 */
export async function bootDuel(
  npcs: readonly object[],
  hooks: readonly (keyof typeof HOOKS)[],
  options: Omit<NonNullable<Parameters<typeof bootWorld>[0]>, "actors"> = {},
): Promise<World> {
  const w = await bootWorld({ ...options, actors: duelActors(npcs) as never });
  for (const hook of hooks) w.double.Hooks.on(EVENT[hook], await HOOKS[hook]());
  return w;
}
