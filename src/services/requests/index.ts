/**
 * GM roll requests (issue 8): the GM asks named characters to roll; their rolls gather on the
 * request card. `registerRequestActions` (`register.ts`) runs in `init` on every client; the rest
 * loads on first use.
 */
export * from "./names.ts";
export * from "./records.ts";
export * from "./spec.ts";
export { gatherOnStart, registerRequestActions } from "./register.ts";
