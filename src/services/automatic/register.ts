/**
 * The privileged actions of asked automatic successes, as every client registers them in `init`:
 * startup code imports this module alone (issue 26); the GM-side code loads on the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { AUTOMATIC_ASK_ACTION, AUTOMATIC_DECIDE_ACTION } from "./names.ts";

/** Registers the privileged actions of asked automatic successes (every client registers the same set). */
export function registerAutomaticActions(): void {
  const load = () => import("./actions.ts");
  registerGmAction(
    AUTOMATIC_ASK_ACTION,
    lazyGmAction(load, (m) => m.runAsk),
  );
  registerGmAction(
    AUTOMATIC_DECIDE_ACTION,
    lazyGmAction(load, (m) => m.runDecide),
  );
}
