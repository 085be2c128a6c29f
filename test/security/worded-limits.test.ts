/**
 * Limits are worded for people (issue 29, item 10): no JavaScript value or raw field name in a
 * refusal ("between 0 and 9007199254740991", "actors must be…", "must be a whole number (got 6)"
 * for the text "6"), and every text a user types is bounded by the limit its input shows: a
 * character's or an item's name on its sheet, a card's flavor line.
 */
import { describe, expect, it } from "vitest";
import { I18N } from "../support/refusals.ts";
import { EngineError, percentile, shared } from "../../src/engines/index.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { MAX_DOCUMENT_NAME, prepareUpdate } from "../../src/data/actor/pure.ts";
import { prepareItemUpdate } from "../../src/data/item/pure.ts";
import { MAX_REQUEST_CHARACTERS, validateSpec } from "../../src/services/requests/spec.ts";

/** The message a user sees for what `run` throws. */
function shown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return errorMessage(error, I18N);
    throw error;
  }
  return expect.fail("nothing was refused");
}

describe("limits in words", () => {
  it("a limit no person reads is left out: 'at least 0', never the largest safe integer", () => {
    expect(shown(() => percentile.checkKarma(1, -1))).toBe("Karma must be at least 0 (got -1).");
    expect(shown(() => shared.requireInt(12, "pool", Number.MIN_SAFE_INTEGER, 10))).toBe(
      "Pool must be at most 10 (got 12).",
    );
    // Unbounded both ways, only a whole number is asked for.
    expect(shown(() => shared.requireInt(1.5, "pool", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER))).toBe(
      "Pool must be a whole number (got 1.5).",
    );
    expect(shown(() => shared.requireInt(-1, "karmaDice", 0, 3))).toBe("Karma dice must be between 0 and 3 (got -1).");
  });

  it("a number written as text is named as text, not as a number that is not whole", () => {
    expect(shown(() => shared.requireInt("6", "pool", 1, 30))).toBe(
      'Pool must be given as a number, not as the text "6".',
    );
    expect(shown(() => shared.requireInt("six", "pool", 1, 30))).toBe("Pool must be a whole number (got six).");
  });

  it("a roll request's characters and net dice are named in words", () => {
    const actors = Array.from({ length: MAX_REQUEST_CHARACTERS + 1 }, (_, i) => `actor${String(i).padStart(11, "0")}`);
    const spec = { engine: "pool", trait: { kind: "attribute", key: "strength" }, actors };
    expect(shown(() => validateSpec(spec, new Set(actors)))).toBe(
      `The number of characters asked must be between 1 and ${MAX_REQUEST_CHARACTERS} (got ${actors.length}).`,
    );
    const net = { engine: "percentile", trait: { kind: "skill", key: "Climbing" }, net: 9, actors: actors.slice(0, 1) };
    expect(shown(() => validateSpec(net, new Set(actors)))).toMatch(
      /^Net bonus or penalty dice must be between -5 and 5/,
    );
  });
});

describe("a name is bounded where it is typed", () => {
  const long = "x".repeat(100_000);

  it("an item sheet refuses a 100 kB name in words, and takes one of the limit", () => {
    const refused = prepareItemUpdate("weapon", { name: long });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(errorMessage(refused.error, I18N)).toBe(
        `The name may be at most ${MAX_DOCUMENT_NAME} characters long (this one has 100000).`,
      );
    expect(prepareItemUpdate("gear", { name: "y".repeat(MAX_DOCUMENT_NAME) }).ok).toBe(true);
    expect(prepareItemUpdate("gear", { name: 42 }).ok).toBe(false);
  });

  it("a character sheet refuses it too", () => {
    expect(prepareUpdate("pool-character", {}, { name: long }).ok).toBe(false);
    expect(prepareUpdate("pool-character", {}, { name: "Vex" }).ok).toBe(true);
  });
});
