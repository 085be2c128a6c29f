/**
 * The self-check's settings menu (issue 41, "a check a real table can run"), registered in `init`:
 * GM only, its window and the batches it runs loaded when the menu is opened (`lazyMenu`).
 */
import { SYSTEM_ID } from "../constants.ts";
import { lazyMenu } from "../applications/settings/index.ts";

/** The key of the self-check settings menu. */
export const SELF_CHECK_MENU_KEY = "selfCheckMenu";

/** Opens the self-check window (its module, and the batches', loaded on first use). */
export async function openSelfCheck(): Promise<void> {
  const { SelfCheck } = await import("./self-check.ts");
  await new SelfCheck().render({ force: true });
}

/** Registers the menu (called from the `init` hook, after the other settings menus). */
export function registerSelfCheckMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, SELF_CHECK_MENU_KEY, {
    name: "ROLLING_BONES.SelfCheck.MenuName",
    label: "ROLLING_BONES.SelfCheck.MenuLabel",
    hint: "ROLLING_BONES.SelfCheck.MenuHint",
    icon: "fa-solid fa-stethoscope",
    type: lazyMenu(openSelfCheck),
    restricted: true,
  });
}
