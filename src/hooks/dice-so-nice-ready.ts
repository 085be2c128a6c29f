import { SYSTEM_ID } from "../constants.ts";
import { COLORSETS } from "../dice/appearance.ts";

/** The part of Dice So Nice's API the system uses (the module is optional; its types are not ours). */
export interface Dice3dApi {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addColorset(colorset: object, mode?: string): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string; colorset?: string }, shape: string): void;
}

/** The formula terms' dice as Dice So Nice types them (`d` + denomination), with their faces and shape. */
export const TERM_PRESETS: readonly { type: string; labels: string[]; shape: string; colorset?: string }[] = [
  { type: "dw", labels: ["1", "2", "3", "4", "5", "6"], shape: "d6", colorset: "rolling-bones-wild" },
  { type: "ds", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], shape: "d10" },
  { type: "dp", labels: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"], shape: "d10" },
];

/**
 * The `diceSoNiceReady` hook (fired only when Dice So Nice is active): registers the system's dice
 * colorsets so bonus, penalty, wild and action dice look different in 3D.
 */
export function onDiceSoNiceReady(dice3d: Dice3dApi): void {
  dice3d.addSystem({ id: SYSTEM_ID, name: game.i18n.localize("ROLLING_BONES.SystemTitle") }, "default");
  for (const set of COLORSETS) {
    dice3d.addColorset(
      {
        ...set,
        description: game.i18n.localize(set.description),
        category: game.i18n.localize("ROLLING_BONES.SystemTitle"),
        material: "plastic",
        visibility: "hidden",
      },
      "default",
    );
  }
  for (const { shape, ...preset } of TERM_PRESETS) dice3d.addDicePreset({ ...preset, system: SYSTEM_ID }, shape);
}
