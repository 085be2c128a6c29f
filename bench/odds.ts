/**
 * Odds latency over the grid of `oddsGrid`, the current code beside the previous one
 * (`bench/legacy`, the odds as they stood before issue 18). Two passes:
 *
 * - cold (`bench/cold.ts`): the first call of a cell, each in a fresh `node` process, several
 *   processes per cell, for the heaviest cells of every group and a spread of the others;
 * - warm: per cell, the median and 95th percentile per call over timed batches (see
 *   {@link warmLatency}), the current call and the legacy call timed alternately, cell by cell, so
 *   both see the same machine load; each cell's ratio is legacy ÷ current (CPU time).
 *
 * Every figure is taken on both clocks: wall clock (what a user waits) and this process's CPU
 * time (what the call costs, whatever else the machine is running).
 */

import type { OddsGroup } from "./grid.ts";
import type { ColdFigure, ColdTimes } from "./cold.ts";
import { median, warmLatency, type Micros } from "./timing.ts";

/** The warm target (issue 18): every cell's median odds latency at or below this, in microseconds. */
export const ODDS_TARGET_MICROS = 20;

/** The cold target (issue 18): every cell's first call at or below this, in microseconds. */
export const COLD_TARGET_MICROS = 1000;

/** One cell's figure (µs) with its label. */
export interface CellFigure {
  readonly label: string;
  readonly micros: number;
}

/** Calls of every cell of a group, each implementation, before the group's warm pass is timed. */
const WARM_UP_CALLS = 5;

/** Whether a target holds on each clock. */
export interface Verdict {
  readonly wall: boolean;
  readonly cpu: boolean;
}

/** Every figure of one cell. */
export interface CellTimes {
  readonly label: string;
  /** Warm medians per call, current and legacy (µs, both clocks). */
  readonly warm: Micros;
  readonly legacyWarm: Micros;
  /** Warm wall-clock 95th percentile of the current call (µs). */
  readonly p95: number;
  /**
   * First calls in fresh processes (median), current and legacy (µs, both clocks), with the dialog's
   * reads and the full read that follow (wall); NaN when not measured.
   */
  readonly cold: ColdFigure;
  readonly legacyCold: ColdFigure;
  /** Legacy ÷ current, warm CPU-time medians. */
  readonly ratio: number;
}

/** The latency figures of one group. */
export interface GroupLatency {
  readonly group: OddsGroup;
  readonly cells: readonly CellTimes[];
  /** Cold: median over the cells of the first-call time. */
  readonly coldMedian: Micros;
  /** Cold: the slowest first call by wall clock and by CPU time. */
  readonly coldWorstWall: CellFigure;
  readonly coldWorstCpu: CellFigure;
  /** Cold, legacy: the slowest first call by CPU time. */
  readonly legacyColdWorstCpu: CellFigure;
  /** Cold: the slowest first call followed by a dialog's reads of it (wall). */
  readonly coldDialogWorst: CellFigure;
  /** Cold: the slowest read of every field after a first call (wall): what the odds build on first read. */
  readonly coldReadWorst: CellFigure;
  /** Cold: the largest of the cells' fastest processes (wall). */
  readonly coldBestWorst: CellFigure;
  /** Warm: median over the cells of each cell's median. */
  readonly warmMedian: Micros;
  /** Warm, legacy: median over the cells of each cell's CPU-time median. */
  readonly legacyWarmMedianCpu: number;
  /** Warm: the cell with the largest wall-clock median and the one with the largest CPU-time median. */
  readonly warmWorstWall: CellFigure;
  readonly warmWorstCpu: CellFigure;
  /** Warm: the largest wall-clock p95 of any cell. */
  readonly warmWorstP95: CellFigure;
  /** Legacy ÷ current: median over the cells, and the smallest (with its cell). */
  readonly ratioMedian: number;
  readonly ratioMin: CellFigure;
  /** Whether every cell's warm median is within {@link ODDS_TARGET_MICROS}. */
  readonly warmMeets: Verdict;
  /** Whether every cell's first call is within {@link COLD_TARGET_MICROS}. */
  readonly coldMeets: Verdict;
  /** How many cells' first calls took longer than {@link COLD_TARGET_MICROS}, on each clock. */
  readonly coldOver: { readonly wall: number; readonly cpu: number };
  /** How many cells have first-call figures. */
  readonly coldCount: number;
}

/** The largest entry of a non-empty list of figures. */
function worst<T extends CellFigure>(figures: readonly T[]): T {
  let w = figures[0] as T;
  for (const f of figures) if (f.micros > w.micros) w = f;
  return w;
}

/** Warm latency of every cell of a group, current and legacy side by side, with the cold figures. */
export function warmPass(group: OddsGroup, cold: ColdTimes, legacyCold: ColdTimes): GroupLatency {
  const none: ColdFigure = { wall: NaN, cpu: NaN, dialog: NaN, read: NaN, best: NaN };
  // Warm up first: every cell of the group a few times on both implementations, so the JIT has
  // compiled the group's code before its first cells are timed (otherwise they time the tier-up).
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    for (const cell of group.cells) {
      cell.call();
      cell.legacy();
    }
  }
  const cells: CellTimes[] = group.cells.map((cell) => {
    // Alternate current and legacy in short runs so both see the same load; 11 batches each.
    const a = warmLatency(cell.call, 11);
    const b = warmLatency(cell.legacy, 11);
    const c = warmLatency(cell.call, 10);
    const d = warmLatency(cell.legacy, 10);
    const warm = { wall: Math.min(a.median, c.median), cpu: Math.min(a.cpuMedian, c.cpuMedian) };
    const legacyWarm = { wall: Math.min(b.median, d.median), cpu: Math.min(b.cpuMedian, d.cpuMedian) };
    return {
      label: cell.label,
      warm,
      legacyWarm,
      p95: Math.max(a.p95, c.p95),
      cold: cold.get(group.name)?.get(cell.label) ?? none,
      legacyCold: legacyCold.get(group.name)?.get(cell.label) ?? none,
      ratio: legacyWarm.cpu / warm.cpu,
    };
  });
  const figures = (pick: (c: CellTimes) => number): CellFigure[] =>
    cells.map((c) => ({ label: c.label, micros: pick(c) }));
  const wall = figures((c) => c.warm.wall);
  const cpu = figures((c) => c.warm.cpu);
  // Cold figures exist for the cells the cold pass chose (see `coldCells`); the others are NaN.
  const coldWall = figures((c) => c.cold.wall).filter((f) => !Number.isNaN(f.micros));
  const coldCpu = figures((c) => c.cold.cpu).filter((f) => !Number.isNaN(f.micros));
  const ratios = figures((c) => c.ratio);
  const within = (list: readonly CellFigure[], target: number): boolean => list.every((f) => f.micros <= target);
  const over = (list: readonly CellFigure[]): number => list.filter((f) => f.micros > COLD_TARGET_MICROS).length;
  return {
    group,
    cells,
    coldMedian: { wall: median(coldWall.map((c) => c.micros)), cpu: median(coldCpu.map((c) => c.micros)) },
    coldWorstWall: worst(coldWall),
    coldWorstCpu: worst(coldCpu),
    legacyColdWorstCpu: worst(figures((c) => c.legacyCold.cpu).filter((f) => !Number.isNaN(f.micros))),
    coldDialogWorst: worst(figures((c) => c.cold.wall + c.cold.dialog).filter((f) => !Number.isNaN(f.micros))),
    coldReadWorst: worst(figures((c) => c.cold.read).filter((f) => !Number.isNaN(f.micros))),
    coldBestWorst: worst(figures((c) => c.cold.best).filter((f) => !Number.isNaN(f.micros))),
    warmMedian: { wall: median(wall.map((w) => w.micros)), cpu: median(cpu.map((c) => c.micros)) },
    legacyWarmMedianCpu: median(cells.map((c) => c.legacyWarm.cpu)),
    warmWorstWall: worst(wall),
    warmWorstCpu: worst(cpu),
    warmWorstP95: worst(figures((c) => c.p95)),
    ratioMedian: median(ratios.map((r) => r.micros)),
    ratioMin: ratios.reduce((m, r) => (r.micros < m.micros ? r : m)),
    warmMeets: { wall: within(wall, ODDS_TARGET_MICROS), cpu: within(cpu, ODDS_TARGET_MICROS) },
    coldMeets: { wall: within(coldWall, COLD_TARGET_MICROS), cpu: within(coldCpu, COLD_TARGET_MICROS) },
    coldOver: { wall: over(coldWall), cpu: over(coldCpu) },
    coldCount: coldWall.length,
  };
}
