import { onDiceSoNiceReady } from "./dice-so-nice-ready.ts";
import { onInit } from "./init.ts";
import { onReady } from "./ready.ts";
import { registerQuenchBatches } from "../quench/index.ts";

/** Registers every Foundry hook the system listens to; one module per hook. */
export function registerHooks(): void {
  Hooks.once("init", onInit);
  Hooks.once("ready", onReady);
  Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
  // Fires only when the Quench test module is active.
  Hooks.once("quenchReady", registerQuenchBatches);
}
