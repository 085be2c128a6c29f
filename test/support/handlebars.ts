/**
 * The real Handlebars with the helpers our templates use from Foundry (`localize`, `concat`, `eq`)
 * and every template under `templates/` registered as a partial by its system path, as Foundry's
 * `loadTemplates` does. The helpers are the lab's (`lab/handlebars.ts`), so tests and the lab page
 * render alike.
 */
import Handlebars from "handlebars";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { registerFoundryHelpers, registerSystemPartials } from "../../lab/handlebars.ts";
import { format, hasKey, localize, ROOT } from "./i18n.ts";

/** Every `.hbs` file under `templates/`, as paths relative to the repository root. */
export function templateFiles(dir = "templates"): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...templateFiles(rel));
    else if (entry.name.endsWith(".hbs")) out.push(rel);
  }
  return out.sort();
}

/** A fresh Handlebars environment with Foundry's helpers and (unless `partials: false`) all our templates as partials. */
export function createHandlebars({ partials = true }: { partials?: boolean } = {}): typeof Handlebars {
  const hb = Handlebars.create();
  registerFoundryHelpers(hb, { localize, format, lang: "en", has: hasKey });
  if (!partials) return hb;
  registerSystemPartials(
    hb,
    Object.fromEntries(templateFiles().map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")])),
  );
  return hb;
}

/** Renders a template file (path relative to the repository root) with the given context. */
export function renderTemplate(file: string, context: object): string {
  const hb = createHandlebars();
  return hb.compile(readFileSync(path.join(ROOT, file), "utf8"), { strict: false })(context);
}
