/**
 * Dice-pool automatic successes the GM approves (RULES.md §5). `registerAutomaticActions` runs in
 * `init` on every client; the GM-side code loads on the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { AUTOMATIC_ASK_ACTION, AUTOMATIC_DECIDE_ACTION } from "./names.ts";

export * from "./names.ts";
export * from "./requests.ts";

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
