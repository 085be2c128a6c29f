/**
 * One child of the cold odds pass (`bench/cold.ts`): times the first call of one cell of the grid
 * in this fresh process and prints it as JSON (`{ wall, cpu }` in µs). Bundled with the grid, the
 * engines and the legacy code into one module; run as
 * `node --expose-gc cold-child.mjs --rb-cold-child <group> <cell> <current|legacy>`.
 */
import { oddsGrid } from "./grid.ts";

/** Which implementation a cold call times. */
export type ColdImplementation = "current" | "legacy";

/** The argument that marks a child process. */
export const CHILD_FLAG = "--rb-cold-child";

/** This process's CPU time in µs (every thread: the main thread's work and the background threads'). */
function cpuMicros(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

/** Reads every value of `x`, nested objects and arrays included (so every getter runs); returns how many. */
function readAll(x: unknown): number {
  if (typeof x !== "object" || x === null) return 1;
  let n = 0;
  for (const value of Object.values(x)) n += readAll(value);
  return n;
}

/** Wall-clock µs of `fn()` and its result. */
function timed<T>(fn: () => T): [number, T] {
  const t0 = performance.now();
  const result = fn();
  return [(performance.now() - t0) * 1000, result];
}

/**
 * In a child: times the first call of one cell and prints it as JSON (`wall`, `cpu`); then, on the
 * wall clock, what a dialog reads from its result (`dialog`: the cell's `reads`, 0 without), and
 * reading every value of the result, nested ones included (`read`: builds whatever the odds build
 * on first read).
 */
function childMain(groupIndex: number, cellIndex: number, impl: ColdImplementation): void {
  const cell = oddsGrid()[groupIndex]?.cells[cellIndex];
  if (cell === undefined) throw new Error(`bench: no cell ${groupIndex}/${cellIndex}`);
  const call = impl === "legacy" ? cell.legacy : cell.call;
  const reads = impl === "legacy" ? cell.legacyReads : cell.reads;
  (globalThis as { gc?: () => void }).gc?.();
  const c0 = cpuMicros();
  const t0 = performance.now();
  const result = call();
  const wall = (performance.now() - t0) * 1000;
  const cpu = cpuMicros() - c0;
  if (result === undefined) throw new Error("bench: a timed call returned undefined");
  const [dialog] = reads === undefined ? [0] : timed(() => reads(result));
  const [read, values] = timed(() => readAll(result));
  if (values < 2) throw new Error("bench: odds without fields");
  process.stdout.write(JSON.stringify({ wall, cpu, dialog, read }));
}

const at = process.argv.indexOf(CHILD_FLAG);
if (at >= 0) {
  const [g, c, impl] = process.argv.slice(at + 1);
  childMain(Number(g), Number(c), impl === "legacy" ? "legacy" : "current");
}
