/** The names the harm services share: their privileged actions and hooks. */

import { SYSTEM_ID } from "../../constants.ts";

/** The privileged actions of the harm model (run by the active GM; `gm-action.ts`). */
export const HARM_ACTIONS = Object.freeze({
  /** Apply damage or healing to one target (from a card, a macro, a journal link). */
  apply: "harm.apply",
  /** Undo one application on a card's ledger. */
  undo: "harm.undo",
  /** The GM heals actors by an amount or fully, recorded on one chat card. */
  heal: "harm.heal",
  /** The GM ends a timed condition early. */
  endCondition: "harm.endCondition",
});

/** The hook fired before an application is written; a handler returning `false` cancels it. */
export const PRE_DAMAGE_HOOK = "rollingBones.preDamageApplied";

/** The hook fired after an application (or an undo) was written. */
export const DAMAGE_HOOK = "rollingBones.damageApplied";

/** The card flag (under the system's scope) that holds the ledger. */
export const LEDGER_FLAG = "harmLedger";

/** The flag (under the system's scope) of a card the GM posts to record applications made without a card of their own. */
export const RECORD_FLAG = "harmRecord";

/** The template of such a card. */
export const RECORD_TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/harm-card.hbs`;
