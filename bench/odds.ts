/**
 * Odds latency over the grid of {@link oddsGrid}. Two passes:
 *
 * - cold: the first call of every cell, heaviest cells of a group first, before any other
 *   measurement. The worst cold figure of a group therefore holds the JIT's first runs and the
 *   filling of every cache the engine keeps (an upper bound on the cold cost of any one cell);
 * - warm: per cell, the median and 95th percentile per call over timed batches (see
 *   {@link warmLatency}), after the cold pass.
 *
 * Every figure is taken on both clocks: wall clock (what a user waits) and this process's CPU
 * time (what the call costs, whatever else the machine is running).
 */

import type { OddsGroup } from "./grid.ts";
import { firstCall, median, warmLatency, type Micros } from "./timing.ts";

/** The target: every cell's median odds latency at or below this, in microseconds. */
export const ODDS_TARGET_MICROS = 1000;

/** One cell's figure (µs) with its label. */
export interface CellFigure {
  readonly label: string;
  readonly micros: number;
}

/** Whether a target holds on each clock. */
export interface Verdict {
  readonly wall: boolean;
  readonly cpu: boolean;
}

/** The latency figures of one group. */
export interface GroupLatency {
  readonly group: OddsGroup;
  /** Cold: median over the cells of the first-call time. */
  readonly coldMedian: Micros;
  /** Cold: the slowest first call by wall clock. */
  readonly coldWorstWall: CellFigure;
  /** Cold: the slowest first call by CPU time. */
  readonly coldWorstCpu: CellFigure;
  /** Warm: median over the cells of each cell's median. */
  readonly warmMedian: Micros;
  /** Warm: the cell with the largest wall-clock median, with its p95. */
  readonly warmWorstWall: CellFigure & { readonly p95: number };
  /** Warm: the cell with the largest CPU-time median. */
  readonly warmWorstCpu: CellFigure;
  /** Warm: the largest wall-clock p95 of any cell. */
  readonly warmWorstP95: CellFigure;
  /** Whether every cell's warm median is within {@link ODDS_TARGET_MICROS}. */
  readonly warmMeets: Verdict;
  /** Whether every cell's first call is within {@link ODDS_TARGET_MICROS}. */
  readonly coldMeets: Verdict;
  /** How many cells' first calls took longer than {@link ODDS_TARGET_MICROS}, on each clock. */
  readonly coldOver: { readonly wall: number; readonly cpu: number };
}

/** The first call of every cell of every group (heaviest first within a group), by cell label. */
export function coldPass(groups: readonly OddsGroup[]): Map<OddsGroup, Map<string, Micros>> {
  const out = new Map<OddsGroup, Map<string, Micros>>();
  for (const group of groups) {
    const times = new Map<string, Micros>();
    const order = [...group.cells].sort((a, b) => b.weight - a.weight);
    for (const cell of order) times.set(cell.label, firstCall(cell.call));
    out.set(group, times);
  }
  return out;
}

/** The largest entry of a non-empty list of figures. */
function worst<T extends CellFigure>(figures: readonly T[]): T {
  let w = figures[0] as T;
  for (const f of figures) if (f.micros > w.micros) w = f;
  return w;
}

/** Warm latency of every cell of a group, summarised with the group's cold figures. */
export function warmPass(group: OddsGroup, cold: ReadonlyMap<string, Micros>): GroupLatency {
  const wall: (CellFigure & { p95: number })[] = [];
  const cpu: CellFigure[] = [];
  for (const cell of group.cells) {
    const latency = warmLatency(cell.call);
    wall.push({ label: cell.label, micros: latency.median, p95: latency.p95 });
    cpu.push({ label: cell.label, micros: latency.cpuMedian });
  }
  const firsts = group.cells.map((cell) => cold.get(cell.label) ?? { wall: NaN, cpu: NaN });
  const coldWall = group.cells.map((cell, i) => ({ label: cell.label, micros: (firsts[i] as Micros).wall }));
  const coldCpu = group.cells.map((cell, i) => ({ label: cell.label, micros: (firsts[i] as Micros).cpu }));
  const within = (list: readonly CellFigure[]): boolean => list.every((f) => f.micros <= ODDS_TARGET_MICROS);
  const over = (list: readonly CellFigure[]): number => list.filter((f) => f.micros > ODDS_TARGET_MICROS).length;
  return {
    group,
    coldMedian: { wall: median(coldWall.map((c) => c.micros)), cpu: median(coldCpu.map((c) => c.micros)) },
    coldWorstWall: worst(coldWall),
    coldWorstCpu: worst(coldCpu),
    warmMedian: { wall: median(wall.map((w) => w.micros)), cpu: median(cpu.map((c) => c.micros)) },
    warmWorstWall: worst(wall),
    warmWorstCpu: worst(cpu),
    warmWorstP95: worst(wall.map((w) => ({ label: w.label, micros: w.p95 }))),
    warmMeets: { wall: within(wall), cpu: within(cpu) },
    coldMeets: { wall: within(coldWall), cpu: within(coldCpu) },
    coldOver: { wall: over(coldWall), cpu: over(coldCpu) },
  };
}
