/**
 * `foundry.applications.handlebars.{renderTemplate, loadTemplates}` over the real Handlebars, with our
 * templates served from `systems/rolling-bones/<path>` as Foundry serves a system folder
 * [docs/foundry-notes.md §8 "Layout"; §6 for the v13 namespaces].
 *
 * Foundry's own templates are not public, so the two core dice templates a Roll renders by default
 * are stand-ins written here: same paths and context, minimal markup of our own.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../support/i18n.ts";
import { env } from "./state.ts";

const SYSTEM_PREFIX = "systems/rolling-bones/";

/** The core default of `Roll.CHAT_TEMPLATE` [docs/foundry-notes.md §1.4, unverified path]. */
export const CORE_ROLL_TEMPLATE = "templates/dice/roll.html";
/** The core default of `Roll.TOOLTIP_TEMPLATE` [docs/foundry-notes.md §1.4, unverified path]. */
export const CORE_TOOLTIP_TEMPLATE = "templates/dice/tooltip.html";

/** Stand-in markup for the core dice templates (not Foundry's; enough for tests to read values). */
const CORE_STAND_INS: Record<string, string> = {
  [CORE_ROLL_TEMPLATE]:
    '<div class="dice-roll"><div class="dice-result"><div class="dice-formula">{{formula}}</div>' +
    '{{{tooltip}}}<h4 class="dice-total">{{total}}</h4></div></div>',
  [CORE_TOOLTIP_TEMPLATE]:
    '<div class="dice-tooltip">{{#each parts}}<section class="tooltip-part"><header class="part-header">' +
    '<span class="part-formula">{{formula}}</span>{{#if flavor}}<span class="part-flavor">{{flavor}}</span>{{/if}}' +
    '<span class="part-total">{{total}}</span></header><ol class="dice-rolls">' +
    '{{#each rolls}}<li class="roll {{classes}}">{{{result}}}</li>{{/each}}</ol></section>{{/each}}</div>',
};

function templateSource(templatePath: string): string {
  const standIn = CORE_STAND_INS[templatePath];
  if (standIn !== undefined) return standIn;
  if (!templatePath.startsWith(SYSTEM_PREFIX)) {
    throw new Error(
      `Foundry double: template "${templatePath}" is not emulated (only ${SYSTEM_PREFIX}… and core dice)`,
    );
  }
  const file = path.join(ROOT, templatePath.slice(SYSTEM_PREFIX.length));
  // Foundry fails to fetch a missing template and the render rejects.
  if (!existsSync(file)) throw new Error(`Failed to render template part "${templatePath}": file not found`);
  return readFileSync(file, "utf8");
}

/** Renders a template path with a context, as `foundry.applications.handlebars.renderTemplate` does. [API13] */
export async function renderTemplate(templatePath: string, context: object): Promise<string> {
  await Promise.resolve();
  const e = env();
  // Foundry keeps a compiled template once fetched (its template cache); so does the double, per world.
  let compiled = e.templates.get(templatePath);
  if (!compiled) e.templates.set(templatePath, (compiled = e.handlebars.compile(templateSource(templatePath))));
  return compiled(context);
}

/**
 * Loads templates and registers them as partials under their paths [API13 loadTemplates]. By
 * default every system template is already registered as a partial at install, so this only checks
 * that each path resolves; with `templateLoad` (ms) nothing is registered until this has fetched it,
 * so a template that uses a partial fails to render before then, as in a world that just started
 * [API13 renderTemplate fetches the template itself but not the partials it names].
 */
export async function loadTemplates(paths: string[] | Record<string, string>): Promise<((ctx: object) => string)[]> {
  const e = env();
  // Each template is fetched from the server first (`templateLoad` ms), then registered as a partial.
  await (e.templateLoad === undefined ? Promise.resolve() : new Promise((r) => setTimeout(r, e.templateLoad)));
  const list = Array.isArray(paths) ? paths : Object.values(paths);
  return list.map((p) => {
    const source = templateSource(p);
    if (e.templateLoad !== undefined) e.handlebars.registerPartial(p, source);
    return e.handlebars.compile(source);
  });
}
