/**
 * The system's settings menus and the one-time notice that leads the GM to them.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { ArtEditor } from "./art-editor.ts";

export { ArtEditor, artErrorMessage } from "./art-editor.ts";
export type { ArtEditorContext, ArtEditorTemplateContext } from "./art-editor.ts";
export { showArtNoticeOnce } from "./art-notice.ts";

/** The key of the Action Results Table settings menu. */
export const ART_MENU_KEY = "artTableMenu";

/** Registers the settings menus (called from the `init` hook, after the settings). */
export function registerSettingsMenus(): void {
  game.settings.registerMenu(SYSTEM_ID, ART_MENU_KEY, {
    name: "ROLLING_BONES.ArtEditor.MenuName",
    label: "ROLLING_BONES.ArtEditor.MenuLabel",
    hint: "ROLLING_BONES.ArtEditor.MenuHint",
    icon: "fa-solid fa-table",
    type: ArtEditor,
    restricted: true,
  });
}
