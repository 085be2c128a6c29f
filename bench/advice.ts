/**
 * The odds advice bench (issue 26): each roll dialog's whole "what each choice buys" table for the
 * largest inputs the rules allow, and an open card's advisor, timed on first open (each in a fresh
 * `node` process, as `bench/cold.ts` times odds) and warm on each change, beside the dialog's own odds
 * panel for the same changes (the ratio says what the tables add to a change). Targets: a table's
 * first open ≤ 5 ms and each change ≤ 1 ms; a card's advisor ≤ 1 ms on first view.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
