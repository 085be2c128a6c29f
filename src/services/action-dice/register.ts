/**
 * The action-dice privileged actions every client registers in `init`, apart from the requests and
 * the state they act on: startup code imports this module alone (issue 26), and the GM-side actions
 * (`card-actions.ts`, `pool-actions.ts`, `session.ts`) load on the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { CARD_ACTION, POOL_ACTION, POOL_UNDO_ACTION, SESSION_ACTION, STRIKES_RESET_ACTION } from "./protocol.ts";

/** Registers the action-dice privileged actions (every client registers the same set). */
export function registerActionDiceActions(): void {
  const cards = () => import("./card-actions.ts");
  const pools = () => import("./pool-actions.ts");
  // The GM's pool, the strikes and the session live in world settings.
  const settings = { writesSettings: true };
  registerGmAction(
    CARD_ACTION,
    lazyGmAction(cards, (m) => m.runCardAction),
    settings,
  );
  registerGmAction(
    POOL_ACTION,
    lazyGmAction(pools, (m) => m.runPoolAction),
    settings,
  );
  registerGmAction(
    POOL_UNDO_ACTION,
    lazyGmAction(pools, (m) => m.runPoolUndo),
    settings,
  );
  registerGmAction(
    STRIKES_RESET_ACTION,
    lazyGmAction(pools, (m) => m.runStrikesReset),
    settings,
  );
  registerGmAction(
    SESSION_ACTION,
    lazyGmAction(
      () => import("./session.ts"),
      (m) => m.runStartSession,
    ),
    settings,
  );
}
