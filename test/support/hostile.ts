/**
 * Hostile text for the "user text stays text" tests: a name or label a player might type to run
 * script in someone else's browser. Every element it would create if taken as markup carries
 * `data-pwned`, and its handlers set `globalThis.__pwned`, so a test counts what got through.
 */

/** Markup in element content and in an attribute (`">`), a handler, a template expression, a textarea end. */
export const HOSTILE =
  '<img data-pwned src=x onerror="globalThis.__pwned=1">"><script data-pwned>globalThis.__pwned=2</script>' +
  "{{7*7}}</textarea><b data-pwned>bold</b>'&amp;";

/** Hostile text within the 80 characters a stored name or label keeps; its `}`-free form fits a link label. */
export const HOSTILE_SHORT = '"><img data-pwned src=x onerror="globalThis.__pwned=3"></textarea>{{7*7}}&amp;';

/** The elements under `root` made from hostile text, and any element carrying an `on…` handler. */
export function injected(root: ParentNode): Element[] {
  return [...root.querySelectorAll("*")].filter(
    (el) => el.hasAttribute("data-pwned") || [...el.attributes].some((a) => a.name.toLowerCase().startsWith("on")),
  );
}

/** Parses an HTML string into a detached element (for strings Foundry puts in the page as HTML). */
export function parseHTML(html: string): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  return holder;
}
