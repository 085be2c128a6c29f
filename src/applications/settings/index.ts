/**
 * The system's settings menus and the one-time notice that leads the GM to them. Each menu's window
 * loads when the GM opens it, never at startup (`lazyMenu`).
 */
import { SYSTEM_ID } from "../../constants.ts";

import { openArtEditor } from "./open.ts";

export { showArtNoticeOnce } from "./art-notice.ts";
export { openArtEditor };

/** The key of the Action Results Table settings menu. */
export const ART_MENU_KEY = "artTableMenu";

/**
 * A settings menu's class whose window's module loads when the menu is opened. Core takes an
 * ApplicationV2 class as a menu's `type` (foundryvtt issue #10680) and, when its button is pressed,
 * makes one and renders it; this class's render loads the real window and renders that instead, so
 * neither the window nor its template is part of the startup bundle. The Quench batch
 * `rolling-bones.world` checks that pressing the button in core's settings opens the window.
 *
 * @param open - Loads the window's module and renders the window.
 */
export function lazyMenu(open: () => Promise<unknown>): typeof foundry.applications.api.ApplicationV2 {
  return class LazyMenu extends foundry.applications.api.ApplicationV2 {
    // The window rendered is another application's: this one never draws anything of its own.
    override async render(): Promise<this> {
      await open();
      return this;
    }
  } as unknown as typeof foundry.applications.api.ApplicationV2;
}

/** Registers the settings menus (called from the `init` hook, after the settings). */
export function registerSettingsMenus(): void {
  game.settings.registerMenu(SYSTEM_ID, ART_MENU_KEY, {
    name: "ROLLING_BONES.ArtEditor.MenuName",
    label: "ROLLING_BONES.ArtEditor.MenuLabel",
    hint: "ROLLING_BONES.ArtEditor.MenuHint",
    icon: "fa-solid fa-table",
    type: lazyMenu(openArtEditor),
    restricted: true,
  });
}
