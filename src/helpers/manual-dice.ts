/**
 * Which dice a user enters by hand: the core Configure Dice setting names a fulfilment method per
 * denomination (`{ d20: "manual" }`), and manual entry needs the `MANUAL_ROLLS` permission.
 * [API13 Roll.DICE_CONFIGURATION_SETTING "diceConfiguration"; CONFIG.Dice.fulfillment; public module
 * code reads the setting and `game.user.hasPermission("MANUAL_ROLLS")`]
 */

/** The method id of manual entry in the Configure Dice setting. */
export const MANUAL_METHOD = "manual";

/**
 * The die sizes among `sizes` that the current user enters by hand, ascending, each once (empty when
 * the user may not roll manually).
 *
 * @param sizes - The sizes of the dice a roll threw.
 */
export function manualDieSizes(sizes: readonly number[]): number[] {
  if (!game.user.hasPermission("MANUAL_ROLLS")) return [];
  const settings = game.settings as unknown as { get(namespace: string, key: string): unknown };
  const config = settings.get("core", "diceConfiguration");
  if (typeof config !== "object" || config === null) return [];
  const methods = config as Record<string, unknown>;
  return [...new Set(sizes)]
    .filter((faces) => Object.hasOwn(methods, `d${faces}`) && methods[`d${faces}`] === MANUAL_METHOD)
    .sort((a, b) => a - b);
}
