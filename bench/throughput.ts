/**
 * Resolution throughput of the five engines on one representative request each, with seeded
 * faces: the whole protocol (`rollWith`: validate, `throwAll` from `seededFaces`, resolve) and
 * `resolve` alone on pre-thrown faces. Engines and modes are interleaved round by round so that
 * each sees the same machine load; each figure is the median over the rounds.
 */

import { action, percentile, pi, pool, shared, wild } from "../src/engines/index.ts";
import { median, rateOver, type Rate } from "./timing.ts";

/** The target: resolutions per second per engine. */
export const THROUGHPUT_TARGET = 1_000_000;

/** The seed of every face source of the benchmark. */
export const SEED = 20_240_601;

/** How many pre-thrown rolls `resolve` cycles through (a power of two). */
const PRE_THROWN = 1024;

/** One engine with its representative request, ready to be timed. */
export interface Subject {
  readonly engine: shared.EngineId;
  /** The request, described for the report. */
  readonly describe: string;
  /** One full roll: validate, throw from the seeded source, resolve. */
  readonly rollWith: () => unknown;
  /** One resolve of a validated request on pre-thrown faces (cycling through {@link PRE_THROWN} rolls). */
  readonly resolve: () => unknown;
}

/** Builds a subject for an engine and a request. */
export function subject<Req, Out>(
  engine: shared.Engine<Req, Out, unknown>,
  request: Req,
  describe: string,
  seed = SEED,
): Subject {
  const valid = engine.validate(request);
  const source = shared.seededFaces(seed);
  const preSource = shared.seededFaces(seed + 1);
  const thrown = Array.from({ length: PRE_THROWN }, () => shared.throwAll(engine, valid, preSource));
  let next = 0;
  return {
    engine: engine.id,
    describe,
    rollWith: () => shared.rollWith(engine, request, source),
    resolve: () => engine.resolve(valid, thrown[next++ & (PRE_THROWN - 1)] as shared.Throw[]),
  };
}

/** The representative request of each engine, as a builder of its subject. */
const REPRESENTATIVES: readonly (() => Subject)[] = [
  () => subject(percentile.engine, { bonus: 2, penalty: 0, column: 10 }, "2 bonus dice, rating 10 (level read)"),
  () => subject(action.engine, { kind: "check", modifier: 5, dc: 15, augments: [6] }, "d20+5 vs DC 15, one d6 augment"),
  () => subject(wild.engine, { dice: 4, pips: 1 }, "4D+1"),
  () => subject(pi.engine, { pool: [8, 6, 6, 4], hindrance: "minor" }, "[d8,d6,d6,d4], minor hindrance"),
  () => subject(pool.engine, { pool: 6, difficulty: 7 }, "6d10 difficulty 7"),
];

/** The representative request of each engine. */
export function subjects(): Subject[] {
  return REPRESENTATIVES.map((make) => make());
}

/** The engines of the representatives, in order. */
export const SUBJECT_ENGINES: readonly shared.EngineId[] = ["percentile", "action", "wild", "pi", "pool"];

/** The subject of one engine alone (nothing of the other engines is run). */
export function subjectOf(engine: shared.EngineId): Subject {
  const make = REPRESENTATIVES[SUBJECT_ENGINES.indexOf(engine)];
  if (!make) throw new Error(`no representative request for ${engine}`);
  return make();
}

/** The rates of one task over the rounds. */
export interface RateSummary {
  /** Median over the rounds, wall clock (calls/s). */
  readonly wall: number;
  /** Median over the rounds, CPU time (calls/s). */
  readonly cpu: number;
  /** The best round by CPU time: the slice least disturbed by other work (calls/s). */
  readonly best: number;
}

/** The throughput of one subject. */
export interface Throughput {
  readonly subject: Subject;
  readonly rollWith: RateSummary;
  readonly resolve: RateSummary;
}

/**
 * Measures every subject, interleaved: each round times every subject's `rollWith` and `resolve`
 * for `sliceMs`, in a rotating order.
 */
export function measureThroughput(list: readonly Subject[], rounds = 15, sliceMs = 60): Throughput[] {
  const tasks = list.flatMap((s) => [s.rollWith, s.resolve]);
  for (const fn of tasks) rateOver(fn, 30); // warm-up
  const rates = tasks.map(() => [] as Rate[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < tasks.length; k++) {
      const i = (k + r) % tasks.length;
      (rates[i] as Rate[]).push(rateOver(tasks[i] as () => unknown, sliceMs));
    }
  }
  const summary = (i: number): RateSummary => {
    const list = rates[i] as Rate[];
    return {
      wall: median(list.map((x) => x.wall)),
      cpu: median(list.map((x) => x.cpu)),
      best: Math.max(...list.map((x) => x.cpu)),
    };
  };
  return list.map((s, k) => ({ subject: s, rollWith: summary(2 * k), resolve: summary(2 * k + 1) }));
}
