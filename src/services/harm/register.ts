/**
 * The harm model's privileged actions, registered in `init` on every client (the startup bundle);
 * the GM-side code behind them loads on the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { HARM_ACTIONS } from "./names.ts";

/** Registers the privileged actions of the harm model (every client registers the same set). */
export function registerHarmActions(): void {
  const load = () => import("./apply.ts");
  registerGmAction(
    HARM_ACTIONS.apply,
    lazyGmAction(load, (m) => m.runApply),
  );
  registerGmAction(
    HARM_ACTIONS.undo,
    lazyGmAction(load, (m) => m.runUndo),
  );
  registerGmAction(
    HARM_ACTIONS.heal,
    lazyGmAction(load, (m) => m.runHeal),
  );
}
