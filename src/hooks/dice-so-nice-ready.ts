import { registerDiceSoNice, type Dice3dApi } from "../integrations/dice-so-nice.ts";

/**
 * The `diceSoNiceReady` hook (fired only when Dice So Nice is active): registers the system's dice
 * colorsets, presets and, on Dice So Nice 6.x, its dice roles (integrations/dice-so-nice.ts).
 */
export function onDiceSoNiceReady(dice3d: Dice3dApi): void {
  registerDiceSoNice(dice3d);
}
