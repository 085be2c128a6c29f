/**
 * Roll links in journals and other enriched text: `@RollPool[6|7]{Dodge}` becomes a link that rolls
 * that engine to chat when clicked (see `hooks/roll-links.ts`). The parameters use the chat
 * commands' grammar (`helpers/chat-commands.ts`). Malformed text becomes a visibly broken link whose
 * title gives the localized reason; enrichment never throws.
 */
import { EngineError } from "../engines/index.ts";
import { ENRICHER_PATTERN, parseEnricher, type CommandEngine, type CommandSettings } from "../helpers/chat-commands.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { errorMessage, type ErrorLocalizer } from "../helpers/notify.ts";
import { parseRequestText } from "../services/requests/spec.ts";
import { HARM_LINK_PATTERN, parseHarmLink } from "../services/harm/links.ts";

/** The class of every roll link (working or broken). */
export const ROLL_LINK_CLASS = "rb-roll-link";

/** The Font Awesome icon shown on each engine's roll link. */
export const ROLL_LINK_ICONS: Readonly<Record<CommandEngine, string>> = Object.freeze({
  percentile: "fa-solid fa-percent",
  action: "fa-solid fa-dice-d20",
  wild: "fa-solid fa-dice-six",
  pi: "fa-solid fa-dice",
  pool: "fa-solid fa-dice-d10",
});

/** The parts of one enricher match: the engine name, the parameters and the optional label. */
export interface RollLinkSource {
  /** The whole matched text, e.g. `@RollPool[6|7]{Dodge}`. */
  readonly text: string;
  /** The engine name after `@Roll`. */
  readonly name: string;
  /** The text between the brackets. */
  readonly params: string;
  /** The text between the braces, when given. */
  readonly label?: string | undefined;
}

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
 * The enricher Foundry calls for each match of {@link ENRICHER_PATTERN}.
 *
 * @param match - The regular expression match.
 * @returns The roll link (never throws: a malformed match gives a broken link).
 */
export function enrichRollLink(match: RegExpMatchArray): Promise<HTMLElement> {
  let settings: CommandSettings;
  try {
    settings = commandSettings();
  } catch {
    // Settings not yet registered (enrichment before `ready`): check the shape with the defaults.
    settings = { wildFirstOneCounts: true, percentileCap: 5 };
  }
  const source = { text: match[0], name: match[1] ?? "", params: match[2] ?? "", label: match[3] };
  return Promise.resolve(buildRollLink(document, source, settings, game.i18n));
}

/** The pattern of a GM roll-request link: `@RollRequest[action save:reflex target=15 hidden]{Dodge}`. */
export const REQUEST_LINK_PATTERN = /@RollRequest\[([^\]]*)\](?:\{([^}]*)\})?/gi;

/** The class of a GM roll-request link. */
export const REQUEST_LINK_CLASS = "rb-request-link";

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

/** The enricher Foundry calls for each match of {@link REQUEST_LINK_PATTERN}. */
export function enrichRequestLink(match: RegExpMatchArray): Promise<HTMLElement> {
  return Promise.resolve(buildRequestLink(document, match[0], match[1] ?? "", match[2] ?? "", game.i18n));
}

/** The class of a damage or healing link. */
export const HARM_LINK_CLASS = "rb-harm-link";

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

/** The enricher Foundry calls for each match of {@link HARM_LINK_PATTERN}. */
export function enrichHarmLink(match: RegExpMatchArray): Promise<HTMLElement> {
  const source = { text: match[0], name: match[1] ?? "", params: match[2] ?? "", label: match[3] };
  return Promise.resolve(buildHarmLink(document, source, game.i18n));
}

/** Registers the roll-link, request-link and damage-link enrichers (called in `init`). */
export function registerEnrichers(): void {
  CONFIG.TextEditor.enrichers.push({ pattern: ENRICHER_PATTERN, enricher: enrichRollLink });
  CONFIG.TextEditor.enrichers.push({ pattern: REQUEST_LINK_PATTERN, enricher: enrichRequestLink });
  CONFIG.TextEditor.enrichers.push({ pattern: HARM_LINK_PATTERN, enricher: enrichHarmLink });
}
