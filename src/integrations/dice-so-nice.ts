/**
 * Dice So Nice: the system's dice in 3D. Registered when the module announces itself
 * (`diceSoNiceReady`): the system, its colorsets, the formula terms' dice presets, and, where the
 * running Dice So Nice has them (6.3 and later, v14), one dice role per die that looks different
 * (bonus, penalty, Wild Die, action die, GM action die) so each player can restyle them. Dice So Nice
 * 5.x (v13) keeps the colorsets named on the dice (dice/appearance.ts). Inactive without the module.
 */
import { SYSTEM_ID } from "../constants.ts";
import { COLORSETS, DICE_ROLES } from "../dice/appearance.ts";

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

/** The formula terms' dice as Dice So Nice types them (`d` + denomination), with their faces and shape. */
export const TERM_PRESETS: readonly { type: string; labels: string[]; shape: string; colorset?: string }[] = [
  { type: "dw", labels: ["1", "2", "3", "4", "5", "6"], shape: "d6", colorset: "rolling-bones-wild" },
  { type: "ds", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], shape: "d10" },
  { type: "dp", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"], shape: "d10" },
];

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

/**
 * Registers the system's dice with Dice So Nice: the system, its colorsets (both lines use them: 5.x
 * names them on the dice, 6.x as the roles' defaults), the formula terms' presets, and the roles
 * where the API has them.
 *
 * @param dice3d - The API `diceSoNiceReady` hands over.
 * @returns How many roles were registered (0 on Dice So Nice 5.x).
 */
export function registerDiceSoNice(dice3d: Dice3dApi): number {
  const category = game.i18n.localize("ROLLING_BONES.SystemTitle");
  dice3d.addSystem({ id: SYSTEM_ID, name: category }, "default");
  for (const set of COLORSETS) {
    dice3d.addColorset(
      { ...set, description: game.i18n.localize(set.description), category, material: "plastic", visibility: "hidden" },
      "default",
    );
  }
  for (const { shape, ...preset } of TERM_PRESETS) dice3d.addDicePreset({ ...preset, system: SYSTEM_ID }, shape);
  if (!hasDiceRoles(dice3d)) return 0;
  for (const role of DICE_ROLES) {
    dice3d.addRole?.(
      {
        id: role.id,
        label: game.i18n.localize(role.label),
        group: category,
        customizable: true,
        optional: false,
        dieTypes: [...role.dieTypes],
        defaults: { global: { colorset: role.colorset } },
      },
      { package: SYSTEM_ID },
    );
  }
  return DICE_ROLES.length;
}
