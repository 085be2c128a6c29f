/** The names of the points actions: what clients ask for and the GM's registry knows (no GM code here). */
import { SYSTEM_ID } from "../../constants.ts";

/** The privileged action names. */
export const POINTS_ACTIONS = Object.freeze({
  spend: `${SYSTEM_ID}.pointsSpend`,
  refund: `${SYSTEM_ID}.pointsRefund`,
  undo: `${SYSTEM_ID}.pointsUndo`,
  assist: `${SYSTEM_ID}.pointsAssist`,
  cancelAssist: `${SYSTEM_ID}.pointsCancelAssist`,
  pick: `${SYSTEM_ID}.pointsPick`,
  resetSession: `${SYSTEM_ID}.pointsResetSession`,
  fateLoss: `${SYSTEM_ID}.pointsFateLoss`,
  fateLossUndo: `${SYSTEM_ID}.pointsFateLossUndo`,
} as const);
