/**
 * Dice So Nice: the system's dice in 3D. Registered when the module announces itself
 * (`diceSoNiceReady`): the system, its colorsets, the formula terms' dice presets, and, where the
 * running Dice So Nice has them (6.3 and later, v14), one dice role per die that looks different
 * (bonus, penalty, Wild Die, action die, GM action die) so each player can restyle them. Dice So Nice
 * 5.x (v13) keeps the colorsets named on the dice (dice/appearance.ts). Inactive without the module.
 */
import { SYSTEM_ID } from "../constants.ts";
import { COLORSETS, DICE_ROLES } from "../dice/appearance.ts";
import { hasDiceRoles, type Dice3dApi } from "../helpers/dice-so-nice.ts";

export { diceSoNice, hasDiceRoles, type Dice3dApi, type DiceRoleConfig } from "../helpers/dice-so-nice.ts";

/** The formula terms' dice as Dice So Nice types them (`d` + denomination), with their faces and shape. */
export const TERM_PRESETS: readonly { type: string; labels: string[]; shape: string; colorset?: string }[] = [
  { type: "dw", labels: ["1", "2", "3", "4", "5", "6"], shape: "d6", colorset: "rolling-bones-wild" },
  { type: "ds", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], shape: "d10" },
  { type: "dp", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"], shape: "d10" },
];

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
