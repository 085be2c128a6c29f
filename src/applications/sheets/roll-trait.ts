/** What a sheet's roll button does: turn the pressed trait into the roll dialog (or a direct roll). */

import {
  asCharacter,
  traitLabelOf,
  type EquipmentLookup,
  type CharacterType,
  type TraitLabel,
  type TraitRef,
} from "../../data/actor/pure.ts";
import { requestForTrait } from "../../data/actor/trait-rolls.ts";
import { EngineError, shared, type EngineId } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";
import { openRollDialog } from "../dialogs/open.ts";
import { configureRoll } from "../dialogs/configure.ts";
import { dialogAttackOf } from "../dialogs/attack-of.ts";
import type { DialogAttack } from "../dialogs/equipment.ts";
import { rollWithPoints } from "../../services/points/index.ts";
import { rollToChat } from "../../services/roll.ts";
import { lastUseOf } from "../../services/equipment.ts";
import type { DamageFromAttack } from "../../dice/cards/attack-result.ts";
import { readTargets } from "../../dice/cards/targets.ts";
import { DAMAGE_ENGINES, isItemType, itemAdjustments, type ItemData } from "../../data/item/pure.ts";
import type { WeaponAttack } from "../../data/actor/attacks.ts";

/** A character's items as the pure functions read them: by own id (`items.get`), the system's item types only. */
export function equipmentOf(actor: Actor.Implementation): EquipmentLookup {
  return (id) => {
    const item = actor.items.get(id);
    if (!item || !isItemType(item.type)) return undefined;
    // The item's type is one of ours (checked above), so its system is that type's data.
    const data = { type: item.type, system: item.system } as unknown as ItemData;
    return { name: item.name, lastUse: lastUseOf(item), ...data };
  };
}

/** A roll that follows no attack carries nothing from one. */
const NOTHING_FROM_ATTACK: DamageFromAttack = Object.freeze({ extraDice: 0, critical: null });

/** The label of a rolled trait as text. */
export function traitLabelText(label: TraitLabel): string {
  return traitLabelOf(label, (key) => game.i18n.localize(key));
}

/**
 * Rolls a character's trait: opens the engine's roll dialog with the request the trait gives
 * (`requestForTrait`), titled with the trait's name and spoken by the actor; with Shift held (or
 * the client setting inverting it) the dialog rolls at once. A trait the character does not have,
 * or a stored value the engine cannot read, is reported with one localized message and nothing is
 * rolled. Only an owner of the character (or a GM) may roll it.
 *
 * @param actor - The character.
 * @param type - Its character type.
 * @param system - Its `system` data.
 * @param trait - The trait pressed.
 * @param event - The click or key press (its Shift key skips the dialog).
 * @param from - For a damage roll made from an attack card: what the attack earned (extra dice, a critical).
 */
export async function rollTrait<T extends CharacterType>(
  actor: Actor.Implementation,
  type: T,
  system: Parameters<typeof requestForTrait<T>>[1],
  trait: TraitRef,
  event?: Event,
  from: DamageFromAttack = NOTHING_FROM_ATTACK,
): Promise<void> {
  // Only an owner (or a GM) rolls a character's traits and its equipment, whoever can see the sheet.
  if (!actor.isOwner) {
    reportError(new EngineError("RequestNotYours", { name: actor.name }));
    return;
  }
  let roll;
  try {
    roll = requestForTrait(type, system, trait, equipmentOf(actor), {
      extraDice: from.extraDice,
      ...(from.multiplier === undefined ? {} : { multiplier: from.multiplier }),
    });
  } catch (error) {
    reportError(error);
    return;
  }
  const name = traitLabelText(roll.label);
  const title = roll.damage ? game.i18n.format("ROLLING_BONES.Damage.Roll", { name }) : name;
  const rollOptions = {
    ...traitRollOptions(actor, trait, roll.engine, roll.damage),
    // The parts of the modifier (the wielder's ability, the weapon's figure), named on the card.
    ...(roll.parts ? { parts: roll.parts } : {}),
    // What a damage roll carries from its attack (extra dice, a critical), named on its card, and the
    // attack's targets with their verdicts.
    ...(roll.damage && (from.extraDice > 0 || from.critical || (from.multiplier ?? 1) > 1)
      ? {
          fromAttack: {
            extraDice: from.extraDice,
            critical: from.critical,
            ...(from.multiplier === undefined ? {} : { multiplier: from.multiplier }),
          },
        }
      : {}),
    ...(roll.damage && readTargets(from.targets).length > 0 ? { targets: readTargets(from.targets) } : {}),
  };
  if (roll.damage?.direct === true) {
    // A weapon's direct damage has no dialog; modules still configure it first (`rollingBones.preConfigure`).
    const configured = configureRoll(roll.engine, { actor, title, initial: roll.request as never, rollOptions }, false);
    if (configured === null) return;
    const post = {
      speaker: ChatMessage.getSpeaker({ actor }),
      ...(configured.title === undefined ? {} : { flavor: configured.title }),
      ...(configured.rollOptions ? { rollOptions: configured.rollOptions } : {}),
    };
    // A percentile weapon's damage: its formula times the hit's multiplier, which no condition,
    // wound or point moves (docs/rules.md §6).
    if (roll.engine === "percentile") await rollToChat(roll.engine, configured.initial ?? {}, post);
    else await rollWithPoints(roll.engine, configured.initial ?? {}, { actor, ...post });
    return;
  }
  await openRollDialog(roll.engine, {
    actor,
    title,
    // `roll.request` is the request of `roll.engine` (requestForTrait pairs them).
    initial: roll.request as never,
    event,
    rollOptions,
    ...(roll.attack ? { attack: dialogAttack(actor, roll.engine, roll.attack) } : {}),
  });
}

/**
 * A weapon attack as its dialog offers it: the weapon with what it adjusts after the pick (read
 * from the character's own item), and each choice of skill or attributes with its label as text.
 */
export function dialogAttack(actor: Actor.Implementation, engine: EngineId, attack: WeaponAttack): DialogAttack {
  const item = equipmentOf(actor)(attack.weapon.id);
  return dialogAttackOf(attack, item ? itemAdjustments(engine, item) : [], traitLabelText);
}

/**
 * What a trait's roll stores beside its request: for a weapon attack of an engine that rolls weapon
 * damage (action dice, Wild Die, dice pool), the weapon (actor and item ids) so its card offers the
 * damage roll; for a damage roll, whose weapon it is and what it rolls, as text for the card's damage
 * line. (An attack whose skill is chosen in the dialog names its weapon from that choice:
 * `dialogs/equipment.ts`.) The roll dialog posts these with its roll.
 */
export function traitRollOptions(
  actor: Actor.Implementation,
  trait: TraitRef,
  engine: EngineId,
  damage: { weapon: string; rolled: string } | undefined,
): Record<string, unknown> {
  if (trait.kind === "weapon") {
    return DAMAGE_ENGINES.includes(engine) ? { weapon: { actor: actor.id ?? "", item: trait.key } } : {};
  }
  if (damage) return { damage: { actor: actor.name, weapon: damage.weapon, rolled: damage.rolled } };
  return {};
}

/**
 * Rolls a trait of a character by its id, as its sheet's roll button does (the trait macros call
 * this through `game.system.api.rollTrait`): {@link rollTraitOf} the world's actor of that id; an
 * unknown id is reported with one localized message and nothing is rolled.
 *
 * @param actorId - The character's id.
 * @param trait - The trait, as a roll button names it.
 * @param event - The click that asked for it (Shift skips the dialog).
 * @param from - For a damage roll made from an attack card: what the attack earned (extra dice, a critical).
 */
export async function rollActorTrait(
  actorId: string,
  trait: TraitRef,
  event?: Event,
  from: DamageFromAttack = NOTHING_FROM_ATTACK,
): Promise<void> {
  const actor = game.actors.get(shared.textOf(actorId));
  if (!actor) {
    reportError(new EngineError("RequestCharacter", { id: actorId }));
    return;
  }
  await rollTraitOf(actor, trait, event, from);
}

/**
 * Rolls a trait of an actor (a world actor, or an unlinked token's own), as its sheet's roll button
 * does (`actor.rollTrait`, the sheets and Token Action HUD call this). Only an owner of the character
 * may roll it; an actor of no character type of ours, or a trait named wrongly, is reported with one
 * localized message and nothing is rolled.
 *
 * @param actor - The character.
 * @param trait - The trait, as a roll button names it.
 * @param event - The click that asked for it (Shift skips the dialog).
 * @param from - For a damage roll made from an attack card: what the attack earned (extra dice, a critical).
 */
export async function rollTraitOf(
  actor: Actor.Implementation,
  trait: TraitRef,
  event?: Event,
  from: DamageFromAttack = NOTHING_FROM_ATTACK,
): Promise<void> {
  const character = asCharacter(actor.type, actor.system);
  if (!character) {
    reportError(new EngineError("RequestCharacter", { id: actor.id ?? "" }));
    return;
  }
  if (!actor.isOwner) {
    reportError(new EngineError("RequestNotYours", { name: actor.name }));
    return;
  }
  const t: Partial<Record<keyof TraitRef, unknown>> = shared.isRecord(trait) ? trait : {};
  if (typeof t.kind !== "string" || typeof t.key !== "string" || !["string", "undefined"].includes(typeof t.with)) {
    reportError(new EngineError("UnknownTrait", { kind: t.kind, key: t.key }));
    return;
  }
  await rollTrait(actor, character.type, character.system as never, trait, event, from);
}
