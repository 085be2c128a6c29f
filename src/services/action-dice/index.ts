/**
 * The action-dice economy (RULES.md §2): the players' pools, the characters' class dice, the GM's
 * pool and the session in world settings only a GM may write, spends and activations on chat cards, and the
 * privileged actions that apply them on the active GM. `registerActionDiceActions` runs in `init`
 * on every client; the GM-side actions (`card-actions.ts`, `pool-actions.ts`, `session.ts`) load on
 * the GM's first use, so a player's client never downloads them.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { CARD_ACTION, POOL_ACTION, POOL_UNDO_ACTION, SESSION_ACTION, STRIKES_RESET_ACTION } from "./protocol.ts";

export * from "./card-state.ts";
export * from "./class-pools.ts";
export type * from "./economy-card.ts";
export type * from "./events.ts";
export * from "./protocol.ts";
export * from "./requests.ts";
export * from "./store.ts";

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
