/**
 * Replaying an outcome from the dice it records, as a chat card does after a reload: the dice an
 * outcome lists, read back as throws, must be the throws that were made, in throw order; `plan`
 * must have asked for exactly those dice; and resolving them again must give the same outcome,
 * even after the engine has resolved other rolls in between.
 */

import { expect } from "vitest";
import type { DieResult, DieSpec, Throw } from "../../src/engines/shared/index.ts";

/** The throws recorded by a list of dice, in the order listed, from their size, role and face alone. */
export function throwsOf(dice: readonly DieResult[]): Throw[] {
  return dice.map(({ faces, role, value }) => ({ faces, role, value }));
}

/** Engine functions a replay needs. */
interface Replayable<Req, Out> {
  plan(request: Req, thrown: readonly Throw[]): DieSpec[];
  resolve(request: Req, thrown: readonly Throw[]): Out;
}

/**
 * Checks that `outcome`, resolved from `thrown`, records those throws and replays from them.
 *
 * @param engine - The engine's `plan` and `resolve`.
 * @param request - The validated request.
 * @param thrown - The throws the outcome was resolved from.
 * @param outcome - The outcome to check.
 * @param recorded - The dice of the outcome that stand for throws (all of them unless an engine lists dice not thrown).
 * @param between - Resolves some other roll before the replay, so state kept between calls would show.
 */
export function expectReplays<Req, Out>(
  engine: Replayable<Req, Out>,
  request: Req,
  thrown: readonly Throw[],
  outcome: Out,
  recorded: readonly DieResult[],
  between: () => unknown,
): void {
  // Each die says where it was thrown, and the list is in that order.
  expect(recorded.map((d) => d.index)).toEqual(recorded.map((_, i) => i));
  const throws = throwsOf(recorded);
  expect(throws).toEqual(thrown.map(({ faces, role, value }) => ({ faces, role, value })));
  // `plan` asked for each of them in turn, and for nothing more.
  throws.forEach((t, k) => {
    expect(engine.plan(request, throws.slice(0, k))[0]).toEqual({ faces: t.faces, role: t.role });
  });
  expect(engine.plan(request, throws)).toEqual([]);
  // A card stores the outcome as JSON and can rebuild it from the recorded dice.
  expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
  between();
  expect(engine.resolve(request, throws)).toEqual(outcome);
}
