/**
 * The points actions every client registers in `init`, apart from the requests and the state they
 * act on: startup code imports this module alone (issue 26); the GM loads the actions on first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { POINTS_ACTIONS } from "./names.ts";

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
