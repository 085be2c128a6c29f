/**
 * `rollWith` throughput with one engine alone in its own worker thread (a fresh JavaScript engine
 * instance), as in a world that plays that one engine. In the main interleaved measurement all five
 * engines pass through the same protocol functions, so their calls there see five engines and the
 * JIT cannot specialise them; here they see one. Workers run one after another, so each has the
 * machine to itself as far as this process goes.
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { SUBJECT_ENGINES, subjectOf, type RateSummary } from "./throughput.ts";
import { median, rateOver, type Rate } from "./timing.ts";

interface IsolatedTask {
  readonly isolated: true;
  readonly engine: (typeof SUBJECT_ENGINES)[number];
}

function measureHere(task: IsolatedTask, rounds = 15, sliceMs = 60): RateSummary {
  const s = subjectOf(task.engine);
  rateOver(s.rollWith, 200); // warm-up
  const rates: Rate[] = [];
  for (let r = 0; r < rounds; r++) rates.push(rateOver(s.rollWith, sliceMs));
  return {
    wall: median(rates.map((x) => x.wall)),
    cpu: median(rates.map((x) => x.cpu)),
    best: Math.max(...rates.map((x) => x.cpu)),
  };
}

const task = (isMainThread ? null : workerData) as IsolatedTask | null;
if (task?.isolated) parentPort?.postMessage(measureHere(task));

/** Measures each engine's `rollWith` alone in a worker thread, one engine after another. */
export async function measureIsolated(): Promise<Map<string, RateSummary>> {
  const out = new Map<string, RateSummary>();
  for (const engine of SUBJECT_ENGINES) {
    const data: IsolatedTask = { isolated: true, engine };
    // The worker loads this TypeScript file through tsx's loader, as `npm run bench` loads the rest.
    const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const worker = new Worker(boot, { eval: true, workerData: data });
    const result = await new Promise<RateSummary>((resolve, reject) => {
      worker.once("message", (m: RateSummary) => resolve(m));
      worker.once("error", reject);
    });
    await worker.terminate();
    out.set(engine, result);
  }
  return out;
}
