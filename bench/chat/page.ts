/**
 * The chat-log bench's page script (bundled for Chromium by `bench/chat.ts`). It renders stored
 * rolls into a chat log the way the system's Roll subclasses do: the engine's pure card view of the
 * saved outcome and ledger, then the card template, compiled once and cached as Foundry's
 * `getTemplate` caches it. No odds are computed and no dice are thrown here. Beside them it renders a
 * plain Foundry-style dice card (formula, dice, total) through the same Handlebars environment.
 */
import Handlebars from "handlebars";
import en from "../../lang/en.json" with { type: "json" };
import { registerFoundryHelpers, registerSystemPartials } from "../../lab/handlebars.ts";
import { createLocalization } from "../../lab/i18n.ts";
import {
  CARD_TEMPLATES,
  CARD_VIEWS,
  ROLL_TOTALS,
  cardContextOf,
  cardKey,
  rememberCard,
  renderedCard,
  type StoredCardState,
} from "../../src/dice/cards/index.ts";
import { systemPath } from "../../src/constants.ts";
import type { EngineId } from "../../src/engines/index.ts";

/** One stored roll as a chat message keeps it: the request, the outcome and the card's ledgers. */
export interface StoredRoll {
  readonly engine: EngineId;
  readonly formula: string;
  readonly flavor: string;
  readonly request: unknown;
  readonly outcome: unknown;
  readonly stored: StoredCardState;
}

/** One plain Foundry-style roll: its formula, its dice and its total. */
export interface PlainRoll {
  readonly formula: string;
  readonly flavor: string;
  readonly dice: readonly { readonly faces: number; readonly results: readonly number[] }[];
  readonly total: number;
}

/** What the node side hands the page. */
export interface ChatBenchInput {
  /** Template sources by path relative to the repository root (`templates/…`). */
  readonly templates: Readonly<Record<string, string>>;
  /** The plain roll card's template source. */
  readonly plainTemplate: string;
  readonly rolls: readonly StoredRoll[];
  readonly plain: readonly PlainRoll[];
  /** A roll before and after a spend on its card. */
  readonly spend: { readonly before: StoredRoll; readonly after: StoredRoll };
}

/** Times of one run, in milliseconds. */
export interface RenderTimes {
  /** Building every card's HTML (views and templates). */
  readonly html: number;
  /** Building the HTML and putting it in the log, through layout. */
  readonly total: number;
  /** Elements the log holds afterwards. */
  readonly elements: number;
}

const i18n = createLocalization(en);

/**
 * How partials are registered. `compiled`: each template compiled once and registered compiled,
 * as Foundry's `loadTemplates` / `getTemplate` register them. `source`: registered as source text,
 * as the lab and the tests register them (`registerSystemPartials`).
 */
export type PartialMode = "compiled" | "source";

/** Card templates by engine, and the plain card's, for each way of registering partials. */
const environments = new Map<PartialMode, { cards: Map<string, Handlebars.TemplateDelegate> }>();
let plainTemplate: Handlebars.TemplateDelegate | null = null;

/** Builds both environments, every card template compiled once (as Foundry's template cache keeps it). */
function setup(input: ChatBenchInput): void {
  if (environments.size > 0) return;
  for (const mode of ["compiled", "source"] as const) {
    const hb = Handlebars.create();
    registerFoundryHelpers(hb, i18n);
    if (mode === "source") registerSystemPartials(hb, input.templates);
    else
      for (const [file, source] of Object.entries(input.templates))
        hb.registerPartial(systemPath(file), hb.compile(source));
    const cards = new Map<string, Handlebars.TemplateDelegate>();
    for (const [engine, path] of Object.entries(CARD_TEMPLATES)) {
      const file = path.slice(path.indexOf("templates/"));
      cards.set(engine, hb.compile(input.templates[file] ?? ""));
    }
    environments.set(mode, { cards });
    if (mode === "compiled") plainTemplate = hb.compile(input.plainTemplate);
  }
}

/** One stored roll's card context: its total, and the engine's card view of its outcome and ledgers. */
function cardContext(roll: StoredRoll): object {
  const engine = roll.engine;
  // The stored outcome is the engine's own (the node side made it with the engine); the maps
  // below are keyed by engine, which TypeScript cannot pair with a runtime id.
  const total = (ROLL_TOTALS[engine] as (o: unknown) => number)(roll.outcome);
  const view = CARD_VIEWS[engine] as (o: unknown, stored: StoredCardState) => object;
  const context = cardContextOf({
    engine,
    flavor: roll.flavor,
    isPrivate: false,
    formula: roll.formula,
    total,
    request: roll.request,
    outcome: roll.outcome,
    view: (o) => view(o, roll.stored),
  });
  return context;
}

/** One stored roll's card HTML, partials registered the given way. */
function cardHtml(roll: StoredRoll, mode: PartialMode = "compiled"): string {
  return (environments.get(mode)?.cards.get(roll.engine) as Handlebars.TemplateDelegate)({ ...cardContext(roll) });
}

/**
 * One stored roll's card HTML through the rendered-card memo, as `EngineRoll#render` asks for it:
 * the key of everything the card shows (the roll's options hold its request, outcome and ledgers),
 * then the kept markup, or a render that is kept.
 */
function cardHtmlKept(roll: StoredRoll): string {
  const key = cardKey({
    template: CARD_TEMPLATES[roll.engine],
    lang: i18n.lang,
    flavor: roll.flavor,
    isPrivate: false,
    formula: roll.formula,
    total: null,
    options: { engine: roll.engine, request: roll.request, outcome: roll.outcome, ...roll.stored },
  });
  return renderedCard(key) ?? rememberCard(key, cardHtml(roll));
}

/** One plain roll's card HTML. */
function plainHtml(roll: PlainRoll): string {
  return (plainTemplate as Handlebars.TemplateDelegate)(roll);
}

/** A chat message element holding a card, as the chat log lists it. */
function messageElement(html: string, id: number): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "chat-message message flexcol";
  li.dataset.messageId = String(id);
  const content = document.createElement("div");
  content.className = "message-content";
  content.innerHTML = html;
  li.append(content);
  return li;
}

/** Empties the log. */
function clearLog(): HTMLOListElement {
  const log = document.getElementById("chat-log") as HTMLOListElement;
  log.replaceChildren();
  return log;
}

/** Renders every card into the log and reads its height, so style and layout are inside the time. */
function renderAll<T>(items: readonly T[], html: (item: T) => string): RenderTimes {
  const log = clearLog();
  const t0 = performance.now();
  const parts = items.map(html);
  const t1 = performance.now();
  const fragment = document.createDocumentFragment();
  parts.forEach((part, i) => fragment.append(messageElement(part, i)));
  log.append(fragment);
  void log.offsetHeight;
  const t2 = performance.now();
  return { html: t1 - t0, total: t2 - t0, elements: log.getElementsByTagName("*").length };
}

/** Re-renders one message in place, `times` times, alternating two states; per re-render, ms. */
function rerender<T>(before: T, after: T, html: (item: T) => string, times: number): number[] {
  const log = document.getElementById("chat-log") as HTMLOListElement;
  const target = log.children[Math.floor(log.children.length / 2)]?.querySelector(".message-content");
  if (!target) throw new Error("chat bench: the log is empty");
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    target.innerHTML = html(i % 2 === 0 ? after : before);
    void (target as HTMLElement).offsetHeight;
    out.push(performance.now() - t0);
  }
  return out;
}

const api = {
  setup,
  renderCards: (input: ChatBenchInput): RenderTimes => renderAll(input.rolls, (roll) => cardHtml(roll)),
  /** Every card through the rendered-card memo (the second time: every card kept). */
  renderCardsKept: (input: ChatBenchInput): RenderTimes => renderAll(input.rolls, cardHtmlKept),
  /** Only the HTML of every card, partials registered as source text (no DOM); ms. */
  htmlWithSourcePartials: (input: ChatBenchInput): number => {
    const t0 = performance.now();
    for (const roll of input.rolls) cardHtml(roll, "source");
    return performance.now() - t0;
  },
  /** Only the card contexts of every card (totals and the engines' card views, no template); ms. */
  contextsOnly: (input: ChatBenchInput): number => {
    const t0 = performance.now();
    for (const roll of input.rolls) cardContext(roll);
    return performance.now() - t0;
  },
  /** Only the HTML of every card of one engine (views and template), and how many; ms. */
  htmlOfEngine: (input: ChatBenchInput, engine: EngineId): { ms: number; cards: number } => {
    const rolls = input.rolls.filter((r) => r.engine === engine);
    const t0 = performance.now();
    for (const roll of rolls) cardHtml(roll);
    return { ms: performance.now() - t0, cards: rolls.length };
  },
  renderPlain: (input: ChatBenchInput): RenderTimes => renderAll(input.plain, plainHtml),
  rerenderCard: (input: ChatBenchInput, times: number): number[] =>
    rerender(input.spend.before, input.spend.after, (roll) => cardHtml(roll), times),
  /** Only the HTML of every card through the memo, every card kept; ms. */
  htmlKept: (input: ChatBenchInput): number => {
    const t0 = performance.now();
    for (const roll of input.rolls) cardHtmlKept(roll);
    return performance.now() - t0;
  },
  rerenderPlain: (input: ChatBenchInput, times: number): number[] => {
    const first = input.plain[0] as PlainRoll;
    return rerender(first, { ...first, total: first.total + 1 }, plainHtml, times);
  },
  clear: (): void => void clearLog(),
};

/** The page's entry points, for `page.evaluate`. */
export type ChatBenchApi = typeof api;

(globalThis as unknown as { rbChatBench: ChatBenchApi }).rbChatBench = api;
