/** The pure views of the character sheets, one per character type. */

import type { CharacterSources, CharacterType } from "../../../data/actor/pure.ts";
import { actionView } from "./action.ts";
import { percentileView } from "./percentile.ts";
import { piView } from "./pi.ts";
import { poolView } from "./pool.ts";
import { ViewKit, type CharacterView, type Localizer, type ViewOptions } from "./shared.ts";
import { wildView } from "./wild.ts";

export * from "./shared.ts";
export { actionView, percentileView, piView, poolView, wildView };
export { editDice, nextDieSize, type DiceEdit } from "./pi.ts";

const VIEWS: { [T in CharacterType]: (system: CharacterSources[T], kit: ViewKit) => CharacterView } = {
  "percentile-character": percentileView,
  "action-character": actionView,
  "wild-character": wildView,
  "pi-character": piView,
  "pool-character": poolView,
};

/**
 * The view of a character sheet's body.
 *
 * @param type - The character type.
 * @param system - The character's `system` data.
 * @param i18n - Localization (`game.i18n`).
 * @param options - Whether the sheet is editable, and the id prefix of its elements.
 */
export function characterView<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  i18n: Localizer,
  options: ViewOptions,
): CharacterView {
  return VIEWS[type](system, new ViewKit(i18n, options));
}
