/**
 * Running a registered Quench batch on the test world as mocha would: its `before`s, each `it` in
 * order (recording failures instead of stopping), then its `after`s; chai's `assert` is vitest's.
 */
import { expect } from "vitest";
import type { QuenchContext } from "../../src/quench/batch.ts";

type Test = () => Promise<void> | void;

/**
 * Runs a batch's registration with a mocha-like context.
 *
 * @param register - Registers the batch's tests on the context it is given.
 * @returns The tests' names, and the failures as `name: message`.
 */
export async function runBatch(
  register: (context: QuenchContext) => void,
): Promise<{ names: string[]; failed: string[] }> {
  const befores: Test[] = [];
  const afters: Test[] = [];
  const tests: [string, Test][] = [];
  register({
    describe: (_name, body) => body(),
    it: (name, fn) => void tests.push([name, fn]),
    before: (fn) => void befores.push(fn),
    after: (fn) => void afters.push(fn),
    assert: {
      equal: (actual, expected, message) => expect(actual, message).toEqual(expected),
      deepEqual: (actual, expected, message) => expect(actual, message).toEqual(expected),
      isTrue: (value, message) => expect(value, message).toBe(true),
    },
  });
  const failed: string[] = [];
  for (const fn of befores) await fn();
  for (const [name, fn] of tests) {
    try {
      await fn();
    } catch (error) {
      failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const fn of afters) await fn();
  return { names: tests.map(([name]) => name), failed };
}
