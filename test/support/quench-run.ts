/**
 * Runs a registered Quench batch as mocha would, on the test world: its `before`s, each `it` in order
 * (recording failures with their messages), then its `after`s; chai's `assert` is vitest's `expect`.
 */
import { expect } from "vitest";
import type { QuenchContext } from "../../src/quench/index.ts";

type Test = () => Promise<void> | void;

/** Runs a registered batch; returns the names of its checks and the failed ones. */
export async function runBatch(register: (context: QuenchContext) => void): Promise<{ names: string[]; failed: string[] }> {
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

