/**
 * The keyboard of a rating's dots: each trait's dots are one radio group (one Tab stop, the checked
 * dot announced), and the arrow keys, Home and End change the rating, as the ARIA radio group
 * pattern does. And where the focus goes when a sheet re-renders without the control that had it.
 * Shared by the Foundry sheets and the lab page.
 */

/**
 * The rating a key sets, or `null` for a key the group does not handle.
 *
 * @param key - The `KeyboardEvent.key`.
 * @param value - The rating now.
 * @param limit - The highest rating that may be set (dots above it are disabled).
 */
export function dotsKeyValue(key: string, value: number, limit: number): number | null {
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return Math.min(value + 1, limit);
    case "ArrowLeft":
    case "ArrowDown":
      return Math.max(value - 1, 0);
    case "Home":
      return 0;
    case "End":
      return limit;
    default:
      return null;
  }
}

/**
 * Handles the keys of every dots group inside a root: a key that changes the rating calls `apply`
 * with the group's path and the new rating (the caller checks and stores it, then re-renders and
 * calls {@link focusCheckedDot}).
 *
 * @param root - The sheet's element.
 * @param apply - Sets a rating.
 */
export function listenToDots(root: HTMLElement, apply: (path: string, value: number) => unknown): void {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.getAttribute("role") !== "radio") return;
    const group = target.closest<HTMLElement>(".rb-dots");
    if (!group || !root.contains(group)) return;
    const enabled = [...group.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)')];
    const limit = Number(enabled.at(-1)?.dataset.value ?? 0);
    const value = Number(group.dataset.value);
    const next = dotsKeyValue(event.key, value, limit);
    if (next === null) return;
    event.preventDefault();
    if (next !== value) apply(group.dataset.path ?? "", next);
  });
}

/**
 * Puts the focus on the checked dot of a rating (or its first dot when none is checked), after a
 * re-render replaced the one that had it.
 *
 * @param root - The sheet's element.
 * @param path - The rating's data path.
 */
export function focusCheckedDot(root: HTMLElement, path: string): void {
  const group = root.querySelector<HTMLElement>(`.rb-dots[data-path="${CSS.escape(path)}"]`);
  const dot =
    group?.querySelector<HTMLElement>('[aria-checked="true"]') ??
    group?.querySelector<HTMLElement>('[role="radio"]:not(:disabled)');
  dot?.focus();
}

/**
 * After an entry's row is removed, puts the focus on its section's Add button: somewhere safe, so a
 * second Enter adds rather than removing the next row.
 *
 * @param root - The sheet's element.
 * @param collection - The entries' collection (`skills`, `conditions`…).
 */
export function focusAfterRemove(root: HTMLElement, collection: string): void {
  const add = `[data-collection="${CSS.escape(collection)}"]`;
  root.querySelector<HTMLElement>(`[data-action="addEntry"]${add}, [data-action="createItem"]${add}`)?.focus();
}

/**
 * After a die chip is removed, puts the focus on the chip that took its place (or the one before
 * it), else on the pool's add button.
 *
 * @param root - The sheet's element.
 * @param path - The pool's data path.
 * @param index - The removed chip's position.
 */
export function focusAfterDieRemoved(root: HTMLElement, path: string, index: number): void {
  const chips = [...root.querySelectorAll<HTMLElement>(`[data-action="cycleDie"][data-path="${CSS.escape(path)}"]`)];
  const chip = chips[Math.min(index, chips.length - 1)];
  (chip ?? root.querySelector<HTMLElement>(`[data-action="addDie"][data-path="${CSS.escape(path)}"]`))?.focus();
}
