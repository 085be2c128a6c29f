/**
 * A weapon attack as a roll dialog offers it, built from the attack a trait gives, Foundry-free and
 * small: the sheets' roll buttons (always loaded) build it, while the dialogs load on the first roll.
 */
import type { PairPart, WeaponAttack } from "../../data/actor/attacks.ts";
import type { TraitLabel } from "../../data/actor/requests.ts";
import type { DialogAttack, DialogItem, PickerOption } from "./equipment.ts";

/**
 * A weapon attack as a dialog offers it, from the attack a trait gives (`requestForTrait`): the
 * weapon with what it adjusts after the pick, each choice with its label as text, and a dice-pool
 * attack's two pickers. The Foundry layer and the lab both build it here.
 *
 * @param attack - The trait's attack.
 * @param adjustments - What the weapon adjusts after the pick (`itemAdjustments`).
 * @param label - A trait label as text (`traitLabelOf` with the user's localization).
 */
export function dialogAttackOf(
  attack: WeaponAttack,
  adjustments: DialogItem["adjustments"],
  label: (label: TraitLabel) => string,
): DialogAttack {
  const option = (part: PairPart): PickerOption => ({ value: part.key, text: label(part.label), dice: part.dots });
  return {
    weapon: { ...attack.weapon, adjustments },
    uses: attack.uses.map((use) => ({
      value: use.value,
      text: label(use.label),
      request: use.request,
      ...(use.group ? { group: label(use.group) } : {}),
    })),
    use: attack.use,
    ...(attack.pairs
      ? { pickers: { attributes: attack.pairs.attributes.map(option), abilities: attack.pairs.abilities.map(option) } }
      : {}),
  };
}
