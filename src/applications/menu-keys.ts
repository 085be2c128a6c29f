/**
 * The keyboard of a small menu built on `<details data-rb-menu>`: its `<summary>` opens it (a click,
 * Enter or Space, as the browser gives), the arrow keys open it from the summary and move between its
 * buttons, Home and End go to the first and last, Escape closes it and gives the focus back to the
 * summary, and choosing a button or clicking elsewhere closes it, as the ARIA menu-button pattern
 * describes. Shared by the sheets (a pair's "Roll with…"), the GM panel (a row's rarer actions) and
 * the lab page.
 */

/** The selector of the menus this module serves. */
export const MENU_SELECTOR = "details[data-rb-menu]";

/**
 * Where the focus goes for a key inside a menu of `count` buttons, or `null` for a key the menu does
 * not move on.
 *
 * @param key - The `KeyboardEvent.key`.
 * @param index - The focused button's place (from 0), or -1 when the summary has the focus.
 * @param count - How many buttons the menu offers.
 */
export function menuKeyIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return index < 0 ? 0 : (index + 1) % count;
    case "ArrowUp":
      return index < 0 ? count - 1 : (index - 1 + count) % count;
    case "Home":
      return index < 0 ? null : 0;
    case "End":
      return index < 0 ? null : count - 1;
    default:
      return null;
  }
}

/** The buttons a menu offers now (disabled ones are skipped). */
function itemsOf(menu: HTMLDetailsElement): HTMLButtonElement[] {
  return [...menu.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")].filter(
    (button) => button.closest(MENU_SELECTOR) === menu,
  );
}

/** Closes a menu and, when asked, gives the focus back to its summary. */
function closeMenu(menu: HTMLDetailsElement, focusSummary: boolean): void {
  menu.open = false;
  if (focusSummary) menu.querySelector<HTMLElement>(":scope > summary")?.focus();
}

/**
 * Handles the keys and clicks of every menu inside a root (listeners on the root, so menus drawn
 * again by a re-render keep working).
 *
 * @param root - The application's element (a sheet, the GM panel, a lab section).
 */
export function listenToMenus(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const menu = target.closest<HTMLDetailsElement>(MENU_SELECTOR);
    if (!menu || !root.contains(menu)) return;
    const onSummary = target.matches(":scope > summary") && target.parentElement === menu;
    if (event.key === "Escape") {
      if (!menu.open) return;
      event.preventDefault();
      event.stopPropagation();
      closeMenu(menu, true);
      return;
    }
    const items = itemsOf(menu);
    const next = menuKeyIndex(event.key, onSummary ? -1 : items.indexOf(target as HTMLButtonElement), items.length);
    if (next === null) return;
    event.preventDefault();
    menu.open = true;
    items[next]?.focus();
  });
  root.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const inside = target.closest<HTMLDetailsElement>(MENU_SELECTOR);
    for (const menu of root.querySelectorAll<HTMLDetailsElement>(`${MENU_SELECTOR}[open]`)) {
      if (menu !== inside) menu.open = false;
    }
    // A chosen item closes its menu (the action it names runs from the same click).
    if (inside && target.closest("button") && !target.closest("summary")) inside.open = false;
  });
}
