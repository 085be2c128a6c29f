/**
 * The roll links', request links' and damage links' elements (`applications/enrichers.ts` registers the
 * enrichers): built with the roll grammar, so loaded when the first link is enriched rather than
 * at startup.
 */
import { EngineError } from "../engines/core.ts";
import { parseEnricher, type CommandSettings } from "../helpers/chat-commands.ts";
import { errorMessage, type ErrorLocalizer } from "../helpers/notify.ts";
import { parseRequestText } from "../services/requests/spec.ts";
import { parseHarmLink } from "../services/harm/links.ts";
import {
  HARM_LINK_CLASS,
  REQUEST_LINK_CLASS,
  ROLL_LINK_CLASS,
  ROLL_LINK_ICONS,
  type RollLinkSource,
} from "./enrichers.ts";

function icon(doc: Document, classes: string): HTMLElement {
  const i = doc.createElement("i");
  i.className = classes;
  i.setAttribute("aria-hidden", "true");
  return i;
}

/**
 * Builds the link for one enricher match: a keyboard-usable `<a role="button">` carrying the
 * engine id and its parameters (read again when clicked, so the world's current settings apply),
 * or a broken link with the reason in its title when the text is malformed.
 *
 * @param doc - The document to create elements in.
 * @param source - The matched text and its parts.
 * @param settings - The world settings the request is checked with.
 * @param i18n - The localization for labels and error reasons.
 */
export function buildRollLink(
  doc: Document,
  source: RollLinkSource,
  settings: CommandSettings,
  i18n: ErrorLocalizer,
): HTMLAnchorElement {
  const link = doc.createElement("a");
  link.classList.add(ROLL_LINK_CLASS);
  const label = source.label?.trim() ?? "";
  try {
    const { engine } = parseEnricher(source.name, source.params, settings);
    const engineLabel = i18n.localize(`ROLLING_BONES.Engine.${engine}`);
    link.dataset.engine = engine;
    link.dataset.params = source.params;
    if (label !== "") link.dataset.label = label;
    link.setAttribute("role", "button");
    link.tabIndex = 0;
    link.title = i18n.format("ROLLING_BONES.RollLink.Title", { engine: engineLabel, params: source.params });
    link.append(icon(doc, ROLL_LINK_ICONS[engine]), ` ${label !== "" ? label : `${engineLabel} ${source.params}`}`);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    link.classList.add("is-broken");
    link.setAttribute("aria-disabled", "true");
    link.title = i18n.format("ROLLING_BONES.RollLink.Broken", { reason: errorMessage(error, i18n) });
    link.append(icon(doc, "fa-solid fa-link-slash"), ` ${label !== "" ? label : source.text}`);
  }
  return link;
}

/**
 * Builds a GM roll-request link: clicked by a GM it opens the request composer with these values
 * (the GM picks the characters); a malformed text gives a broken link with the reason in its title.
 */
export function buildRequestLink(
  doc: Document,
  text: string,
  params: string,
  label: string,
  i18n: ErrorLocalizer,
): HTMLAnchorElement {
  const link = doc.createElement("a");
  link.classList.add(ROLL_LINK_CLASS, REQUEST_LINK_CLASS);
  const shown = label.trim();
  try {
    const draft = parseRequestText(params, shown);
    link.dataset.request = params;
    if (shown !== "") link.dataset.label = shown;
    link.setAttribute("role", "button");
    link.tabIndex = 0;
    link.title = i18n.format("ROLLING_BONES.Request.LinkTitle", {
      engine: i18n.localize(`ROLLING_BONES.Engine.${draft.engine}`),
    });
    link.append(icon(doc, "fa-solid fa-bullhorn"), ` ${shown !== "" ? shown : params}`);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    link.classList.add("is-broken");
    link.setAttribute("aria-disabled", "true");
    link.title = i18n.format("ROLLING_BONES.RollLink.Broken", { reason: errorMessage(error, i18n) });
    link.append(icon(doc, "fa-solid fa-link-slash"), ` ${shown !== "" ? shown : text}`);
  }
  return link;
}

/**
 * Builds a damage or healing link (`@Damage[7|half]{Fireball}`, `@Heal[5]{Potion}`): clicked, it
 * applies the amount to the user's selected tokens (else their targets, else their character), as
 * `applyDamage` does; a malformed text gives a broken link with the reason in its title.
 */
export function buildHarmLink(doc: Document, source: RollLinkSource, i18n: ErrorLocalizer): HTMLAnchorElement {
  const link = doc.createElement("a");
  link.classList.add(ROLL_LINK_CLASS, HARM_LINK_CLASS);
  const label = source.label?.trim() ?? "";
  try {
    const { amount, multiplier } = parseHarmLink(source.name, source.params);
    const heal = multiplier === "heal";
    link.dataset.harm = multiplier;
    link.dataset.amount = String(amount);
    link.setAttribute("role", "button");
    link.tabIndex = 0;
    const what = i18n.format(heal ? "ROLLING_BONES.Harm.Link.Heal" : `ROLLING_BONES.Harm.Link.${multiplier}`, {
      amount: String(amount),
    });
    link.title = i18n.format("ROLLING_BONES.Harm.Link.Title", { what });
    link.append(icon(doc, heal ? "fa-solid fa-heart-pulse" : "fa-solid fa-burst"), ` ${label !== "" ? label : what}`);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    link.classList.add("is-broken");
    link.setAttribute("aria-disabled", "true");
    link.title = i18n.format("ROLLING_BONES.RollLink.Broken", { reason: errorMessage(error, i18n) });
    link.append(icon(doc, "fa-solid fa-link-slash"), ` ${label !== "" ? label : source.text}`);
  }
  return link;
}
