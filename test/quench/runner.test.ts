/**
 * The system's own runner of its Quench batches (issue 41, "a check a real table can run"): tests
 * run in order between their batch's hooks, a failed assertion or error is reported with its
 * reason and the rest still run, a failed `before` fails every test of its batch and `after` still
 * runs, a hung test times out, only the chosen batches run, and chai's readings of its three asserts
 * hold (`equal` is `==`, `deepEqual` structural, `isTrue` exactly `true`).
 */
import { describe, expect, it } from "vitest";
import type { QuenchApi, QuenchContext } from "../../src/quench/batch.ts";
import { ASSERT, deepEqual, listBatches, runBatches } from "../../src/quench/runner.ts";

/** A batch context's functions, each callable on its own. */
function bound(context: QuenchContext) {
  return {
    describe: (name: string, fn: () => void) => context.describe(name, fn),
    it: (name: string, fn: () => Promise<void> | void) => context.it(name, fn),
    before: (fn: () => Promise<void> | void) => context.before(fn),
    after: (fn: () => Promise<void> | void) => context.after(fn),
  };
}

/** Two batches that record what ran, in order. */
function register(log: string[], options: { failBefore?: boolean; hang?: boolean } = {}) {
  return (quench: QuenchApi) => {
    quench.registerBatch(
      "rb.first",
      (context) => {
        const { assert } = context;
        const { describe, it, before, after } = bound(context);
        before(() => {
          log.push("before");
          if (options.failBefore) throw new Error("no dice");
        });
        after(() => void log.push("after"));
        describe("First", () => {
          it("passes", () => {
            log.push("passes");
            assert.equal(1, 1);
          });
          it("fails an assertion", () => {
            log.push("fails");
            assert.equal(2, 3, "two is three");
          });
          describe("inner", () => {
            it("throws", () => {
              log.push("throws");
              throw new Error("boom");
            });
          });
          it("still runs after failures", async () => {
            await Promise.resolve();
            log.push("last");
            if (options.hang) await new Promise(() => undefined);
          });
        });
      },
      { displayName: "The first" },
    );
    quench.registerBatch("rb.second", (context) => {
      context.it("second", () => void log.push("second"));
    });
  };
}

describe("the self-check's runner", () => {
  it("lists the batches with their names", () => {
    expect(listBatches(register([]))).toEqual([
      { key: "rb.first", displayName: "The first" },
      { key: "rb.second", displayName: "rb.second" },
    ]);
  });

  it("runs every test between its batch's hooks, reports each failure's reason, and goes on", async () => {
    const log: string[] = [];
    const seen: string[] = [];
    const results = await runBatches(register(log), { onResult: (r) => seen.push(r.name), now: () => 0 });
    expect(log).toEqual(["before", "passes", "fails", "throws", "last", "after", "second"]);
    expect(results.map((r) => [r.batch, r.name, r.ok, r.error])).toEqual([
      ["rb.first", "passes", true, null],
      ["rb.first", "fails an assertion", false, "two is three: expected 2 to equal 3"],
      ["rb.first", "inner › throws", false, "boom"],
      ["rb.first", "still runs after failures", true, null],
      ["rb.second", "second", true, null],
    ]);
    expect(seen).toEqual(results.map((r) => r.name));
  });

  it("fails every test of a batch whose before hook failed, and still cleans up", async () => {
    const log: string[] = [];
    const results = await runBatches(register(log, { failBefore: true }), { only: ["rb.first"] });
    expect(log).toEqual(["before", "after"]);
    expect(results.map((r) => r.ok)).toEqual([false, false, false, false]);
    expect(results[0]?.error).toBe("before all: no dice");
  });

  it("fails a test that runs past its time, and runs the rest", async () => {
    const log: string[] = [];
    const results = await runBatches(register(log, { hang: true }), { timeout: 50 });
    expect(results.find((r) => r.name === "still runs after failures")).toMatchObject({
      ok: false,
      error: "timed out after 0.05 s",
    });
    expect(log.slice(-2)).toEqual(["after", "second"]);
  });

  it("reads chai's asserts as chai does", () => {
    expect(() => ASSERT.equal("1", 1)).not.toThrow();
    expect(() => ASSERT.equal(null, undefined)).not.toThrow();
    expect(() => ASSERT.equal(1, 2)).toThrow("expected 1 to equal 2");
    expect(() => ASSERT.isTrue(1)).toThrow("expected 1 to be true");
    expect(() => ASSERT.isTrue(true)).not.toThrow();
    expect(() => ASSERT.deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).not.toThrow();
    expect(() => ASSERT.deepEqual([1, 2], [2, 1], "order")).toThrow("order: expected [1,2] to deeply equal [2,1]");
    expect(deepEqual(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(deepEqual(new Map([["a", 1]]), new Map([["a", 2]]))).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
});
