/** Shared pieces of the five engines: the randomness seam, errors, the throw protocol, distributions. */
export * from "./core.ts";
export * from "./distribution.ts";
export * from "./memo.ts";
