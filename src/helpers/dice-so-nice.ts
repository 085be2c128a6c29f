/**
 * Dice So Nice's API as the system reads it: whether the module is active, and whether its API has
 * dice roles (6.3 and later). The registration itself is in integrations/dice-so-nice.ts; the dice
 * read this to choose what a die stores (dice/rolls/engine-roll.ts).
 */

/**
 * A dice role as Dice So Nice 6.x takes it: id, label, group, whether players may restyle it, the die
 * shapes it applies to and its default appearance. [public code: Foundryborne/daggerheart
 * `dsnConfig.mjs` getDiceRoles (`id`, `label`, `group`, `customizable`, `dieTypes`,
 * `defaults.global.colorset`) and `dice3d.addRole(role, { package })`]
 */
export interface DiceRoleConfig {
  id: string;
  label: string;
  group: string;
  customizable: boolean;
  optional: boolean;
  dieTypes: string[];
  defaults: { global: { colorset: string } };
}

/** The part of Dice So Nice's API the system uses to register its dice (the module is optional; its types are not ours). */
export interface Dice3dApi {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addColorset(colorset: object, mode?: string): unknown;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape: string): void;
  /** Dice So Nice 6.3 and later only. */
  addRole?: (role: DiceRoleConfig, options: { package: string }) => void;
}

/** Dice So Nice's API when the module is active, else `null`. */
export function diceSoNice(): Dice3dApi | null {
  if (game.modules.get("dice-so-nice")?.active !== true) return null;
  // Dice So Nice adds `game.dice3d`; fvtt-types does not know it.
  return (game as unknown as { dice3d?: Dice3dApi }).dice3d ?? null;
}

/**
 * Whether the running Dice So Nice has dice roles (6.3 and later): told by its API's shape, not its
 * version, so a release that adds or drops them is read right.
 */
export function hasDiceRoles(api: Dice3dApi | null = diceSoNice()): boolean {
  return typeof api?.addRole === "function";
}
