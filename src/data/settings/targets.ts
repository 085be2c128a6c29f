/**
 * The targets setting (docs/rules.md §6, issue 24 item 3): whether players see the defence figures of the
 * NPCs they attack (and so the figures beside each verdict), or only the verdicts. The GM always sees
 * all. Registered at init beside the system's other settings (`helpers/settings.ts`).
 */
import { SYSTEM_ID } from "../../constants.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "rolling-bones.showNpcDefences": boolean;
  }
}

/** The world setting's key. */
export const SHOW_NPC_DEFENCES = "showNpcDefences";

/** Registers the setting (the `init` hook): off by default, so players see only the verdicts. */
export function registerTargetSettings(): void {
  game.settings.register(SYSTEM_ID, SHOW_NPC_DEFENCES, {
    name: "ROLLING_BONES.Settings.showNpcDefences.name",
    hint: "ROLLING_BONES.Settings.showNpcDefences.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
}

/** Whether players may see NPC defence figures (the world setting). */
export function npcDefencesShown(): boolean {
  return game.settings.get(SYSTEM_ID, SHOW_NPC_DEFENCES);
}
