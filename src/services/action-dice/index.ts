/**
 * The action-dice economy (RULES.md §2): per-player pools in User flags, the GM's pool and the
 * session in world settings, spends and activations on chat cards, and the privileged actions that
 * apply them on the active GM. `registerActionDiceActions` runs in `init` on every client.
 */
import { registerGmAction } from "../gm-action.ts";
import { CARD_ACTION, runCardAction } from "./card-actions.ts";
import { POOL_ACTION, POOL_UNDO_ACTION, runPoolAction, runPoolUndo } from "./pool-actions.ts";
import { SESSION_ACTION, runStartSession } from "./session.ts";

export * from "./card-actions.ts";
export * from "./economy-card.ts";
export type * from "./events.ts";
export * from "./pool-actions.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./store.ts";

/** Registers the action-dice privileged actions (every client registers the same set). */
export function registerActionDiceActions(): void {
  registerGmAction(CARD_ACTION, { run: runCardAction });
  registerGmAction(POOL_ACTION, { run: runPoolAction });
  registerGmAction(POOL_UNDO_ACTION, { run: runPoolUndo });
  registerGmAction(SESSION_ACTION, { run: runStartSession });
}
