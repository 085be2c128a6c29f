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
 *
 * A Wild Die character's initiative is a real Wild Die roll (docs/rules.md §3: every roll has a Wild Die,
 * initiative included): its Wild Die explodes and fails critically as on any roll, and its card shows
 * each throw. Character Points or a Fate Point are spent on it as on a check, before the dice are
 * thrown: the tracker's die button rolls at once, and held with the *Open the roll dialog* keys it
 * opens the Wild Die dialog (`applications/dialogs/initiative-dialog.ts`, handed to
 * `combatClass` (`services/combat.ts`) by `hooks/init.ts`), whose spend the active GM checks and takes exactly as on a
 * check (`points/requests.ts`).
 */
import { SYSTEM_ID } from "../constants.ts";
import { initiativeRoll, initiativeTraitLabel, rollingTypeOf } from "../data/actor/pure.ts";
import { shared } from "../engines/core.ts";
import { visibilityOfMessageOptions } from "../helpers/compat.ts";
import { reportError } from "../helpers/notify.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { INITIATIVE_SETTING } from "../data/settings/initiative.ts";

import { createRollMessage, type PostOptions } from "./roll.ts";
import { rollAt } from "./messages.ts";

/** The points requests, loaded with the first initiative rolled with points (issue 26). */
const pointsRequests = () => import("./points/requests.ts");

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

/** A combatant an initiative card may move, found and checked by {@link initiativeTarget}. */
export interface InitiativeTarget {
  readonly combat: Combat.Implementation;
  readonly combatant: string;
}

/** The id of the newest initiative card for a combat's combatant in the chat log, or `null`. */
function latestInitiativeCard(ref: InitiativeRef): string | null {
  const messages = game.messages.contents;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    const other = message ? initiativeRefOf(rollAt(message)?.options) : null;
    if (other?.combat === ref.combat && other.combatant === ref.combatant) return message?.id ?? null;
  }
  return null;
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
 * The combatant an initiative card may move when an action changes its total (checked by the active
 * GM before anything is written), or `null` for any other card and for a locked one. The card's roll
 * options name the combat and combatant, and its author may write them, so neither is trusted:
 * - the combatant must stand for the card's character (the message's speaker), and the user who
 *   controls the roll must own that character (`InitiativeNotYours`);
 * - the card must still be that combatant's initiative: the newest initiative card for it, whose
 *   total the combatant holds (`InitiativeNotCurrent`), so an older card augmented after a re-roll
 *   (or after the GM set the initiative by hand) never resets it.
 *
 * @param message - The initiative card's message.
 * @param options - Its roll's options (`initiative`: the combat and combatant it names).
 * @param owner - The user who controls the roll (the card's owner).
 * @param total - The card's total before the action.
 */
export function initiativeTarget(
  message: ChatMessage.Implementation,
  options: unknown,
  owner: string,
  total: number | undefined,
): InitiativeTarget | null {
  const ref = initiativeRefOf(options);
  if (ref === null || initiativeLocked(options)) return null;
  const combat = game.combats.get(ref.combat);
  const combatant = combat?.combatants.get(ref.combatant);
  const actorId = message.speaker?.actor;
  const actor = typeof actorId === "string" ? game.actors.get(actorId) : undefined;
  const user = game.users.get(owner);
  if (!combat || !combatant || !actor || !user || combatant.actorId !== actor.id) {
    throw new EngineError("InitiativeNotYours", { name: combatant?.name ?? "" });
  }
  if (!actor.testUserPermission(user, "OWNER"))
    throw new EngineError("InitiativeNotYours", { name: combatant.name ?? "" });
  if (combatant.initiative !== total || latestInitiativeCard(ref) !== message.id) {
    throw new EngineError("InitiativeNotCurrent", { name: combatant.name ?? "" });
  }
  return { combat, combatant: ref.combatant };
}

/**
 * Sets a combatant's initiative to an initiative card's new total after a card action changed it (run
 * by the active GM, who applied the action and checked the target with {@link initiativeTarget}).
 */
export async function syncInitiative(target: InitiativeTarget | null, total: number | undefined): Promise<void> {
  if (target === null || total === undefined) return;
  if (!target.combat.combatants.get(target.combatant)) return;
  const current = target.combat.combatant?.id;
  await target.combat.setInitiative(target.combatant, total);
  await keepTurn(target.combat, current);
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

/** What a Wild Die initiative's dialog is opened with. */
export interface WildInitiativeDialogOptions {
  /** The character whose initiative is rolled (pays the points, speaks the card). */
  readonly actor: Actor.Implementation;
  /** The initiative's request: the trait's dice and pips, and the world's first-one setting. */
  readonly initial: { readonly dice: number; readonly pips?: number; readonly firstOneCounts: boolean };
  /** The window title and the card's flavor line. */
  readonly title: string;
  /** JSON-safe options stored with the roll (the combat and combatant it is for). */
  readonly rollOptions: Record<string, unknown>;
}

/** Opens a Wild Die initiative's dialog and resolves with the card it posted (`null`: closed or refused). */
export type WildInitiativeDialog = (options: WildInitiativeDialogOptions) => Promise<ChatMessage.Implementation | null>;

/**
 * What the combat tracker's rolls ask of the application layer, which this layer may not import:
 * whether the user holds the *Open the roll dialog* keys, and the Wild Die initiative's dialog.
 */
export interface InitiativeDialogs {
  readonly wanted: () => boolean;
  readonly wild: WildInitiativeDialog;
}

/** How one combatant's initiative is rolled: core's options, and the dialog a Wild Die character's roll opens. */
export interface CombatantInitiativeOptions extends Omit<InitiativeOptions, "updateTurn"> {
  /**
   * Open this dialog (Character Points, a Fate Point) instead of rolling at once; only a Wild Die
   * roll has one, and a formula given is rolled as it is.
   */
  readonly dialog?: WildInitiativeDialog | null;
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
  { formula = null, messageOptions = {}, dialog = null }: CombatantInitiativeOptions = {},
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
      : "trait" in roll
        ? game.i18n.format("ROLLING_BONES.Initiative.FlavorTrait", {
            name: actor.name,
            trait: game.i18n.localize(initiativeTraitLabel(type, roll.trait)),
          })
        : game.i18n.format("ROLLING_BONES.Initiative.Flavor", { name: actor.name });
  const visibility = visibilityOfMessageOptions(messageOptions);
  // Core's initiative messages carry the `initiativeRoll` flag (Dice So Nice reads it).
  const post = { speaker, flavor, initiativeRoll: true, ...(visibility ? { visibility } : {}) };
  let total: number | undefined;
  if (roll.engine === "action" || roll.engine === "wild") {
    const rollOptions = { initiative: { combat: combat.id ?? "", combatant: combatant.id ?? "" } };
    const message =
      roll.engine === "action"
        ? await (await pointsRequests()).rollWithPoints("action", roll.request, { actor, ...post, rollOptions })
        : await rollWildInitiative(actor, roll.request, { post, rollOptions, dialog });
    total = message ? rollAt(message)?.total : undefined;
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
 * Rolls a Wild Die character's initiative: its trait's dice and pips, with the world's reading of the
 * first 1 (as on any Wild Die roll), at once or through the Wild Die dialog; the points it asks for
 * are paid as on a check.
 *
 * @returns The posted card, or `null` when refused or the dialog was closed.
 */
async function rollWildInitiative(
  actor: Actor.Implementation,
  trait: { readonly dice: number; readonly pips?: number },
  options: {
    readonly post: PostOptions;
    readonly rollOptions: Record<string, unknown>;
    readonly dialog: WildInitiativeDialog | null;
  },
): Promise<ChatMessage.Implementation | null> {
  const request = { ...trait, firstOneCounts: game.settings.get(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts) };
  if (!options.dialog)
    return (await pointsRequests()).rollWithPoints("wild", request, {
      actor,
      ...options.post,
      rollOptions: options.rollOptions,
    });
  return options.dialog({
    actor,
    initial: request,
    title: options.post.flavor ?? actor.name,
    rollOptions: options.rollOptions,
  });
}
