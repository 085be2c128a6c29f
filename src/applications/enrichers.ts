/**
 * Roll links in journals and other enriched text: `@RollPool[6|7]{Dodge}` becomes a link that rolls
 * that engine to chat when clicked (see `hooks/roll-links.ts`). The parameters use the chat
 * commands' grammar (`helpers/chat-commands.ts`). Malformed text becomes a visibly broken link whose
 * title gives the localized reason; enrichment never throws.
 */
import type { CommandSettings } from "../helpers/chat-commands.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { ENRICHER_PATTERN, type CommandEngine } from "../helpers/command-words.ts";
import { HARM_LINK_PATTERN } from "../services/harm/links.ts";

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

/**
 * The enricher Foundry calls for each match of {@link ENRICHER_PATTERN}.
 *
 * @param match - The regular expression match.
 * @returns The roll link (never throws: a malformed match gives a broken link), built by
 *   `roll-link-elements.ts`, loaded with the first link.
 */
export async function enrichRollLink(match: RegExpMatchArray): Promise<HTMLElement> {
  let settings: CommandSettings;
  try {
    settings = commandSettings();
  } catch {
    // Settings not yet registered (enrichment before `ready`): check the shape with the defaults.
    settings = { wildFirstOneCounts: true, percentileCap: 5 };
  }
  const source = { text: match[0], name: match[1] ?? "", params: match[2] ?? "", label: match[3] };
  const { buildRollLink } = await import("./roll-link-elements.ts");
  return buildRollLink(document, source, settings, game.i18n);
}

/** The pattern of a GM roll-request link: `@RollRequest[action save:reflex target=15 hidden]{Dodge}`. */
export const REQUEST_LINK_PATTERN = /@RollRequest\[([^\]]*)\](?:\{([^}]*)\})?/gi;

/** The class of a GM roll-request link. */
export const REQUEST_LINK_CLASS = "rb-request-link";

/** The enricher Foundry calls for each match of {@link REQUEST_LINK_PATTERN}. */
export async function enrichRequestLink(match: RegExpMatchArray): Promise<HTMLElement> {
  const { buildRequestLink } = await import("./roll-link-elements.ts");
  return buildRequestLink(document, match[0], match[1] ?? "", match[2] ?? "", game.i18n);
}

/** The class of a damage or healing link. */
export const HARM_LINK_CLASS = "rb-harm-link";

/** The enricher Foundry calls for each match of {@link HARM_LINK_PATTERN}. */
export async function enrichHarmLink(match: RegExpMatchArray): Promise<HTMLElement> {
  const source = { text: match[0], name: match[1] ?? "", params: match[2] ?? "", label: match[3] };
  const { buildHarmLink } = await import("./roll-link-elements.ts");
  return buildHarmLink(document, source, game.i18n);
}

/** Registers the roll-link, request-link and damage-link enrichers (called in `init`). */
export function registerEnrichers(): void {
  CONFIG.TextEditor.enrichers.push({ pattern: ENRICHER_PATTERN, enricher: enrichRollLink });
  CONFIG.TextEditor.enrichers.push({ pattern: REQUEST_LINK_PATTERN, enricher: enrichRequestLink });
  CONFIG.TextEditor.enrichers.push({ pattern: HARM_LINK_PATTERN, enricher: enrichHarmLink });
}
