/**
 * The odds advice of the five engines (issue 26), apart from the engines' own barrel so that the
 * code which loads with the world never carries it: what each choice buys before a roll, what each
 * next step buys on an open card, how rare a result was, the GM's difficulty dial, and the fairness
 * test of dice entered by hand. Pure: no Foundry, no DOM.
 */
export * from "./shared/advice.ts";
export * from "./shared/fairness.ts";
export * as percentileAdvice from "./percentile/advice.ts";
export * as actionAdvice from "./action/advice.ts";
export * as wildAdvice from "./wild/advice.ts";
export * as piAdvice from "./pi/advice.ts";
export * as poolAdvice from "./pool/advice.ts";
