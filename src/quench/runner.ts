/**
 * The system's own runner of its Quench batches, for a world without Quench (issue 41, "a check a real
 * table can run"): the same batch definitions (`registerQuenchBatches`) run one test at a time in the
 * order they declare, with mocha's hooks as the batches use them — a batch's `before` hooks before
 * its first test, its `after` hooks after its last, even when a test failed — and chai's three
 * asserts the batches call, with chai's readings: `equal` compares with `==`, `deepEqual` compares
 * structure (own enumerable keys, arrays, Sets, Maps and Dates; NaN equals NaN), `isTrue` needs
 * exactly `true` [chaijs.com/api/assert: equal "non-strict equality (==)", deepEqual, isTrue]. A
 * test that runs past {@link TEST_TIMEOUT} fails, so one that hangs cannot stall the rest. Loaded
 * only when a GM runs the self-check.
 */
import type { QuenchApi, QuenchContext } from "./batch.ts";

/** How long one test may run before it fails (a real world's server is slower than mocha's 2 s default). */
export const TEST_TIMEOUT = 60_000;

/** A registered batch: its key and the name Quench would show. */
export interface BatchInfo {
  readonly key: string;
  readonly displayName: string;
}

/** One test's outcome (or a batch's hooks', named for them). */
export interface CheckResult {
  readonly batch: string;
  readonly name: string;
  readonly ok: boolean;
  /** Why it failed (the assertion's message, or the error's), or `null`. */
  readonly error: string | null;
  /** How long it took, in milliseconds. */
  readonly ms: number;
}

/** A failed assertion. */
export class AssertionError extends Error {
  override readonly name = "AssertionError";
}

/** A value as a message shows it. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  try {
    return (
      JSON.stringify(value, (_k, v: unknown) => (v instanceof Set ? [...v] : v instanceof Map ? [...v] : v)) ??
      String(value)
    );
  } catch {
    return String(value);
  }
}

/** Structural equality, as chai's `deepEqual` reads it for the values the batches compare. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((x) => [...other].some((y) => deepEqual(x, y)));
  }
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    return a.size === other.size && [...a].every(([k, v]) => other.has(k) && deepEqual(v, other.get(k)));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** chai's three asserts, as the batches call them. */
export const ASSERT: QuenchContext["assert"] = Object.freeze({
  equal(actual: unknown, expected: unknown, message?: string) {
    // chai's `equal` is non-strict (==), and the batches were written against it.
    if (!(actual == expected)) {
      throw new AssertionError(`${message ? `${message}: ` : ""}expected ${shown(actual)} to equal ${shown(expected)}`);
    }
  },
  deepEqual(actual: unknown, expected: unknown, message?: string) {
    if (!deepEqual(actual, expected)) {
      throw new AssertionError(
        `${message ? `${message}: ` : ""}expected ${shown(actual)} to deeply equal ${shown(expected)}`,
      );
    }
  },
  isTrue(value: unknown, message?: string) {
    if (value !== true) throw new AssertionError(`${message ? `${message}: ` : ""}expected ${shown(value)} to be true`);
  },
});

interface Registered extends BatchInfo {
  readonly fn: (context: QuenchContext) => void;
}

/** The batches a registration declares, in its order. */
function collect(register: (api: QuenchApi) => void): Registered[] {
  const batches: Registered[] = [];
  register({
    registerBatch(key, fn, options) {
      batches.push({ key, displayName: options?.displayName ?? key, fn });
    },
  });
  return batches;
}

/** The batches a registration declares: their keys and names. */
export function listBatches(register: (api: QuenchApi) => void): BatchInfo[] {
  return collect(register).map(({ key, displayName }) => ({ key, displayName }));
}

/** The reason an error gives. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `fn`, failing it once it has run past the timeout. */
async function timed(fn: () => Promise<void> | void, timeout: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(fn),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeout / 1000} s`)), timeout);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a run is told. */
export interface RunOptions {
  /** The keys of the batches to run (every batch when absent). */
  readonly only?: readonly string[];
  /** Called with each result as it comes. */
  readonly onResult?: (result: CheckResult) => void;
  /** The clock (`performance.now` by default). */
  readonly now?: () => number;
  /** How long one test may run. */
  readonly timeout?: number;
}

/**
 * Runs the batches a registration declares: each batch's tests in order, between its hooks.
 *
 * @param register - Declares the batches (`registerQuenchBatches`).
 * @param options - Which batches, and who is told of each result.
 * @returns Every result, in order.
 */
export async function runBatches(register: (api: QuenchApi) => void, options: RunOptions = {}): Promise<CheckResult[]> {
  const now = options.now ?? (() => performance.now());
  const timeout = options.timeout ?? TEST_TIMEOUT;
  const results: CheckResult[] = [];
  const report = (result: CheckResult) => {
    results.push(result);
    options.onResult?.(result);
  };
  for (const batch of collect(register)) {
    if (options.only && !options.only.includes(batch.key)) continue;
    const tests: { name: string; fn: () => Promise<void> | void }[] = [];
    const before: (() => Promise<void> | void)[] = [];
    const after: (() => Promise<void> | void)[] = [];
    const path: string[] = [];
    batch.fn({
      describe(name, body) {
        path.push(name);
        try {
          body();
        } finally {
          path.pop();
        }
      },
      it(name, fn) {
        tests.push({ name: [...path.slice(1), name].join(" › "), fn });
      },
      // The batches hold their hooks at the batch's root: they run around all of its tests.
      before: (fn) => void before.push(fn),
      after: (fn) => void after.push(fn),
      assert: ASSERT,
    });
    let setUp: string | null = null;
    for (const hook of before) {
      try {
        await timed(hook, timeout);
      } catch (error) {
        setUp = reason(error);
        break;
      }
    }
    for (const test of tests) {
      const start = now();
      if (setUp !== null) {
        report({ batch: batch.key, name: test.name, ok: false, error: `before all: ${setUp}`, ms: 0 });
        continue;
      }
      try {
        await timed(test.fn, timeout);
        report({ batch: batch.key, name: test.name, ok: true, error: null, ms: now() - start });
      } catch (error) {
        report({ batch: batch.key, name: test.name, ok: false, error: reason(error), ms: now() - start });
      }
    }
    for (const hook of after) {
      const start = now();
      try {
        await timed(hook, timeout);
      } catch (error) {
        report({ batch: batch.key, name: "after all", ok: false, error: reason(error), ms: now() - start });
      }
    }
  }
  return results;
}
