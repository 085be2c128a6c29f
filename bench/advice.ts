/**
 * The odds advice bench (issue 26): each roll dialog's whole "what each choice buys" table for the
 * largest inputs the rules allow, and an open card's advisor, timed on first open (each in a fresh
 * `node` process, as `bench/cold.ts` times odds) and warm on each change, beside the dialog's own odds
 * panel for the same changes (the ratio says what the tables add to a change). Targets: a table's
 * first open ≤ 5 ms and each change ≤ 1 ms; a card's advisor ≤ 1 ms on first view.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import {
  adviceCases,
  CARD_FIRST_TARGET,
  TABLE_CHANGE_TARGET,
  TABLE_FIRST_TARGET,
  type AdviceCase,
} from "./advice-cases.ts";
import { adviceInChatPage } from "./chat.ts";
import { formatMicros, formatRatio, markdownTable, verdict, type Table } from "./report.ts";
import { median, warmLatency, type Micros } from "./timing.ts";

/** Fresh processes per first-open figure. */
export const ADVICE_COLD_REPEATS = 9;

/** One case's figures. */
export interface AdviceFigure {
  readonly case: AdviceCase;
  /**
   * First call, median over fresh processes (µs, both clocks), and the fastest process (wall: the
   * least disturbed by other work). For a dialog, its tables after its odds panel was computed once,
   * as the dialog computes them.
   */
  readonly first: Micros;
  readonly firstBest: number;
  /** For a dialog, its whole first computation (odds panel and tables), median (µs, both clocks). */
  readonly whole: Micros | null;
  /** Each change, warm: median per call (µs, both clocks). */
  readonly change: Micros;
  /** The odds panel for the same changes, warm (µs), for tables. */
  readonly panel: Micros | null;
  /** Whether the targets hold (first call on the wall clock, change on both). */
  readonly firstMeets: boolean;
  readonly changeMeets: { readonly wall: boolean; readonly cpu: boolean };
}

/** A call that cycles through a list of calls. */
function cycle(calls: readonly (() => unknown)[]): () => unknown {
  let i = 0;
  return () => (calls[i++ % calls.length] as () => unknown)();
}

/** Every case's first call in fresh processes (`ADVICE_COLD_REPEATS` each), then warm. */
export async function measureAdvice(progress: (text: string) => void = () => {}): Promise<AdviceFigure[]> {
  const cases = adviceCases();
  const dir = mkdtempSync(path.join(tmpdir(), "rb-advice-"));
  const firsts = cases.map(() => [] as Micros[]);
  const wholes = cases.map(() => [] as Micros[]);
  try {
    const script = path.join(dir, "advice-child.mjs");
    await build({
      entryPoints: [fileURLToPath(new URL("./advice-child.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      outfile: script,
      logLevel: "silent",
    });
    for (let r = 0; r < ADVICE_COLD_REPEATS; r++) {
      progress(`advice first opens: round ${r + 1} of ${ADVICE_COLD_REPEATS}`);
      cases.forEach((c, i) => {
        for (const mode of c.panel ? (["after-panel", "whole"] as const) : (["after-panel"] as const)) {
          const child = spawnSync(process.execPath, ["--expose-gc", script, String(i), mode], { encoding: "utf8" });
          if (child.status !== 0) throw new Error(`bench: advice child failed: ${child.stderr}`);
          (mode === "whole" ? wholes : firsts)[i]?.push(JSON.parse(child.stdout) as Micros);
        }
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return cases.map((c, i) => {
    progress(`advice warm: ${c.name}`);
    const call = cycle(c.changes);
    const panelCall = c.panel ? cycle(c.panel) : null;
    for (let k = 0; k < 20; k++) {
      call();
      panelCall?.();
    }
    // Tables and panel alternately, twice each; the smaller median of each.
    const a = warmLatency(call, 11);
    const b = panelCall ? warmLatency(panelCall, 11) : null;
    const d = warmLatency(call, 10);
    const e = panelCall ? warmLatency(panelCall, 10) : null;
    const samples = firsts[i] as Micros[];
    const first = { wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) };
    const all = wholes[i] as Micros[];
    const change = { wall: Math.min(a.median, d.median), cpu: Math.min(a.cpuMedian, d.cpuMedian) };
    const target = c.kind === "table" ? TABLE_FIRST_TARGET : CARD_FIRST_TARGET;
    return {
      case: c,
      first,
      firstBest: Math.min(...samples.map((s) => s.wall)),
      whole: all.length === 0 ? null : { wall: median(all.map((s) => s.wall)), cpu: median(all.map((s) => s.cpu)) },
      change,
      panel: b && e ? { wall: Math.min(b.median, e.median), cpu: Math.min(b.cpuMedian, e.cpuMedian) } : null,
      firstMeets: first.wall <= target,
      changeMeets: { wall: change.wall <= TABLE_CHANGE_TARGET, cpu: change.cpu <= TABLE_CHANGE_TARGET },
    };
  });
}

/** Section 5: the odds advice (issue 26), each case's first open and its changes, beside the odds panel. */
export function adviceTable(figures: readonly AdviceFigure[]): Table {
  return {
    head: [
      "Case",
      "Largest inputs",
      "First open (wall, median)",
      "(CPU)",
      "Fastest process (wall)",
      "Target",
      "Met (median wall)",
      "Dialog's whole first open (wall)",
      "Each change, warm (wall / CPU)",
      "≤ 1 ms",
      "Odds panel alone, warm (CPU)",
      "Tables ÷ panel",
    ],
    align: ["l", "l", "r", "r", "r", "r", "l", "r", "r", "l", "r", "r"],
    rows: figures.map((f) => [
      f.case.name,
      f.case.inputs,
      formatMicros(f.first.wall),
      formatMicros(f.first.cpu),
      formatMicros(f.firstBest),
      formatMicros(f.case.kind === "table" ? TABLE_FIRST_TARGET : CARD_FIRST_TARGET),
      verdict(f.firstMeets),
      f.whole === null ? "—" : formatMicros(f.whole.wall),
      `${formatMicros(f.change.wall)} / ${formatMicros(f.change.cpu)}`,
      `${verdict(f.changeMeets.wall)} / ${verdict(f.changeMeets.cpu)}`,
      f.panel === null ? "—" : formatMicros(f.panel.cpu),
      f.panel === null ? "—" : formatRatio(f.change.cpu / f.panel.cpu),
    ]),
  };
}

/**
 * Section 5 of docs/benchmarks.md, from its figures and whether the chat-log bench's page bundles
 * any advice module.
 */
export function adviceSection(figures: readonly AdviceFigure[], adviceInPage: boolean): string {
  return `## 5. Odds advice

What each choice buys in every roll dialog, and an open card's advisor (issue 26): \`bench/advice.ts\`,
cases in \`bench/advice-cases.ts\`. A dialog's case is its whole table of tables (\`choicesView\`: every
resource the roll can spend, each amount up to what the roller holds, each piece of gear with and
without) for the largest inputs the rules allow. First open: in a fresh \`node\` process
(${ADVICE_COLD_REPEATS} per case, the median; the fastest process beside it), after the dialog's odds
panel was computed once (untimed), as the dialog computes its tables right after its panel; "the
dialog's whole first open" times the panel and the tables together in another fresh process (it
includes starting the number formats of the language, some tens of ms in a fresh process, which a
Foundry client has long paid when a dialog opens). Each change: the form's values cycle through the
case's changes (a target, a count, a piece of gear ticked…), warm, median per call, beside the
dialog's own odds panel for the same changes ("tables ÷ panel": what the tables add to each change).
A card's advisor is computed when its owner views or hovers it, never while the chat log renders:
${
  adviceInPage
    ? "the chat log's page (section 4) **contains the advice code**, so its figures include loading it."
    : "the chat log's page (section 4) does not contain the advice code (checked on its bundle), so its figures are those of the cards alone."
} Targets: a table's first open ≤ ${TABLE_FIRST_TARGET / 1000} ms and each change
≤ ${TABLE_CHANGE_TARGET / 1000} ms; a card's advisor ≤ ${CARD_FIRST_TARGET / 1000} ms on first view. On a busy machine a fresh process is now
and then held off the CPU for a few milliseconds in the middle of its call: the fastest process shows
what the call costs undisturbed. \`npm run bench:advice\` runs this section alone and rewrites it here.

${markdownTable(adviceTable(figures))}
`;
}

/** Writes section 5 into docs/benchmarks.md in place (before section 6), keeping the rest. */
function writeSection(section: string): void {
  const doc = fileURLToPath(new URL("../docs/benchmarks.md", import.meta.url));
  const text = readFileSync(doc, "utf8");
  const from = text.indexOf("## 5. Odds advice");
  const next = text.indexOf("## 6. ");
  if (from < 0 || next < from) throw new Error("bench: docs/benchmarks.md has no section 5 before section 6");
  writeFileSync(doc, `${text.slice(0, from)}${section}\n${text.slice(next)}`);
}

// `npm run bench:advice`: this section alone, written into docs/benchmarks.md.
if (process.argv[1]?.endsWith("advice.ts")) {
  const figures = await measureAdvice((text) => console.info(`… ${text}`));
  console.info(markdownTable(adviceTable(figures)));
  writeSection(adviceSection(figures, await adviceInChatPage()));
}
