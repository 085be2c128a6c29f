/**
 * The public surface for macros and other modules: `game.system.api`, also `globalThis.rollingBones`
 * (available before `init`). Engines are pure functions, loaded on first use (`await api.engines()`);
 * `rollToChat` rolls one to chat.
 */
import { openActionDice, openGmPanel } from "./applications/action-dice/open.ts";
import { openRequestComposer } from "./applications/requests/open.ts";
import { openDiceReport } from "./applications/report/open.ts";
import type { TraitRef } from "./data/actor/pure.ts";
import * as dice from "./dice/index.ts";
import { EngineError } from "./engines/core.ts";
import type * as ActionDiceRequests from "./services/action-dice/requests.ts";
import type * as PointsRequests from "./services/points/requests.ts";
import type * as Engines from "./engines/index.ts";
import { rollToChat } from "./services/roll.ts";
import { addTimedCondition } from "./services/harm/durations.ts";
import type { ApplyDamageOptions, ApplyResult } from "./services/harm/index.ts";
import { reportError } from "./helpers/notify.ts";

/** An async function of an on-demand module, as the API offers it: the same arguments and result. */
type Later<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * A frozen namespace of the requests `names` of a module loaded on first call (issue 26: they stay
 * out of the code every client loads at start). Each entry takes the same arguments and resolves
 * with the same result as the module's own function; every one of them is async already.
 */
function onDemand<M, K extends keyof M & string>(
  load: () => Promise<M>,
  names: readonly K[],
): Readonly<{ [P in K]: Later<M[P]> }> {
  const entries = names.map((name) => [
    name,
    async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => unknown)(...args),
  ]);
  return Object.freeze(Object.fromEntries(entries)) as { [P in K]: Later<M[P]> };
}

/** The macros' action-dice requests (`requests.ts` names each), in their module's order. */
export const ACTION_DICE_REQUESTS = [
  "cardControl",
  "poolControl",
  "award",
  "awardForRoll",
  "forfeitAwards",
  "secretAgenda",
  "take",
  "luckyBreak",
  "gainInsight",
  "resetStrikes",
  "startSession",
  "undoPoolAction",
] as const;

/** The macros' points requests, in their module's order. */
export const POINTS_REQUESTS = [
  "rollWithPoints",
  "assistLeader",
  "cancelAssist",
  "pickDice",
  "undoPoints",
  "resetPointsSession",
  "loseFatePoint",
  "undoFateLoss",
] as const;

/** The harm services (damage, healing), loaded on first use: they stay out of the startup bundle. */
const harmRequests = () => import("./services/harm/requests.ts");

/** The Rolling Bones API. */
export const api = Object.freeze({
  /**
   * The five pure engines (validate, plan, resolve, exact odds, rule tables) and the harm model,
   * loaded on first use: `const { pool } = await game.system.api.engines(); pool.odds({ pool: 6, difficulty: 7 })`.
   * They stay out of the code every client loads at start (issue 26).
   */
  engines: (): Promise<typeof Engines> => import("./engines/index.ts"),
  /** The Roll subclasses and formula terms. */
  dice,
  /** Rolls an engine request and posts its chat card. */
  rollToChat,
  /** Opens the GM's action-dice panel (GM only): every pool, award, take, start session. */
  openGmPanel,
  /** Opens the user's own action-dice panel (the GM panel for a GM): pool, lucky break, insight. */
  openActionDice,
  /** Action-dice requests for macros (award, take, startSession, luckyBreak, gainInsight, cardControl…), loaded on first call. */
  actionDice: onDemand<typeof ActionDiceRequests, (typeof ACTION_DICE_REQUESTS)[number]>(
    () => import("./services/action-dice/requests.ts"),
    ACTION_DICE_REQUESTS,
  ),
  /** Points and choices for macros (rollWithPoints, assistLeader, cancelAssist, pickDice, undoPoints…), loaded on first call. */
  points: onDemand<typeof PointsRequests, (typeof POINTS_REQUESTS)[number]>(
    () => import("./services/points/requests.ts"),
    POINTS_REQUESTS,
  ),
  /**
   * Rolls a character's trait as its sheet's roll button does: `rollTrait(actorId, { kind, key })`
   * (the macros made by dragging a roll button to the hotbar call this).
   */
  rollTrait: async (actorId: string, trait: TraitRef, event?: Event): Promise<void> =>
    (await import("./applications/sheets/roll-trait.ts")).rollActorTrait(actorId, trait, event),
  /** Opens the GM's dice report (GM only): each player's rolls against expectation, the fairness of dice entered by hand. */
  openDiceReport,
  /** Opens the GM's roll-request composer (GM only), optionally filled from a draft request. */
  openRequestComposer,
  /**
   * Posts a GM roll request card (GM only). The request names the engine, a label, a trait (kind and
   * key), the target, whether it is hidden, percentile net dice and the actors (see
   * services/requests/spec.ts, `RollRequestSpec`). Resolves with the card, or `null` when refused.
   */
  requestRoll: async (spec: unknown): Promise<ChatMessage.Implementation | null> =>
    (await import("./services/requests/requests.ts")).postRollRequest(spec),
  /**
   * Applies damage (or healing) to targets: `applyDamage(targets, amount, { multiplier })` with
   * actors, tokens or actor ids, a whole amount, and `half`, `full` (default), `double` or `heal`.
   * Through the active GM for what the user does not own; recorded on a chat card with Undo.
   * Resolves with the applications, or `null` when refused (one message, nothing applied).
   */
  applyDamage: async (targets: unknown, amount: unknown, options?: ApplyDamageOptions): Promise<ApplyResult[] | null> =>
    (await harmRequests()).applyDamage(targets, amount, options),
  /**
   * The GM heals actors by an amount, or fully with `null`: `heal(targets, amount)`; recorded on one
   * chat card. Resolves with the card's id, or `null` when refused.
   */
  heal: async (targets: unknown, amount: unknown): Promise<string | null> =>
    (await harmRequests()).healActors(targets, amount),
  /** The GM heals the party (every character a player owns) by an amount, or fully with `null`. */
  healParty: async (amount: unknown): Promise<string | null> => {
    const { healActors, partyActors } = await harmRequests();
    return healActors(partyActors(), amount);
  },
  /**
   * Puts a status condition on an actor for a number of rounds (the bearer's turns) or turns
   * (anyone's): `addCondition(actor, "rb-stunned", 2, "rounds")`. Resolves `true`, or `false` when
   * refused (one message).
   */
  addCondition: async (actor: unknown, statusId: unknown, value: unknown, units: unknown): Promise<boolean> => {
    try {
      const found = typeof actor === "string" ? game.actors.get(actor) : (actor as Actor.Implementation | undefined);
      if (!found || (found as { documentName?: unknown }).documentName !== "Actor") {
        throw new EngineError("HarmTargetGone", {});
      }
      await addTimedCondition(found, statusId, value, units);
      return true;
    } catch (error) {
      reportError(error);
      return false;
    }
  },
});

/** The API's type. */
export type RollingBonesApi = typeof api;
