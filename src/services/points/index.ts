/**
 * Points and choices around the percentile, wild, pool and pi rolls (RULES.md §1, §3–§5): karma and
 * assists, Character and Fate Points, Willpower, Precision & Impact picks. Spends and choices are
 * applied by the active GM (`actions.ts`, loaded on the GM's first use), recorded on the card's
 * ledger and undoable by the GM. `registerPointsActions` runs in `init` on every client.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { POINTS_ACTIONS } from "./names.ts";

export type * from "./actions.ts";
export * from "./ledger.ts";
export * from "./names.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./store.ts";
export * from "./views.ts";

const load = () => import("./actions.ts");

/** Registers the points actions (every client registers the same set; the GM loads them on first use). */
export function registerPointsActions(): void {
  registerGmAction(
    POINTS_ACTIONS.spend,
    lazyGmAction(load, (m) => m.runSpend),
  );
  registerGmAction(
    POINTS_ACTIONS.refund,
    lazyGmAction(load, (m) => m.runRefund),
  );
  registerGmAction(
    POINTS_ACTIONS.undo,
    lazyGmAction(load, (m) => m.runUndo),
  );
  registerGmAction(
    POINTS_ACTIONS.assist,
    lazyGmAction(load, (m) => m.runAssist),
  );
  registerGmAction(
    POINTS_ACTIONS.cancelAssist,
    lazyGmAction(load, (m) => m.runCancelAssist),
  );
  registerGmAction(
    POINTS_ACTIONS.pick,
    lazyGmAction(load, (m) => m.runPick),
  );
  registerGmAction(
    POINTS_ACTIONS.resetSession,
    lazyGmAction(load, (m) => m.runResetSession),
  );
}
