/**
 * Dice-pool automatic successes the GM approves (docs/rules.md §5). `registerAutomaticActions` runs in
 * `init` on every client; the GM-side code loads on the GM's first use.
 */
export * from "./names.ts";
export * from "./requests.ts";
export * from "./rule.ts";
export { registerAutomaticActions } from "./register.ts";
