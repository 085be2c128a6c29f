/**
 * Points and choices around the percentile, wild, pool and pi rolls (docs/rules.md §1, §3–§5): karma and
 * assists, Character and Fate Points, Willpower, Precision & Impact picks. Spends and choices are
 * applied by the active GM (`actions.ts`, loaded on the GM's first use), recorded on the card's
 * ledger and undoable by the GM. `registerPointsActions` runs in `init` on every client.
 */
export type * from "./actions.ts";
export * from "./ledger.ts";
export * from "./names.ts";
export * from "./requests.ts";
export * from "./session.ts";
export * from "./store.ts";
export * from "./engine-of.ts";
export * from "./views.ts";
export * from "./fate-loss-card.ts";
export { registerPointsActions } from "./register.ts";
