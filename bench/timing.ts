/**
 * Timing helpers of the benchmark: wall-clock and CPU clocks, per-call latency from timed batches,
 * call rates over a time slice, and order statistics. Nothing here knows about the engines.
 */

/** Wall-clock time in milliseconds (high resolution). */
export function wallMs(): number {
  return performance.now();
}

/** CPU time this process has used (user + system, every thread), in milliseconds. */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** The value at quantile `q` (0..1) of a list, by the nearest-rank method; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

/** The median of a list (the mean of the two middle values for an even count); NaN for an empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Calls `fn` and fails loudly when it returns nothing, so no timed call can be optimised away unseen. */
function checked(fn: () => unknown): void {
  if (fn() === undefined) throw new Error("bench: a timed call returned undefined");
}

/** A duration measured on both clocks, in microseconds. */
export interface Micros {
  /** Wall-clock time. */
  readonly wall: number;
  /** CPU time of this process (unaffected by time spent descheduled while other work runs). */
  readonly cpu: number;
}

/**
 * Times the very first call of `fn` on both clocks, in microseconds. Used for cold odds: whatever
 * the engine computes or caches on a first call is inside this figure.
 */
export function firstCall(fn: () => unknown): Micros {
  const c0 = cpuMs();
  const t0 = wallMs();
  checked(fn);
  const wall = (wallMs() - t0) * 1000;
  return { wall, cpu: (cpuMs() - c0) * 1000 };
}

/** The warm latency of a call: median and 95th percentile per call over several timed batches. */
export interface Latency {
  /** Median wall-clock time per call, microseconds. */
  readonly median: number;
  /** 95th percentile of the wall-clock time per call, microseconds. */
  readonly p95: number;
  /** Median CPU time per call, microseconds. */
  readonly cpuMedian: number;
  /** Calls per timed batch (1 when a single call already takes the minimum batch time). */
  readonly batch: number;
}

/**
 * Measures the warm latency of `fn`. The batch size is doubled until one batch lasts at least
 * `minBatchMs` (so the clocks' resolution does not matter); then `samples` batches are timed and
 * each gives one per-call sample on each clock (batch time / batch size).
 *
 * @param fn - The call to time (already called once, so it is warm).
 * @param samples - How many batches to time.
 * @param minBatchMs - The shortest batch, in milliseconds.
 */
export function warmLatency(fn: () => unknown, samples = 21, minBatchMs = 0.1): Latency {
  let batch = 1;
  for (;;) {
    const t0 = wallMs();
    for (let i = 0; i < batch; i++) checked(fn);
    if (wallMs() - t0 >= minBatchMs || batch >= 1 << 20) break;
    batch *= 2;
  }
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let s = 0; s < samples; s++) {
    const c0 = cpuMs();
    const t0 = wallMs();
    for (let i = 0; i < batch; i++) checked(fn);
    wall.push(((wallMs() - t0) * 1000) / batch);
    cpu.push(((cpuMs() - c0) * 1000) / batch);
  }
  return { median: median(wall), p95: quantile(wall, 0.95), cpuMedian: median(cpu), batch };
}

/** A call rate measured over one time slice. */
export interface Rate {
  /** Calls per second of wall-clock time. */
  readonly wall: number;
  /** Calls per second of this process's CPU time (less sensitive to other work on the machine). */
  readonly cpu: number;
}

/** Calls between two clock reads in {@link rateOver}. */
const CHUNK = 256;

/**
 * Calls `fn` repeatedly for about `ms` milliseconds and returns its rate by wall clock and by CPU
 * time.
 */
export function rateOver(fn: () => unknown, ms: number): Rate {
  let calls = 0;
  const c0 = cpuMs();
  const t0 = wallMs();
  let t: number;
  do {
    for (let i = 0; i < CHUNK; i++) checked(fn);
    calls += CHUNK;
    t = wallMs();
  } while (t - t0 < ms);
  const cpu = cpuMs() - c0;
  return { wall: (calls * 1000) / (t - t0), cpu: (calls * 1000) / Math.max(cpu, 1e-3) };
}
