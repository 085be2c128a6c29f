import { SYSTEM_ID } from "../constants.ts";
import { COLORSETS } from "../dice/appearance.ts";

/** The part of Dice So Nice's API the system uses (the module is optional; its types are not ours). */
export interface Dice3dApi {
  addSystem(system: { id: string; name: string }, mode?: string): void;
  addColorset(colorset: object, mode?: string): void;
}

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
}
