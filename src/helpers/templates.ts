import { systemPath } from "../constants.ts";

/**
 * Every template and partial the system renders, preloaded in `init` so partials referenced by
 * path (`{{> "systems/rolling-bones/…"}}`) resolve.
 */
export const TEMPLATES = [
  "templates/chat/partials/die.hbs",
  "templates/chat/partials/dice.hbs",
  "templates/chat/partials/hidden.hbs",
  "templates/chat/partials/damage.hbs",
  "templates/chat/partials/points-ledger.hbs",
  "templates/chat/partials/conditions.hbs",
  "templates/chat/partials/attack.hbs",
  "templates/chat/partials/rarity.hbs",
  "templates/chat/partials/parts.hbs",
  "templates/chat/partials/targets.hbs",
  "templates/chat/points-controls.hbs",
  "templates/chat/percentile-card.hbs",
  "templates/chat/percentile-damage-card.hbs",
  "templates/chat/action-card.hbs",
  "templates/chat/wild-card.hbs",
  "templates/chat/pi-card.hbs",
  "templates/chat/pool-card.hbs",
  "templates/chat/action-controls.hbs",
  "templates/chat/advice.hbs",
  "templates/chat/action-economy-card.hbs",
  "templates/chat/automatic-card.hbs",
  "templates/chat/automatic-controls.hbs",
  "templates/chat/request-card.hbs",
  "templates/chat/request-rows.hbs",
  "templates/chat/request-secret.hbs",
  "templates/requests/composer.hbs",
  "templates/requests/partials/dial.hbs",
  "templates/report/dice-report.hbs",
  "templates/hud/duration-picker.hbs",
  "templates/report/partials/session.hbs",
  "templates/action-dice/gm-panel.hbs",
  "templates/action-dice/player-panel.hbs",
  "templates/dialogs/footer.hbs",
  "templates/dialogs/ask-text.hbs",
  "templates/dialogs/partials/bars.hbs",
  "templates/dialogs/partials/error.hbs",
  "templates/dialogs/partials/field-error.hbs",
  "templates/dialogs/partials/headline.hbs",
  "templates/dialogs/partials/attack-use.hbs",
  "templates/dialogs/partials/attack-weapon.hbs",
  "templates/dialogs/partials/conditions.hbs",
  "templates/dialogs/partials/targets.hbs",
  "templates/dialogs/partials/gear.hbs",
  "templates/dialogs/partials/choices.hbs",
  ...["percentile", "action", "wild", "pi", "pool"].flatMap((e) => [
    `templates/dialogs/${e}/form.hbs`,
    `templates/dialogs/${e}/odds.hbs`,
  ]),
  ...["header", "stats", "section", "row", "input", "dots", "chips", "roll-button"].map(
    (part) => `templates/sheets/shared/${part}.hbs`,
  ),
  ...["percentile", "action", "wild", "pi", "pool"].map((e) => `templates/sheets/${e}-character/body.hbs`),
  "templates/sheets/item/body.hbs",
  "templates/sheets/item/effects.hbs",
].map(systemPath);

let loaded: Promise<unknown> | undefined;

/** Preloads every template (Foundry registers each as a partial under its path); run by `init`. */
export async function preloadTemplates(): Promise<void> {
  loaded = foundry.applications.handlebars.loadTemplates(TEMPLATES);
  await loaded;
}

/**
 * Renders one of the system's templates once every template and partial has loaded: a card drawn
 * right after the world started (or a roll made at once) waits for the load `init` began rather
 * than failing on a partial not registered yet.
 */
export async function renderSystemTemplate(path: string, context: Record<string, unknown>): Promise<string> {
  await (loaded ?? preloadTemplates());
  return foundry.applications.handlebars.renderTemplate(path, context);
}
