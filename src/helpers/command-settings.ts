import { SYSTEM_ID } from "../constants.ts";
import type { CommandSettings } from "./chat-commands.ts";
import { SETTING_KEYS } from "./settings.ts";

/**
 * The world settings a roll command's or roll link's request carries (the same ones the roll
 * dialogs read), read when the roll is made.
 */
export function commandSettings(): CommandSettings {
  return {
    wildFirstOneCounts: game.settings.get(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts),
    percentileCap: game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileCap),
  };
}
