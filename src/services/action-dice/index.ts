/**
 * The action-dice economy (docs/rules.md §2): the players' pools, the characters' class dice, the GM's
 * pool and the session in world settings only a GM may write, spends and activations on chat cards, and the
 * privileged actions that apply them on the active GM. `registerActionDiceActions` runs in `init`
 * on every client; the GM-side actions (`card-actions.ts`, `pool-actions.ts`, `session.ts`) load on
 * the GM's first use, so a player's client never downloads them.
 */
export * from "./card-state.ts";
export * from "./class-pools.ts";
export type * from "./economy-card.ts";
export type * from "./events.ts";
export * from "./protocol.ts";
export * from "./requests.ts";
export * from "./store.ts";
export { registerActionDiceActions } from "./register.ts";
