/**
 * The templates the lab renders, loaded by Vite as text: every system template under `templates/`
 * (registered as partials by their system paths, as in Foundry) and the lab's own page templates
 * under `lab/templates/`. One Handlebars environment with Foundry's helpers renders both.
 */
import Handlebars from "handlebars";
import { registerFoundryHelpers, registerSystemPartials } from "./handlebars.ts";
import type { Localization } from "./i18n.ts";

/** Every system template's source by its path relative to the repository root (`templates/…`). */
export const SYSTEM_TEMPLATES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true })).map(
    ([file, source]) => [file.replace(/^\.\.\//, ""), source],
  ),
);

/** The lab page's own templates by name (`page`, `engine-panel`…). */
const LAB_TEMPLATES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob("./templates/*.hbs", { query: "?raw", import: "default", eager: true })).map(
    ([file, source]) => [file.replace(/^\.\/templates\/(.*)\.hbs$/, "$1"), source],
  ),
);

/** Renders templates by path or name. */
export interface Renderer {
  /** Renders a system template (`templates/chat/pool-card.hbs`) with a context. */
  system(file: string, context: object): string;
  /** Renders one of the lab's own templates (`engine-panel`) with a context. */
  lab(name: string, context: object): string;
}

/**
 * A renderer over a fresh Handlebars environment with Foundry's helpers and every system template
 * as a partial. Templates are compiled once, on first use.
 *
 * @param i18n - The localization the `localize` helper reads.
 */
export function createRenderer(i18n: Localization): Renderer {
  const hb = Handlebars.create();
  registerFoundryHelpers(hb, i18n);
  registerSystemPartials(hb, SYSTEM_TEMPLATES);
  const compiled = new Map<string, Handlebars.TemplateDelegate>();
  const compile = (key: string, source: string | undefined): Handlebars.TemplateDelegate => {
    let template = compiled.get(key);
    if (template === undefined) {
      if (source === undefined) throw new Error(`Rolling Bones lab: no template ${key}`);
      template = hb.compile(source);
      compiled.set(key, template);
    }
    return template;
  };
  return {
    system: (file, context) => compile(file, SYSTEM_TEMPLATES[file])(context),
    lab: (name, context) => compile(`lab:${name}`, LAB_TEMPLATES[name])(context),
  };
}
