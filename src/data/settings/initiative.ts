/**
 * The initiative settings: which trait each character type rolls initiative from (a world setting
 * per type; see `data/actor/initiative.ts`). Registered at init beside the system's other settings
 * (`helpers/settings.ts`), here because the choices are the data models' traits.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { CHARACTER_TYPES, type CharacterType } from "../actor/constants.ts";
import { INITIATIVE_DEFAULTS, INITIATIVE_TRAITS, initiativeTraitLabel } from "../actor/initiative.ts";

/** The world setting naming the trait each character type rolls initiative from. */
export const INITIATIVE_SETTING = Object.freeze({
  "percentile-character": SETTING_KEYS.initiativePercentile,
  "action-character": SETTING_KEYS.initiativeAction,
  "wild-character": SETTING_KEYS.initiativeWild,
  "pi-character": SETTING_KEYS.initiativePi,
  "pool-character": SETTING_KEYS.initiativePool,
} as const satisfies Record<CharacterType, string>);

/** Registers the initiative setting of each character type (the `init` hook, after `registerSettings`). */
export function registerInitiativeSettings(): void {
  for (const type of CHARACTER_TYPES) {
    const key = INITIATIVE_SETTING[type];
    game.settings.register(SYSTEM_ID, key, {
      name: `ROLLING_BONES.Settings.${key}.name`,
      hint: `ROLLING_BONES.Settings.${key}.hint`,
      scope: "world",
      config: true,
      type: String,
      choices: Object.fromEntries(INITIATIVE_TRAITS[type].map((trait) => [trait, initiativeTraitLabel(type, trait)])),
      default: INITIATIVE_DEFAULTS[type],
    });
  }
}
