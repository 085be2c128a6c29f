/**
 * Small DOM helpers of the lab page: replacing an application's parts as Foundry does (each part's
 * root element marked `data-application-part`, focus and scroll kept across the re-render), and
 * reading the element that kept focus.
 */

/** Parses HTML into its first element. */
export function elementOf(html: string): HTMLElement {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const element = template.content.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error("Rolling Bones lab: a part rendered no element");
  return element;
}

/** The attributes that identify a control again after a re-render, most specific first. */
const KEY_ATTRIBUTES = ["id", "name"] as const;
const DATA_KEYS = ["action", "path", "value", "key", "index", "collection", "with"] as const;

/** A selector that finds the same control in a re-rendered part, or `null` for an element without one. */
export function focusKey(element: Element | null): string | null {
  if (!(element instanceof HTMLElement)) return null;
  for (const attribute of KEY_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value) return `[${attribute}="${CSS.escape(value)}"]`;
  }
  const data = DATA_KEYS.filter((k) => element.dataset[k] !== undefined).map(
    (k) => `[data-${k}="${CSS.escape(element.dataset[k] ?? "")}"]`,
  );
  return data.length > 0 ? `${element.tagName.toLowerCase()}${data.join("")}` : null;
}

/**
 * Gives a kept element the attributes (and, for a select, the options) of its re-rendered
 * counterpart, so it shows the new state while staying the same element.
 */
function adopt(kept: HTMLElement, fresh: HTMLElement): void {
  for (const name of kept.getAttributeNames()) if (!fresh.hasAttribute(name)) kept.removeAttribute(name);
  for (const name of fresh.getAttributeNames()) kept.setAttribute(name, fresh.getAttribute(name) ?? "");
  if (kept instanceof HTMLSelectElement && fresh instanceof HTMLSelectElement) {
    // The option the template marks selected, counted through option groups. Moving the options in
    // does not carry their selection reliably (Chromium left the last option selected), so it is set.
    const selected = [...fresh.options].findIndex((option) => option.defaultSelected);
    kept.replaceChildren(...fresh.children);
    if (selected >= 0) kept.selectedIndex = selected;
  }
}

/** Whether a re-rendered element can stand in for the focused one. */
function sameControl(a: Element, b: Element): boolean {
  return a.tagName === b.tagName && a.getAttribute("type") === b.getAttribute("type");
}

/**
 * Renders parts into a container: each part's root element replaces the element of the same part,
 * or is appended. The focused control survives as itself (given its new attributes), so a value
 * being typed, the caret and the selection are kept; a focused button is found again by its id,
 * name or data attributes. Scroll positions survive too, as Foundry's part sync keeps them.
 *
 * @param container - The element that holds the parts.
 * @param parts - Each part's rendered HTML, by part id, in order.
 */
export function renderParts(container: HTMLElement, parts: Readonly<Record<string, string>>): void {
  const active = container.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  const key = focusKey(active);
  let refocus: HTMLElement | null = null;
  for (const [id, html] of Object.entries(parts)) {
    const element = elementOf(html);
    element.dataset.applicationPart = id;
    const old = container.querySelector<HTMLElement>(`[data-application-part="${id}"]`);
    const top = old?.scrollTop ?? 0;
    if (old) old.replaceWith(element);
    else container.append(element);
    element.scrollTop = top;
    const counterpart = key ? element.querySelector<HTMLElement>(key) : null;
    if (!active || !counterpart) continue;
    if (old?.contains(active) && active.matches("input, select, textarea") && sameControl(active, counterpart)) {
      adopt(active, counterpart);
      counterpart.replaceWith(active);
    }
    refocus = active.isConnected ? active : counterpart;
  }
  refocus?.focus({ preventScroll: true });
}

/** Runs a function after the current event has finished (focus moves first, as after Foundry's async render). */
export function afterEvent(fn: () => void): void {
  setTimeout(fn, 0);
}

/**
 * What a lab status line reports: a change made on the lab's copy (`done`), what a control would do
 * in Foundry (`note`), or a refusal (`warning`). Each has its own mark as well as its colour.
 */
export type StatusKind = "done" | "note" | "warning";

/**
 * Writes a status line: its text, and its kind on `data-kind` (the lab's CSS gives each kind its mark
 * and colour); an empty text hides the line.
 *
 * @param element - The status line, if present.
 * @param text - What it says.
 * @param kind - What kind of report it is.
 */
export function showStatus(element: Element | null | undefined, text: string, kind: StatusKind): void {
  if (!(element instanceof HTMLElement)) return;
  element.textContent = text;
  element.dataset.kind = kind;
}
