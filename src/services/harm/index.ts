/**
 * Damage that lands (docs/rules.md §6): applying damage and healing to actors from cards, macros and
 * journal links, with a ledger and Undo on the card, wounds and defeat. `registerHarmActions`
 * (`register.ts`) runs in `init` on every client; the rest loads on first use.
 */
export * from "./names.ts";
export * from "./requests.ts";
export * from "./ledger.ts";
export { registerHarmActions } from "./register.ts";
export type { ApplyResult, DamageHookEvent } from "./apply.ts";
