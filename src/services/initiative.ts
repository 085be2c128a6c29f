/**
 * Initiative through Foundry's combat tracker. The system's Combat class overrides
 * `Combat#rollInitiative` (the method the tracker's dice buttons, "Roll All", "Roll NPCs" and
 * `Actor#rollInitiative` all reach; public systems such as Cyberpunk RED and Essence20 override it
 * the same way): each combatant's character rolls from the trait its type's world setting names
 * (`data/actor/initiative.ts`), the card is posted, and the combatant's initiative is set to the total.
 *
 * An action-dice character's initiative is a real action-dice roll: its player may augment it or
 * re-roll its d20 while the card is open and the combat's round has not started; the active GM, who
 * applies every card action, then sets the combatant's initiative to the new total. Once the round
 * has started the card is locked (`InitiativeSet`).
 */
import { SYSTEM_ID } from "../constants.ts";
import { initiativeRoll, rollingTypeOf } from "../data/actor/pure.ts";
import { shared } from "../engines/index.ts";
import { visibilityOfMessageOptions } from "../helpers/compat.ts";
import { reportError } from "../helpers/notify.ts";
import { INITIATIVE_SETTING } from "../data/settings/initiative.ts";
import { rollWithPoints } from "./points/index.ts";
import { createRollMessage } from "./roll.ts";

const { EngineError } = shared;

/** The combat and combatant an initiative roll is for (`roll.options.initiative`). */
export interface InitiativeRef {
  readonly combat: string;
  readonly combatant: string;
}

/** Reads the initiative reference stored with a roll; `null` for any other roll. */
export function initiativeRefOf(options: unknown): InitiativeRef | null {
  const raw = shared.isRecord(options) ? options.initiative : undefined;
  if (!shared.isRecord(raw) || typeof raw.combat !== "string" || typeof raw.combatant !== "string") return null;
  return { combat: raw.combat, combatant: raw.combatant };
}

/**
 * Whether an initiative roll can no longer change: its combat has started its rounds (or is gone).
 * Any other roll is never locked.
 */
export function initiativeLocked(options: unknown): boolean {
  const ref = initiativeRefOf(options);
  if (ref === null) return false;
  const combat = game.combats.get(ref.combat);
  return combat === undefined || combat.started;
}

/**
 * Puts the turn back on the combatant who had it, after initiatives changed: core re-sorts the turn
 * order when an initiative changes but keeps the turn's index, which may then point at another
 * combatant (API13 Combat#turns "the sorted turn order", Combat#turn, Combat#combatant; core's
 * `rollInitiative` takes `updateTurn` "to keep the turn on the same Combatant").
 *
 * @param combat - The combat.
 * @param current - The id of the combatant whose turn it was, or `null` when none had it.
 */
export async function keepTurn(combat: Combat.Implementation, current: string | null | undefined): Promise<void> {
  if (!current) return;
  const turn = combat.turns.findIndex((c) => c.id === current);
  if (turn >= 0 && turn !== combat.turn) await combat.update({ turn });
}

/**
 * Sets a combatant's initiative to an initiative card's total after a card action changed it (run by
 * the active GM, who applied the action), keeping the current turn on its combatant. Nothing happens
 * for other rolls or a locked one.
 */
export async function syncInitiative(options: unknown, total: number | undefined): Promise<void> {
  const ref = initiativeRefOf(options);
  if (ref === null || total === undefined || initiativeLocked(options)) return;
  const combat = game.combats.get(ref.combat);
  if (!combat?.combatants.get(ref.combatant)) return;
  const current = combat.combatant?.id;
  await combat.setInitiative(ref.combatant, total);
  await keepTurn(combat, current);
}

/** What core's `Combat#rollInitiative` takes besides the ids. [API13 Combat#rollInitiative] */
export interface InitiativeOptions {
  /** A formula to roll instead of the character's initiative roll. */
  readonly formula?: string | null;
  /** Keep the current turn on the same combatant once the initiatives are set (default true). */
  readonly updateTurn?: boolean;
  /** Options of the chat messages: their visibility (`rollMode` / `messageMode`), flavor, speaker. */
  readonly messageOptions?: Record<string, unknown>;
}

/**
 * Rolls one combatant's initiative and sets it: the character's initiative roll (see
 * `initiativeRoll`), posted as its card, spoken by the character. A combatant whose character the
 * user does not own, or that is not one of the system's characters, is refused with one message.
 *
 * @returns Whether an initiative was set.
 */
export async function rollCombatantInitiative(
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  { formula = null, messageOptions = {} }: Omit<InitiativeOptions, "updateTurn"> = {},
): Promise<boolean> {
  const actor = combatant.actor;
  // An NPC rolls as its engine's character type (the same ratings, none of a player's points).
  const type = rollingTypeOf(actor?.type);
  if (!actor || !type) {
    reportError(new EngineError("InitiativeNoCharacter", { name: combatant.name ?? "" }));
    return false;
  }
  if (!actor.isOwner) {
    reportError(new EngineError("RequestNotYours", { name: actor.name }));
    return false;
  }
  let roll;
  try {
    // The actor rolls as a character type (checked above), so its system holds that type's ratings;
    // a formula the caller gives is rolled instead (core's `formula` option).
    roll =
      typeof formula === "string" && formula.trim() !== ""
        ? ({ engine: "formula", formula } as const)
        : initiativeRoll(type, actor.system as never, game.settings.get(SYSTEM_ID, INITIATIVE_SETTING[type]));
  } catch (error) {
    reportError(error);
    return false;
  }
  const given = messageOptions as { speaker?: unknown; flavor?: unknown };
  const speaker = shared.isRecord(given.speaker)
    ? (given.speaker as unknown as ReturnType<typeof ChatMessage.getSpeaker>)
    : ChatMessage.getSpeaker({ actor });
  const flavor =
    typeof given.flavor === "string"
      ? given.flavor
      : game.i18n.format("ROLLING_BONES.Initiative.Flavor", { name: actor.name });
  const visibility = visibilityOfMessageOptions(messageOptions);
  // Core's initiative messages carry the `initiativeRoll` flag (Dice So Nice reads it).
  const post = { speaker, flavor, initiativeRoll: true, ...(visibility ? { visibility } : {}) };
  let total: number | undefined;
  if (roll.engine === "action") {
    const message = await rollWithPoints("action", roll.request, {
      actor,
      ...post,
      rollOptions: { initiative: { combat: combat.id ?? "", combatant: combatant.id ?? "" } },
    });
    total = message?.rolls[0]?.total;
  } else {
    let dice: foundry.dice.Roll;
    try {
      // The formula reads the actor's data (`@…`), as core's initiative formulas do; the roll's data
      // type does not matter to the message.
      const data = actor.getRollData() as Record<string, unknown>;
      dice = (await new foundry.dice.Roll(roll.formula, data).evaluate()) as unknown as foundry.dice.Roll;
    } catch (error) {
      reportError(new EngineError("InitiativeBadFormula", { formula: roll.formula, cause: String(error) }));
      return false;
    }
    await createRollMessage(dice, visibility, post);
    total = dice.total;
  }
  if (total === undefined) return false;
  await combat.setInitiative(combatant.id ?? "", total);
  return true;
}

/**
 * The system's Combat document class: initiative is rolled through the engines (see above). Built
 * on demand from the running Foundry's `Combat`, so this module loads before the world.
 */
export function combatClass(): typeof Combat {
  return class RollingBonesCombat extends Combat {
    /**
     * Rolls each listed combatant's initiative with the system's rolls, one card each, honouring
     * core's options: `formula` rolled instead, `messageOptions` for the cards, and `updateTurn`
     * (default true) keeping the current turn on its combatant. [API13 Combat#rollInitiative]
     */
    override async rollInitiative(
      ids: string | string[],
      options: Parameters<Combat["rollInitiative"]>[1] = {},
    ): Promise<this> {
      const { formula = null, updateTurn = true, messageOptions = {} } = options as InitiativeOptions;
      const current = this.combatant?.id;
      for (const id of typeof ids === "string" ? [ids] : ids) {
        const combatant = this.combatants.get(id);
        if (combatant) await rollCombatantInitiative(this, combatant, { formula, messageOptions });
      }
      if (updateTurn) await keepTurn(this, current);
      return this;
    }
  } as typeof Combat;
}
