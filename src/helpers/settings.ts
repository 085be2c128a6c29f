/**
 * The system's settings, declared as one record and registered in `init`. Client settings belong to
 * one browser; world settings (rule variants) are set by the GM.
 */
import { SYSTEM_ID } from "../constants.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "rolling-bones.skipDialogDefault": boolean;
    "rolling-bones.percentileMode": "dice" | "shift";
    "rolling-bones.percentileCap": number;
    "rolling-bones.wildFirstOneCounts": boolean;
  }
}

/** Every system setting's key. */
export const SETTING_KEYS = Object.freeze({
  /** Client: a roll control rolls at once and Shift opens the dialog (instead of the other way round). */
  skipDialogDefault: "skipDialogDefault",
  /** World: the percentile dialog takes bonus/penalty dice (`dice`) or a column shift (`shift`). */
  percentileMode: "percentileMode",
  /** World: the cap on percentile extra dice after cancellation (0 = no cap). */
  percentileCap: "percentileCap",
  /** World: whether the 1 that starts a Wild Die critical failure counts as its face. */
  wildFirstOneCounts: "wildFirstOneCounts",
} as const);

/** Registers every system setting (called from the `init` hook). */
export function registerSettings(): void {
  game.settings.register(SYSTEM_ID, SETTING_KEYS.skipDialogDefault, {
    name: "ROLLING_BONES.Settings.skipDialogDefault.name",
    hint: "ROLLING_BONES.Settings.skipDialogDefault.hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.percentileMode, {
    name: "ROLLING_BONES.Settings.percentileMode.name",
    hint: "ROLLING_BONES.Settings.percentileMode.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      dice: "ROLLING_BONES.Settings.percentileMode.dice",
      shift: "ROLLING_BONES.Settings.percentileMode.shift",
    },
    default: "dice",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.percentileCap, {
    name: "ROLLING_BONES.Settings.percentileCap.name",
    hint: "ROLLING_BONES.Settings.percentileCap.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: 20, step: 1 },
    default: 5,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts, {
    name: "ROLLING_BONES.Settings.wildFirstOneCounts.name",
    hint: "ROLLING_BONES.Settings.wildFirstOneCounts.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}
