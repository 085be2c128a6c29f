/**
 * A Foundry-like Handlebars environment without Foundry: the helpers our templates use from Foundry
 * (`localize`, `concat`, `eq`), re-created from Foundry's public helper documentation, and the
 * system's templates registered as partials under their system paths, as Foundry's `loadTemplates`
 * does. The lab page (browser) and the tests (node) both build their environment here, so they
 * render templates exactly alike.
 */
import type Handlebars from "handlebars";
import { systemPath } from "../src/constants.ts";
import { registerPluralHelper } from "../src/helpers/plural.ts";
import type { Localization } from "./i18n.ts";

/** The Handlebars runtime (the default export of `handlebars`, or an environment made by `create()`). */
export type HandlebarsEnv = typeof Handlebars;

/**
 * Registers Foundry's `localize`, `concat` and `eq` helpers.
 *
 * - `{{localize "KEY"}}` is `game.i18n.localize`; with hash arguments (`{{localize "KEY" n=1}}`) it is
 *   `game.i18n.format`.
 * - `(concat "A." id)` joins its arguments as text.
 * - `(eq a b)` is strict equality.
 *
 * @param hb - The Handlebars environment.
 * @param i18n - The localization the helpers read.
 */
export function registerFoundryHelpers(
  hb: HandlebarsEnv,
  i18n: Pick<Localization, "localize" | "format" | "lang" | "has">,
): void {
  hb.registerHelper("localize", (key: unknown, options: Handlebars.HelperOptions) => {
    const hash = options.hash as Record<string, unknown>;
    return Object.keys(hash).length > 0 ? i18n.format(String(key), hash) : i18n.localize(String(key));
  });
  hb.registerHelper("concat", (...args: unknown[]) => args.slice(0, -1).map(String).join(""));
  hb.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  // The system's own helper, registered as its init hook does in Foundry.
  registerPluralHelper(hb, () => i18n);
}

/**
 * Registers templates as partials under their system paths (`systems/rolling-bones/templates/…`),
 * so `{{> "systems/rolling-bones/templates/chat/partials/die.hbs"}}` resolves as in Foundry.
 *
 * @param hb - The Handlebars environment.
 * @param templates - Each template's source by its path relative to the repository root (`templates/…`).
 */
export function registerSystemPartials(hb: HandlebarsEnv, templates: Readonly<Record<string, string>>): void {
  for (const [file, source] of Object.entries(templates)) hb.registerPartial(systemPath(file), source);
}
