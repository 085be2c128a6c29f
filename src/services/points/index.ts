/**
 * Points and choices around the percentile, wild, pool and pi rolls (RULES.md §1, §3–§5): karma and
 * assists, Character and Fate Points, Willpower, Precision & Impact picks. Spends and choices are
 * applied by the active GM (`actions.ts`), recorded on the card's ledger and undoable by the GM.
 * `registerPointsActions` runs in `init` on every client.
 */
import { registerGmAction } from "../gm-action.ts";
import {
  POINTS_ACTIONS,
  runAssist,
  runCancelAssist,
  runPick,
  runRefund,
  runResetSession,
  runSpend,
  runUndo,
} from "./actions.ts";

export * from "./actions.ts";
export * from "./ledger.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./store.ts";
export * from "./views.ts";

/** Registers the points actions (every client registers the same set). */
export function registerPointsActions(): void {
  registerGmAction(POINTS_ACTIONS.spend, { run: runSpend });
  registerGmAction(POINTS_ACTIONS.refund, { run: runRefund });
  registerGmAction(POINTS_ACTIONS.undo, { run: runUndo });
  registerGmAction(POINTS_ACTIONS.assist, { run: runAssist });
  registerGmAction(POINTS_ACTIONS.cancelAssist, { run: runCancelAssist });
  registerGmAction(POINTS_ACTIONS.pick, { run: runPick });
  registerGmAction(POINTS_ACTIONS.resetSession, { run: runResetSession });
}
