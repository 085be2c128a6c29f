/** Shared pieces of the five engines: the randomness seam, errors, the throw protocol, distributions. */
export * from "./faces.ts";
export * from "./errors.ts";
export * from "./dice.ts";
export * from "./distribution.ts";
export * from "./outcome.ts";
export * from "./assign.ts";
export * from "./own.ts";
export * from "./memo.ts";
