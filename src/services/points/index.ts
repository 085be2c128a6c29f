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
export * from "./fate-loss-card.ts";

const load = () => import("./actions.ts");

/** Each points action's GM-side function, picked from its module once that is loaded. */
const RUNS: {
  readonly [K in keyof typeof POINTS_ACTIONS]: Parameters<
    typeof lazyGmAction<Awaited<ReturnType<typeof load>>, never>
  >[1];
} = {
  spend: (m) => m.runSpend,
  refund: (m) => m.runRefund,
  undo: (m) => m.runUndo,
  assist: (m) => m.runAssist,
  cancelAssist: (m) => m.runCancelAssist,
  pick: (m) => m.runPick,
  resetSession: (m) => m.runResetSession,
  fateLoss: (m) => m.runFateLoss,
  fateLossUndo: (m) => m.runFateLossUndo,
};

/** Registers the points actions (every client registers the same set; the GM loads them on first use). */
export function registerPointsActions(): void {
  for (const key of Object.keys(RUNS) as (keyof typeof POINTS_ACTIONS)[]) {
    registerGmAction(POINTS_ACTIONS[key], lazyGmAction(load, RUNS[key]));
  }
}
