/**
 * The chat-log bench (issue 18): in Chromium, 1,000 stored cards of the five engines rendered from
 * their saved rolls into a chat log (no odds computed, no dice thrown), and one card re-rendered
 * after a spend on it, beside a plain Foundry-style dice card rendered the same way. Reports time
 * and memory per card. `npm run bench` runs it as its section 4; `npm run bench:chat` runs it alone.
 * Needs `npm run build` first (the page is styled with the built CSS).
 */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { action, percentile, pi, pool, shared, wild } from "../src/engines/index.ts";
import { templateFiles } from "../test/support/handlebars.ts";
import { launch, openPage } from "../test/support/browser.ts";
import type { ChatBenchApi, ChatBenchInput, PlainRoll, RenderTimes, StoredRoll } from "./chat/page.ts";
import { median } from "./timing.ts";
import { SEED } from "./throughput.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Cards in the log. */
export const CHAT_CARDS = 1000;
/** Timed renders of the whole log, per kind of card (alternating). */
export const CHAT_ROUNDS = 7;
/** Timed re-renders of one card, per kind of card. */
export const CHAT_RERENDERS = 201;

/** The requests the log cycles through: every engine, a few shapes each. */
const REQUESTS: readonly (readonly [shared.EngineId, string, unknown])[] = [
  ["percentile", "d% +2 bonus, rating 40", { bonus: 2, penalty: 0, column: 40 }],
  ["action", "d20+5 vs DC 15 + d6", { kind: "check", modifier: 5, dc: 15, augments: [6] }],
  ["wild", "4D+1", { dice: 4, pips: 1 }],
  ["pi", "d8 d6 d6 d4", { pool: [8, 6, 6, 4], hindrance: "minor" }],
  ["pool", "6d10 difficulty 7", { pool: 6, difficulty: 7 }],
  ["percentile", "d% -1 penalty", { bonus: 0, penalty: 1, column: 12 }],
  ["action", "d20+2 attack + d8 d4", { kind: "attack", modifier: 2, dc: 14, augments: [8, 4] }],
  ["wild", "6D+2 with a Character Point", { dice: 6, pips: 2, characterPoints: 1 }],
  ["pi", "d12 d10 d8", { pool: [12, 10, 8] }],
  ["pool", "9d10 difficulty 6, Willpower", { pool: 9, difficulty: 6, willpower: true }],
];

const ENGINES = { percentile, action, wild, pi, pool } as const;

/** A stored roll of the engine, thrown from the seeded source (as a chat message saves it). */
function storedRoll(engine: shared.EngineId, formula: string, request: unknown, seed: number, stored = {}): StoredRoll {
  // Each engine's own request goes to its own engine; the table pairs them by id.
  const e = ENGINES[engine].engine as shared.Engine<unknown, unknown, unknown>;
  const outcome = shared.rollWith(e, request, shared.seededFaces(seed));
  const card = engine === "action" ? { card: { owner: "u1", ledger: [], names: {} }, ...stored } : stored;
  return { engine, formula, flavor: `Roll ${seed} <b>as typed</b>`, request, outcome, stored: card };
}

/** A plain roll of 2d6 + 1d8 + 3 from the seeded source. */
function plainRoll(seed: number): PlainRoll {
  const uniform = shared.seededUniform(seed);
  const face = (n: number): number => 1 + Math.floor(uniform() * n);
  const d6 = [face(6), face(6)];
  const d8 = [face(8)];
  const total = d6[0]! + d6[1]! + d8[0]! + 3;
  return {
    formula: "2d6 + 1d8 + 3",
    flavor: `Roll ${seed} <b>as typed</b>`,
    dice: [
      { faces: 6, results: d6 },
      { faces: 8, results: d8 },
    ],
    total,
  };
}

/** The bench's input: templates, 1,000 stored rolls, 1,000 plain rolls, and a spend. */
function input(): ChatBenchInput {
  const rolls: StoredRoll[] = [];
  const plain: PlainRoll[] = [];
  for (let i = 0; i < CHAT_CARDS; i++) {
    const [engine, formula, request] = REQUESTS[i % REQUESTS.length]!;
    rolls.push(storedRoll(engine, formula, request, SEED + i));
    plain.push(plainRoll(SEED + i));
  }
  const request = { kind: "check", modifier: 5, dc: 15, augments: [6] };
  const before = storedRoll("action", "d20+5 vs DC 15 + d6", request, SEED);
  const spentOn = { ...request, augments: [6, 8] };
  const ledger = [{ id: "spend-1", type: "augment", by: "u1", dice: [{ faces: 8, count: 1 }], undone: false }];
  const after = storedRoll("action", "d20+5 vs DC 15 + d6 + d8", spentOn, SEED, {
    card: { owner: "u1", ledger, applied: ["spend-1"], names: { u1: "Alice" } },
  });
  return {
    templates: Object.fromEntries(templateFiles().map((f) => [f, readFileSync(path.join(ROOT, f), "utf8")])),
    plainTemplate: readFileSync(path.join(ROOT, "bench/chat/plain-roll.hbs"), "utf8"),
    rolls,
    plain,
    spend: { before, after },
  };
}

/** The page script, bundled for the browser, and whether any odds-advice module is in it. */
async function bundle(): Promise<{ script: string; adviceInPage: boolean }> {
  const out = await build({
    metafile: true,
    entryPoints: [path.join(ROOT, "bench/chat/page.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    logLevel: "silent",
  });
  const inputs = Object.keys(out.metafile.inputs);
  return {
    script: out.outputFiles[0]!.text,
    adviceInPage: inputs.some((f) => /src\/engines\/(?:[a-z]+\/advice|advice)\.ts$/.test(f)),
  };
}

/** Whether the chat log's page bundles any odds-advice module (it should not: the advice loads on demand). */
export async function adviceInChatPage(): Promise<boolean> {
  return (await bundle()).adviceInPage;
}

/** One kind of card's figures. */
export interface ChatFigures {
  /** Median over the rounds, per card: building the HTML, and the whole render through layout (µs). */
  readonly htmlPerCard: number;
  readonly totalPerCard: number;
  /** Median re-render of one card in a full log, through layout (µs). */
  readonly rerender: number;
  /** JavaScript heap and DOM nodes added by the log, per card (bytes, nodes), and HTML size per card. */
  readonly heapPerCard: number;
  readonly nodesPerCard: number;
  readonly htmlBytesPerCard: number;
}

/** The chat-log bench's result. */
export interface ChatResult {
  readonly cards: number;
  readonly system: ChatFigures;
  readonly plain: ChatFigures;
  /** The system cards' HTML per card with the partials registered as source text, as the lab and tests do (µs). */
  readonly sourcePartialsHtmlPerCard: number;
  /** Building the card contexts alone (totals and card views, no template), per card (µs). */
  readonly contextsPerCard: number;
  /** The HTML per card of each engine's cards alone (views and template, µs). */
  readonly htmlPerCardByEngine: Readonly<Record<shared.EngineId, number>>;
  /** Whether the page's code holds any odds-advice module (it must not: no advice is computed while the log renders). */
  readonly adviceInPage: boolean;
  /** The log drawn again, every card unchanged and kept by the rendered-card memo: HTML and the whole render, per card (µs). */
  readonly kept: { readonly htmlPerCard: number; readonly totalPerCard: number; readonly heapPerCard: number };
}

type Kind = "cards" | "plain";

/** Calls the page's API. */
function call<T>(page: Page, fn: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([name, rest]) => {
      const g = globalThis as unknown as { rbChatBench: ChatBenchApi; rbInput: ChatBenchInput };
      const f = g.rbChatBench[name as keyof ChatBenchApi] as (input: ChatBenchInput, ...a: unknown[]) => unknown;
      return f(g.rbInput, ...rest);
    },
    [fn, args] as const,
  ) as Promise<T>;
}

/** JavaScript heap in use and DOM nodes, after a full garbage collection. */
async function memory(page: Page): Promise<{ heap: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = (await cdp.send("Runtime.getHeapUsage")).usedSize;
  const nodes = (await cdp.send("Memory.getDOMCounters")).nodes;
  await cdp.detach();
  return { heap, nodes };
}

/** Measures the chat log in Chromium. */
export async function measureChat(): Promise<ChatResult> {
  const data = input();
  const { script, adviceInPage } = await bundle();
  const browser = await launch();
  try {
    const page = await openPage(browser, `<ol id="chat-log" class="chat-log"></ol>`, 300);
    await page.addScriptTag({ content: script });
    await page.evaluate((i) => {
      const g = globalThis as unknown as { rbChatBench: ChatBenchApi; rbInput: ChatBenchInput };
      g.rbInput = i;
      g.rbChatBench.setup(i);
    }, data);
    const renders: Record<Kind, RenderTimes[]> = { cards: [], plain: [] };
    const fn: Record<Kind, string> = { cards: "renderCards", plain: "renderPlain" };
    // One untimed render of each warms the templates and the JIT; then alternate.
    await call(page, "renderCards");
    await call(page, "renderPlain");
    for (let r = 0; r < CHAT_ROUNDS; r++) {
      for (const kind of (r % 2 === 0 ? ["cards", "plain"] : ["plain", "cards"]) as Kind[]) {
        renders[kind].push(await call<RenderTimes>(page, fn[kind]));
      }
    }
    const figures = async (kind: Kind): Promise<ChatFigures> => {
      await call(page, "clear");
      const empty = await memory(page);
      await call(page, fn[kind]);
      const full = await memory(page);
      const rerender = await call<number[]>(page, kind === "cards" ? "rerenderCard" : "rerenderPlain", CHAT_RERENDERS);
      const html = kind === "cards" ? data.rolls.length : data.plain.length;
      const bytes = await page.evaluate(() => document.getElementById("chat-log")?.innerHTML.length ?? 0);
      return {
        htmlPerCard: (median(renders[kind].map((t) => t.html)) * 1000) / html,
        totalPerCard: (median(renders[kind].map((t) => t.total)) * 1000) / html,
        rerender: median(rerender) * 1000,
        heapPerCard: (full.heap - empty.heap) / html,
        nodesPerCard: (full.nodes - empty.nodes) / html,
        htmlBytesPerCard: bytes / html,
      };
    };
    const source: number[] = [];
    const contexts: number[] = [];
    const byEngine = new Map<shared.EngineId, number[]>();
    for (let r = 0; r < 5; r++) {
      source.push(await call<number>(page, "htmlWithSourcePartials"));
      contexts.push(await call<number>(page, "contextsOnly"));
      for (const engine of Object.keys(ENGINES) as shared.EngineId[]) {
        const t = await call<{ ms: number; cards: number }>(page, "htmlOfEngine", engine);
        byEngine.set(engine, [...(byEngine.get(engine) ?? []), (t.ms * 1000) / t.cards]);
      }
    }
    const system = await figures("cards");
    const plain = await figures("plain");
    const errors = (page as unknown as { rbErrors: string[] }).rbErrors;
    if (errors.length > 0) throw new Error(`chat bench: the page reported errors: ${errors.join("; ")}`);
    // The log drawn again with every card kept: one untimed pass fills the memo, then timed passes.
    await call(page, "clear");
    const beforeMemo = await memory(page);
    await call(page, "htmlKept");
    const afterMemo = await memory(page);
    const keptHtml: number[] = [];
    const keptTotal: number[] = [];
    for (let r = 0; r < CHAT_ROUNDS; r++) {
      keptHtml.push(await call<number>(page, "htmlKept"));
      keptTotal.push((await call<RenderTimes>(page, "renderCardsKept")).total);
    }
    const perEngine = (engine: shared.EngineId): number => median(byEngine.get(engine) ?? []);
    return {
      cards: CHAT_CARDS,
      adviceInPage,
      system,
      plain,
      sourcePartialsHtmlPerCard: (median(source) * 1000) / CHAT_CARDS,
      contextsPerCard: (median(contexts) * 1000) / CHAT_CARDS,
      kept: {
        htmlPerCard: (median(keptHtml) * 1000) / CHAT_CARDS,
        totalPerCard: (median(keptTotal) * 1000) / CHAT_CARDS,
        heapPerCard: (afterMemo.heap - beforeMemo.heap) / CHAT_CARDS,
      },
      htmlPerCardByEngine: {
        percentile: perEngine("percentile"),
        action: perEngine("action"),
        wild: perEngine("wild"),
        pi: perEngine("pi"),
        pool: perEngine("pool"),
      },
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureChat();
  console.info(JSON.stringify(result, null, 2));
}
