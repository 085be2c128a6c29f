/**
 * First calls of odds cells, each in a fresh `node` process (issue 18: "every first call ≤ 1 ms").
 *
 * A first call in a process pays for everything the engine does once: parsing and compiling the
 * functions it runs, the interpreter's first passes, and any table it fills on demand. Only the very
 * first call of a process shows that, so each measured call gets a process of its own. The grid,
 * the engines and the legacy code are bundled once with esbuild into one plain ES module (as the
 * system ships one bundle); each child loads it, builds the one request it times (outside the
 * timing), collects garbage left by its start-up, then times the cell's call once, on the wall
 * clock and on the process's CPU clock. The CPU clock counts every thread: the compiler's and the
 * garbage collector's background threads still busy with the start-up too, so it can exceed the
 * wall clock; the wall clock is what a user waits.
 *
 * The children run one after another (never two at once), so they do not compete with each other.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { CHILD_FLAG } from "./cold-child.ts";
import { oddsGrid, type OddsCell, type OddsGroup } from "./grid.ts";
import { median, type Micros } from "./timing.ts";

/** Which implementation a cold call times. */
export type { ColdImplementation } from "./cold-child.ts";

/** Fresh processes per cold cell and implementation; the cell's figure is their median. */
export const COLD_REPEATS = 9;

/** The heaviest cells of every group that get cold figures, besides an even spread of the rest. */
const COLD_HEAVIEST = 4;
/** Cells spread evenly over the rest of each group (lightest included). */
const COLD_SPREAD = 3;

/**
 * The cells given cold figures: per group, the {@link COLD_HEAVIEST} heaviest (the grid's weights)
 * and {@link COLD_SPREAD} more spread evenly over the others, lightest included. Every cell when
 * `all` is set (`BENCH_COLD_ALL=1`: about a second per cell on a quiet machine).
 */
export function coldCells(group: OddsGroup, all = false): OddsCell[] {
  if (all) return [...group.cells];
  const order = [...group.cells].sort((a, b) => b.weight - a.weight);
  const picked = order.slice(0, COLD_HEAVIEST);
  const rest = order.slice(COLD_HEAVIEST);
  for (let i = 0; i < COLD_SPREAD && rest.length > 0; i++) {
    const cell = rest[Math.round(((rest.length - 1) * (i + 1)) / COLD_SPREAD)];
    if (cell !== undefined && !picked.includes(cell)) picked.push(cell);
  }
  return picked;
}

/**
 * A cold cell's figures, medians over its fresh processes (µs): the first call on both clocks, then
 * on the wall clock what a dialog reads from it (`dialog`) and reading every field (`read`).
 */
export interface ColdFigure extends Micros {
  readonly dialog: number;
  readonly read: number;
  /** The fastest of the processes (wall): the call least disturbed by other work on the machine. */
  readonly best: number;
}

/** First calls by group name, then by cell label: the medians over the fresh processes. */
export type ColdTimes = Map<string, Map<string, ColdFigure>>;

/** The bundle every child loads (`cold-child.ts`: the grid with the engines and the legacy code). */
async function bundleChild(dir: string): Promise<string> {
  const out = path.join(dir, "cold-child.mjs");
  await build({
    entryPoints: [fileURLToPath(new URL("./cold-child.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile: out,
    logLevel: "silent",
  });
  return out;
}

/**
 * Cold figures of the chosen cells of every group, for both implementations: each cell's call in
 * {@link COLD_REPEATS} fresh processes per implementation, current and legacy alternating. The
 * repeats go round the whole list of cells (one process per cell and implementation per round), so
 * a burst of other work on the machine, which lasts seconds, falls on one sample of many cells
 * rather than on most samples of one cell (each cell's figure is the median of its samples).
 *
 * @param progress - Called with a line of progress now and then.
 */
export async function coldPasses(
  progress: (text: string) => void = () => {},
): Promise<{ current: ColdTimes; legacy: ColdTimes }> {
  const dir = mkdtempSync(path.join(tmpdir(), "rb-bench-"));
  try {
    const script = await bundleChild(dir);
    const all = process.env.BENCH_COLD_ALL === "1";
    const runs = oddsGrid().flatMap((group, g) =>
      coldCells(group, all).map((cell) => ({
        group: group.name,
        label: cell.label,
        args: [String(g), String(group.cells.indexOf(cell))],
        samples: { current: [] as ColdFigure[], legacy: [] as ColdFigure[] },
      })),
    );
    for (let r = 0; r < COLD_REPEATS; r++) {
      progress(`odds cold: round ${r + 1} of ${COLD_REPEATS}, ${runs.length} cells × 2 fresh processes`);
      for (const run of runs) {
        for (const impl of r % 2 === 0 ? (["current", "legacy"] as const) : (["legacy", "current"] as const)) {
          const child = spawnSync(process.execPath, ["--expose-gc", script, CHILD_FLAG, ...run.args, impl], {
            encoding: "utf8",
          });
          if (child.status !== 0) throw new Error(`bench: cold child failed: ${child.stderr}`);
          run.samples[impl].push(JSON.parse(child.stdout) as ColdFigure);
        }
      }
    }
    const out: { current: ColdTimes; legacy: ColdTimes } = { current: new Map(), legacy: new Map() };
    for (const run of runs) {
      for (const impl of ["current", "legacy"] as const) {
        const s = run.samples[impl];
        const byCell = out[impl].get(run.group) ?? new Map<string, ColdFigure>();
        out[impl].set(run.group, byCell);
        byCell.set(run.label, {
          wall: median(s.map((x) => x.wall)),
          cpu: median(s.map((x) => x.cpu)),
          dialog: median(s.map((x) => x.dialog)),
          read: median(s.map((x) => x.read)),
          best: Math.min(...s.map((x) => x.wall)),
        });
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { current, legacy } = await coldPasses((t) => console.info(`… ${t}`));
  for (const [group, cells] of current) {
    for (const [label, t] of cells) {
      const l = legacy.get(group)?.get(label);
      console.info(
        `${group.padEnd(32)} ${label.padEnd(44)} ${t.wall.toFixed(0).padStart(7)} µs wall ${t.cpu.toFixed(0).padStart(7)} µs cpu +${t.dialog.toFixed(0)} dialog +${t.read.toFixed(0)} read   legacy ${l?.wall.toFixed(0).padStart(7)} / ${l?.cpu.toFixed(0).padStart(7)} +${l?.dialog.toFixed(0)} +${l?.read.toFixed(0)}`,
      );
    }
  }
}
