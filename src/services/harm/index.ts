/**
 * Damage that lands (RULES.md §6): applying damage and healing to actors from cards, macros and
 * journal links, with a ledger and Undo on the card, wounds and defeat. `registerHarmActions` runs
 * in `init` on every client; the GM-side code loads on the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { HARM_ACTIONS } from "./names.ts";

export * from "./names.ts";
export * from "./requests.ts";
export * from "./ledger.ts";
export type { ApplyResult, DamageHookEvent } from "./apply.ts";

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
