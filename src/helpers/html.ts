/**
 * The one way text becomes HTML in this system. Foundry reads several strings we hand it as HTML
 * (a chat message's `flavor`, a notification's message, a `data-tooltip`, a dialog's `content`);
 * whatever a user typed (names, labels, flavors) goes into those only through {@link escapeHTML},
 * so it shows as the text it is. Templates print with Handlebars' escaping `{{ }}`; a test
 * (`test/templates/markup.test.ts`) refuses raw output, `innerHTML` and tooltips that bypass this.
 */

const ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
});

/**
 * Text as HTML that shows exactly that text, in element content and in quoted attributes alike.
 *
 * @param text - Any text (a user's name, label or flavor, or a localized string).
 * @returns The text with `& < > " '` replaced by character references.
 */
export function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
