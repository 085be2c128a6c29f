/**
 * One clock for the test world (issue 41, "one clock"): the world's time is simulated, so a hop of
 * 150 ms costs no wall time and every scenario file runs at a table's latency. Timers and `Date` are
 * vitest's fake ones; a pump on the real event loop moves the clock to the next timer each time the
 * real loop has had a turn, except while one of the system's modules is loading (a lazy `import()`,
 * tracked by the world's configs: a load takes real time, and the simulated clock must not run past a
 * timeout meanwhile). A test that takes the timers over itself (`vi.useFakeTimers`, `vi.useRealTimers`)
 * drives them from there on.
 *
 * `Math.random` is seeded for each test from the run's seed (`RB_SEED`, chosen once per run by the
 * config, or given to replay one) and the test's name; a failed test prints the seed to replay it with.
 */
import { afterEach, beforeEach, vi } from "vitest";
import { modulesLoading } from "../foundry/state.ts";
import { seededUniform } from "../foundry/random.ts";

const realSetImmediate = globalThis.setImmediate;
const realRandom = Math.random;
const SEED = Number(process.env.RB_SEED ?? 0) >>> 0;
let pumping = false;

/** A 32-bit hash of a text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

beforeEach((context) => {
  Math.random = seededUniform(SEED ^ hash(`${context.task.file?.name ?? ""} ${context.task.name}`));
  context.onTestFailed(() => {
    console.error(`The test world ran with RB_SEED=${SEED}: run it again with RB_SEED=${SEED} to replay its ids.`);
  });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  pumping = true;
  const pump = (): void => {
    if (!pumping) return;
    // A module loading takes real time: the simulated clock waits for it.
    if (vi.isFakeTimers() && !modulesLoading() && vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
    realSetImmediate(pump);
  };
  realSetImmediate(pump);
});

afterEach(() => {
  pumping = false;
  vi.useRealTimers();
  Math.random = realRandom;
});
