/**
 * The request a roll of one trait starts from (`requestForTrait`): the pure link between a sheet's
 * roll buttons and the engines. The roll dialog starts from this request and adds what the player
 * chooses (difficulty, bonus dice, points to spend…). Only code that rolls imports this module (the
 * sheets' trait rolls, the GM's roll requests, Quench), so it loads with the first roll, not at startup.
 */

import { percentile, pool, shared, wild } from "../../engines/core.ts";
import type { ActionRequest } from "../../engines/action/core.ts";
import type { PercentileRequest } from "../../engines/percentile/core.ts";
import type { PiRequest } from "../../engines/pi/core.ts";
import type { PoolRequest } from "../../engines/pool/core.ts";
import type { WildRequest } from "../../engines/wild/core.ts";
import { actionDamageRequest, percentileDamageRequest } from "../item/damage.ts";
import { attackAbility, damageAddsStrength, weaponAttackRequest } from "../item/figures.ts";
import type { ItemSources } from "../item/types.ts";
import { defaultUse, usualUse, useValue, type AttackUse, type UsualUse } from "./attacks.ts";
import {
  PERCENTILE_ATTRIBUTES,
  PI_ATTRIBUTES,
  POOL_ATTRIBUTES,
  WILD_ATTRIBUTES,
  type CharacterType,
} from "./constants.ts";
import { piHindrance } from "./derived.ts";
import {
  fixedTraitKey,
  UNTRAINED_ATTACK,
  UNTRAINED_GROUP_KEY,
  WILLPOWER_KEY,
  type DamageFrom,
  type EquipmentLookup,
  type TraitPart,
  type TraitRoll,
} from "./requests.ts";
import type { TraitLabel, TraitRef } from "./traits.ts";
import type { CharacterSources, Entries } from "./types.ts";

const { EngineError, ownValue, requireInt } = shared;

function unknownTrait(trait: TraitRef): never {
  throw new EngineError("UnknownTrait", { kind: trait.kind, key: trait.key });
}

function entry<V>(entries: Entries<V>, trait: TraitRef): V {
  return ownValue(entries, trait.key) ?? unknownTrait(trait);
}

/**
 * The request a roll of one trait starts from.
 *
 * @param type - The character type.
 * @param system - The character's `system` data.
 * @param trait - The trait to roll.
 * @param equipment - The character's items (a `weapon` trait names one); none when omitted.
 * @param from - What the attack a `damage` roll follows earned (dice-pool extra successes); nothing when omitted.
 * @returns The engine, the request and the label for the card.
 * @throws EngineError `UnknownTrait` when the character has no such trait; the engine's own error
 *   when a stored value cannot be read (a bad die code).
 */
export function requestForTrait<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  trait: TraitRef,
  equipment?: EquipmentLookup,
  from?: DamageFrom,
): TraitRoll<T>;
export function requestForTrait(
  type: CharacterType,
  system: unknown,
  trait: TraitRef,
  equipment: EquipmentLookup = () => undefined,
  from: DamageFrom = {},
): TraitRoll {
  switch (type) {
    case "percentile-character":
      return percentileRoll(system as CharacterSources[typeof type], trait, equipment, from);
    case "action-character":
      return actionRoll(system as CharacterSources[typeof type], trait, equipment);
    case "wild-character":
      return wildRoll(system as CharacterSources[typeof type], trait, equipment);
    case "pi-character":
      return piRoll(system as CharacterSources[typeof type], trait, equipment);
    case "pool-character":
      return poolRoll(system as CharacterSources[typeof type], trait, equipment, from);
  }
}

function percentileRoll(
  system: CharacterSources["percentile-character"],
  trait: TraitRef,
  equipment: EquipmentLookup,
  from: DamageFrom = {},
): TraitRoll {
  const type = "percentile-character";
  if (trait.kind === "damage") {
    // The weapon's damage formula times the hit's multiplier (docs/rules.md §6); from the sheet, the
    // weapon's own multiplier.
    const weapon = weaponOf(equipment, trait);
    const formula = weapon.system.percentile.damage.trim();
    const multiplier =
      from.multiplier === undefined
        ? weapon.system.percentile.multiplier
        : requireInt(from.multiplier, "multiplier", 1, percentile.MAX_DAMAGE_MULTIPLIER);
    const request = percentileDamageRequest(formula, weapon.name, multiplier);
    return {
      engine: "percentile",
      request,
      label: { name: weapon.name },
      // No dialog: the formula and the multiplier are all there is to choose.
      damage: { weapon: weapon.name, rolled: `${formula} × ${multiplier}`, direct: true },
    };
  }
  if (trait.kind === "weapon") {
    const weapon = weaponOf(equipment, trait);
    // The weapon's base damage multiplier is the called shot's base (raised by each voluntary penalty die).
    const multiplier = weapon.system.percentile.multiplier;
    const uses = attackUses(
      [
        ...Object.keys(system.skills).map((key) => ({ kind: "skill", key })),
        ...PERCENTILE_ATTRIBUTES.filter((key) => ownValue(system.attributes, key)).map((key) => ({
          kind: "attribute",
          key,
        })),
      ],
      (use) => {
        const roll = percentileRoll(system, use, equipment);
        return { ...roll, request: { ...(roll.request as PercentileRequest), damageMultiplier: multiplier } };
      },
    );
    return weaponAttack("percentile", weapon, uses, trait, UNTRAINED_ATTACK.percentile);
  }
  if (trait.kind === "attribute") {
    const attribute = ownValue(system.attributes, trait.key) ?? unknownTrait(trait);
    const request: PercentileRequest = { bonus: 0, penalty: 0, column: attribute.rating };
    return { engine: "percentile", request, label: { key: fixedTraitKey(type, "attributes", trait.key) } };
  }
  if (trait.kind === "skill") {
    const skill = entry(system.skills, trait);
    return {
      engine: "percentile",
      request: { bonus: 0, penalty: 0, column: skill.rating },
      label: { name: skill.name },
    };
  }
  return unknownTrait(trait);
}

function actionRoll(
  system: CharacterSources["action-character"],
  trait: TraitRef,
  equipment: EquipmentLookup,
): TraitRoll {
  const type = "action-character";
  switch (trait.kind) {
    case "ability": {
      const ability = ownValue(system.abilities, trait.key) ?? unknownTrait(trait);
      const request: ActionRequest = { kind: "check", modifier: ability.mod };
      return { engine: "action", request, label: { key: fixedTraitKey(type, "abilities", trait.key) } };
    }
    case "save": {
      const save = ownValue(system.saves, trait.key) ?? unknownTrait(trait);
      const request: ActionRequest = { kind: "save", modifier: save.mod };
      return { engine: "action", request, label: { key: fixedTraitKey(type, "saves", trait.key) } };
    }
    case "skill": {
      const skill = entry(system.skills, trait);
      return { engine: "action", request: { kind: "check", modifier: skill.mod }, label: { name: skill.name } };
    }
    case "weapon": {
      // The key is an own item id of the character (the lookup is `actor.items.get`, never a property read).
      const weapon = weaponOf(equipment, trait);
      const own = weaponAttackRequest("action", weapon.system) as ActionRequest;
      // The wielder's ability is added (docs/rules.md §6): Strength in melee, Dexterity thrown or ranged.
      const ability = attackAbility(weapon.system.kind);
      const mod = system.abilities[ability].mod;
      const parts: TraitPart[] = [
        { key: fixedTraitKey(type, "abilities", ability), value: mod },
        { name: weapon.name, value: own.modifier ?? 0 },
      ];
      const request: ActionRequest = { ...own, modifier: (own.modifier ?? 0) + mod };
      return { engine: "action", request, label: { name: weapon.name }, parts };
    }
    case "damage": {
      const weapon = weaponOf(equipment, trait);
      const formula = weapon.system.action.damage.trim();
      const own = actionDamageRequest(formula, weapon.name);
      // Melee and thrown weapons add the wielder's Strength to their damage; ranged ones do not (docs/rules.md §6).
      const strength = damageAddsStrength(weapon.system.kind) ? system.abilities.strength.mod : 0;
      const parts: TraitPart[] = [
        { name: weapon.name, value: own.modifier ?? 0 },
        ...(strength === 0 ? [] : [{ key: fixedTraitKey(type, "abilities", "strength"), value: strength }]),
      ];
      const rolled = strength === 0 ? formula : `${formula} ${strength < 0 ? "−" : "+"} ${Math.abs(strength)}`;
      return {
        engine: "action",
        request: { ...own, modifier: (own.modifier ?? 0) + strength },
        label: { name: weapon.name },
        // The action dialog rolls a d20; damage dice go straight to chat, where action dice augment them.
        damage: { weapon: weapon.name, rolled, direct: true },
        parts,
      };
    }
    default:
      return unknownTrait(trait);
  }
}

/** A weapon a trait names, as a roll reads it: its id, name, figures, and the choice its last attack was rolled with. */
interface HeldWeapon {
  readonly id: string;
  readonly name: string;
  readonly system: ItemSources["weapon"];
  readonly lastUse: string | undefined;
}

/** The weapon a `weapon` or `damage` trait names: an own item of the character (looked up by id), of type weapon. */
function weaponOf(equipment: EquipmentLookup, trait: TraitRef): HeldWeapon {
  const item = typeof trait.key === "string" ? equipment(trait.key) : undefined;
  return item?.type === "weapon"
    ? { id: trait.key, name: item.name, system: item.system, lastUse: item.lastUse }
    : unknownTrait(trait);
}

/** What a weapon names as its usual choice in an engine whose attacks start from a skill (docs/rules.md §6). */
export function usualOf(engine: "percentile" | "wild" | "pi" | "pool", system: ItemSources["weapon"]): UsualUse {
  if (engine === "pool") return { skill: system.pool.ability, attribute: system.pool.attribute };
  return { skill: system[engine].skill };
}

/** Every choice an attack can be rolled with, each with the roll its trait gives (and the heading it is listed under). */
function attackUses(
  traits: readonly (TraitRef & { readonly group?: TraitLabel })[],
  rollOf: (trait: TraitRef) => TraitRoll,
): AttackUse<TraitRoll["request"]>[] {
  const uses: AttackUse<TraitRoll["request"]>[] = [];
  for (const { group, ...trait } of traits) {
    let roll: TraitRoll;
    try {
      roll = rollOf(trait);
    } catch (error) {
      // A skill that cannot be rolled (its attribute has no dice, its code cannot be read) is not
      // offered; anything else is a bug.
      if (error instanceof EngineError) continue;
      throw error;
    }
    uses.push({ value: useValue(trait), trait, label: roll.label, request: roll.request, ...(group ? { group } : {}) });
  }
  return uses;
}

/**
 * A weapon attack rolled with the choice the trait names in `with` (refused when the character has
 * no such choice), or else with the default choice (`defaultUse`: the weapon's last choice, its usual
 * skill, a skill naming it, untrained); the card's label is the weapon's name.
 */
function weaponAttack(
  engine: "pi" | "percentile" | "wild" | "pool",
  weapon: HeldWeapon,
  uses: readonly AttackUse<TraitRoll["request"]>[],
  trait: TraitRef,
  untrained: string,
): TraitRoll {
  const byValue = new Map(uses.map((u) => [u.value, u]));
  // The choice named (a macro's `with`), else the weapon's last one, its usual skill, a skill naming it, untrained.
  const preferred = [weapon.lastUse, usualUse(uses, usualOf(engine, weapon.system))];
  const value = trait.with ?? defaultUse(uses, weapon.name, untrained, preferred);
  const use = value === null ? undefined : byValue.get(value);
  if (!use) throw new EngineError("UnknownAttackUse", { field: "use", name: weapon.name, use: value ?? "" });
  return {
    engine,
    request: use.request,
    label: { name: weapon.name },
    attack: { weapon: { id: weapon.id, name: weapon.name }, uses, use: use.value },
  };
}

/**
 * A Wild Die weapon's damage (docs/rules.md §6): for a melee or thrown weapon, the character's Strength
 * code (their own dice, which a Fate Point doubles) plus the weapon's damage code as dice from
 * outside the character (never doubled); for a ranged weapon, its code alone. The rule text says
 * only that a weapon's code is not doubled; adding it to Strength is this system's choice (rules journal).
 */
function wildDamage(
  system: CharacterSources["wild-character"],
  equipment: EquipmentLookup,
  trait: TraitRef,
): TraitRoll {
  const weapon = weaponOf(equipment, trait);
  const code = weapon.system.wild.damage.trim();
  if (code === "") throw new EngineError("NoDamageFormula", { name: weapon.name });
  const outside = wild.parseCode(code);
  if (!damageAddsStrength(weapon.system.kind)) {
    // A ranged weapon's code is rolled alone, its Wild Die among its dice: none of the dice is the
    // character's, so there is nothing a Fate Point could double (docs/rules.md §6), and the dialog shows
    // the weapon's code as it is written.
    return {
      engine: "wild",
      request: { dice: outside.dice, pips: outside.pips, ownDice: false },
      label: { name: weapon.name },
      damage: { weapon: weapon.name, rolled: wild.formatCode(outside.dice, outside.pips), direct: false },
    };
  }
  const strength = wild.parseCode(system.attributes.strength.code);
  const request: WildRequest = {
    dice: strength.dice,
    pips: strength.pips,
    outsideDice: outside.dice,
    outsidePips: outside.pips,
  };
  const rolled = `${wild.formatCode(strength.dice, strength.pips)} + ${wild.formatCode(outside.dice, outside.pips)}`;
  return {
    engine: "wild",
    request,
    label: { name: weapon.name },
    damage: { weapon: weapon.name, rolled, direct: false },
  };
}

function wildRoll(system: CharacterSources["wild-character"], trait: TraitRef, equipment: EquipmentLookup): TraitRoll {
  const type = "wild-character";
  if (trait.kind === "damage") return wildDamage(system, equipment, trait);
  if (trait.kind === "weapon") {
    // The Wild Die text gives a weapon no attack figure: an attack is a roll of a skill (or of an
    // attribute, untrained), and the weapon's code is its damage.
    const weapon = weaponOf(equipment, trait);
    const uses = attackUses(
      [
        ...Object.keys(system.skills).map((key) => ({ kind: "skill", key })),
        ...WILD_ATTRIBUTES.map((key) => ({ kind: "attribute", key })),
      ],
      (use) => wildRoll(system, use, equipment),
    );
    return weaponAttack("wild", weapon, uses, trait, UNTRAINED_ATTACK.wild);
  }
  if (trait.kind === "attribute") {
    const attribute = ownValue(system.attributes, trait.key) ?? unknownTrait(trait);
    const { dice, pips } = wild.parseCode(attribute.code);
    return { engine: "wild", request: { dice, pips }, label: { key: fixedTraitKey(type, "attributes", trait.key) } };
  }
  if (trait.kind === "skill") {
    const skill = entry(system.skills, trait);
    const { dice, pips } = wild.parseCode(skill.code);
    return { engine: "wild", request: { dice, pips }, label: { name: skill.name } };
  }
  return unknownTrait(trait);
}

function piRoll(system: CharacterSources["pi-character"], trait: TraitRef, equipment: EquipmentLookup): TraitRoll {
  const type = "pi-character";
  const hindrance = piHindrance(system.conditions);
  const dice = (key: string | undefined) => ownValue(system.attributes, key)?.dice ?? unknownTrait(trait);
  if (trait.kind === "weapon") {
    // The weapon's Precision and Impact modifiers are not in this request: they are added after the
    // pick as named adjustments (`item/adjustments.ts`), so the card names them.
    const weapon = weaponOf(equipment, trait);
    const held = PI_ATTRIBUTES.filter((key) => ownValue(system.attributes, key));
    const pairs = held.flatMap((key, i) => held.slice(i + 1).map((other) => ({ kind: "attribute", key, with: other })));
    const skills = Object.keys(system.skills).map((key) => ({ kind: "skill", key }));
    const uses = attackUses([...skills, ...pairs], (use) => piRoll(system, use, equipment));
    return weaponAttack("pi", weapon, uses, trait, UNTRAINED_ATTACK.pi);
  }
  if (trait.kind === "attribute") {
    const poolDice = [...dice(trait.key), ...(trait.with === undefined ? [] : dice(trait.with))];
    const request: PiRequest = { pool: poolDice, hindrance };
    const key = fixedTraitKey(type, "attributes", trait.key);
    const label = trait.with === undefined ? { key } : { key, withKey: fixedTraitKey(type, "attributes", trait.with) };
    return { engine: "pi", request, label };
  }
  if (trait.kind === "skill") {
    const skill = entry(system.skills, trait);
    const request: PiRequest = {
      pool: [...dice(skill.first), ...dice(skill.second)],
      hindrance,
      precisionMod: skill.adds === "precision" ? skill.bonus : 0,
      impactMod: skill.adds === "impact" ? skill.bonus : 0,
    };
    return { engine: "pi", request, label: { name: skill.name } };
  }
  return unknownTrait(trait);
}

function poolRoll(
  system: CharacterSources["pool-character"],
  trait: TraitRef,
  equipment: EquipmentLookup,
  from: DamageFrom = {},
): TraitRoll {
  const type = "pool-character";
  const request = (built: pool.BuiltPool): PoolRequest => ({
    pool: built.pool,
    difficulty: pool.DEFAULT_DIFFICULTY,
    cancellation: built.cancellation,
  });
  switch (trait.kind) {
    case "weapon":
      return poolAttack(system, trait, equipment);
    case "attribute": {
      const attribute = ownValue(system.attributes, trait.key) ?? unknownTrait(trait);
      const built = pool.buildPool({ attribute: attribute.rating });
      return { engine: "pool", request: request(built), label: { key: fixedTraitKey(type, "attributes", trait.key) } };
    }
    case "ability": {
      const ability = entry(system.abilities, trait);
      const attribute = ownValue(system.attributes, trait.with ?? ability.attribute) ?? unknownTrait(trait);
      const built = pool.buildPool({ attribute: attribute.rating, ability: ability.rating });
      return { engine: "pool", request: request(built), label: { name: ability.name } };
    }
    case "damage": {
      // The dice-pool text has no damage rule: Strength (melee and thrown weapons) plus the weapon's
      // damage dice at the usual difficulty, successes counted as damage, is this system's choice
      // (docs/rules.md §6, rules journal).
      const weapon = weaponOf(equipment, trait);
      if (weapon.system.pool.damage === 0) throw new EngineError("NoDamageFormula", { name: weapon.name });
      const strength = damageAddsStrength(weapon.system.kind) ? system.attributes.strength.rating : 0;
      // The attack's net successes beyond the first each add a damage die.
      const extra = requireInt(from.extraDice ?? 0, "extraDice", 0, pool.MAX_POOL);
      const dice = Math.min(pool.MAX_POOL, strength + weapon.system.pool.damage + extra);
      const rolled = [strength, weapon.system.pool.damage, extra].filter((n, i) => n !== 0 || i === 1).join(" + ");
      return {
        engine: "pool",
        // A damage roll: never a botch, its 1s cancel nothing (docs/rules.md §6).
        request: { pool: dice, difficulty: pool.DEFAULT_DIFFICULTY, cancellation: 0, damage: true },
        label: { name: weapon.name },
        damage: { weapon: weapon.name, rolled, direct: false },
      };
    }
    case "tenPoint": {
      if (trait.key === WILLPOWER_KEY) {
        const built = pool.buildPool({ tenPointTrait: system.willpower.permanent });
        return {
          engine: "pool",
          request: request(built),
          label: { key: `ROLLING_BONES.Actor.${type}.FIELDS.willpower.label` },
        };
      }
      const tenPoint = entry(system.traits, trait);
      const built = pool.buildPool({ tenPointTrait: tenPoint.permanent });
      return { engine: "pool", request: request(built), label: { name: tenPoint.name } };
    }
    default:
      return unknownTrait(trait);
  }
}

/**
 * A dice-pool weapon attack: an Attribute + Ability pair (each ability with every attribute, the one
 * it is usually rolled with first, listed under the ability's name), or an attribute alone, untrained;
 * every choice at the weapon's difficulty ("the difficulty of an attack with it").
 */
function poolAttack(
  system: CharacterSources["pool-character"],
  trait: TraitRef,
  equipment: EquipmentLookup,
): TraitRoll {
  const type = "pool-character";
  const weapon = weaponOf(equipment, trait);
  const attributeKey = (key: string) => fixedTraitKey(type, "attributes", key);
  const pairs = Object.entries(system.abilities).flatMap(([key, ability]) =>
    [ability.attribute, ...POOL_ATTRIBUTES.filter((a) => a !== ability.attribute)].map((attribute) => ({
      kind: "ability",
      key,
      with: attribute,
      group: { name: ability.name },
    })),
  );
  const alone = POOL_ATTRIBUTES.map((key) => ({ kind: "attribute", key, group: { key: UNTRAINED_GROUP_KEY } }));
  const uses = attackUses([...pairs, ...alone], (use) => {
    const roll = poolRoll(system, use, equipment);
    const request: PoolRequest = { ...(roll.request as PoolRequest), difficulty: weapon.system.pool.difficulty };
    const ability = use.kind === "ability" ? ownValue(system.abilities, use.key) : undefined;
    const label: TraitLabel =
      ability && use.with !== undefined ? { name: ability.name, attributeKey: attributeKey(use.with) } : roll.label;
    return { ...roll, request, label };
  });
  const roll = weaponAttack("pool", weapon, uses, trait, UNTRAINED_ATTACK.pool);
  // The same choices as two pickers, each showing the dice it gives (docs/rules.md §5: Attribute + Ability).
  const attributes = POOL_ATTRIBUTES.map((key) => ({
    key,
    label: { key: attributeKey(key) },
    dots: ownValue(system.attributes, key)?.rating ?? 0,
  }));
  const abilities = Object.entries(system.abilities).map(([key, ability]) => ({
    key,
    label: { name: ability.name },
    dots: ability.rating,
  }));
  return roll.attack ? { ...roll, attack: { ...roll.attack, pairs: { attributes, abilities } } } : roll;
}
