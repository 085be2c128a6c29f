/**
 * The throw protocol shared by every engine. An engine never rolls by itself: `plan(request, thrown)`
 * says which dice are still missing given the throws made so far (an empty list means
 * the roll is complete), and `resolve(request, thrown)` turns the complete list of throws into a
 * plain, serialisable outcome. Follow-up throws (cascades, the Wild Die chain, a re-roll, an
 * augment added later to an open roll) are simply dice that `plan` asks for once earlier faces
 * are known. The Foundry adapters run the same loop with real Foundry dice.
 */

import type { FaceSource } from "./faces.ts";

/** The ids of the five engines. */
export type EngineId = "percentile" | "action" | "wild" | "pi" | "pool";

/** One die the engine asks for: its size and its role (a key, e.g. `tens`, `wild`, `cascade`). */
export interface DieSpec {
  readonly faces: number;
  readonly role: string;
}

/** One die that was thrown: the spec plus the face it showed (1..faces). */
export interface Throw extends DieSpec {
  readonly value: number;
}

/**
 * What each engine provides to roll: `Req` is the validated request, `Out` the outcome, both plain
 * JSON-safe objects. This is the part startup code holds (each engine's `core.ts`).
 */
export interface EngineCore<Req, Out> {
  /** The engine id. */
  readonly id: EngineId;
  /** Checks and normalises a request (defaults filled in); throws an `EngineError` when it is bad. */
  validate(request: Req): Req;
  /** The dice still missing for a validated request, given the throws so far; empty when complete. */
  plan(request: Req, thrown: readonly Throw[]): DieSpec[];
  /** The outcome of a validated request from its complete list of throws. */
  resolve(request: Req, thrown: readonly Throw[]): Out;
}

/**
 * What each engine provides, its exact odds included (`Odds`, a plain JSON-safe summary): each
 * engine's `index.ts`, loaded with the dialogs, the advice and the API.
 */
export interface Engine<Req, Out, Odds> extends EngineCore<Req, Out> {
  /** Exact odds of a validated request (no sampling). */
  odds(request: Req): Odds;
}

/** The most dice one roll may ask for, a guard against a request that would never end. */
export const MAX_THROWS = 10_000;

/**
 * Completes the throws of a request from a face source: asks `plan` for missing dice, draws their
 * faces, and repeats until nothing is missing. Existing throws are kept.
 *
 * @returns The complete list of throws.
 */
export function throwAll<Req>(
  engine: Pick<EngineCore<Req, unknown>, "plan">,
  request: Req,
  source: FaceSource,
  thrown: readonly Throw[] = [],
): Throw[] {
  const all: Throw[] = thrown.length === 0 ? [] : thrown.slice();
  for (;;) {
    const missing = engine.plan(request, all);
    const count = missing.length;
    if (count === 0) return all;
    // Indexed loop and one object literal per throw: this runs for every die of every roll.
    for (let i = 0; i < count; i++) {
      const spec = missing[i] as DieSpec;
      const faces = spec.faces;
      all.push({ faces, role: spec.role, value: source.next(faces) });
    }
    if (all.length > MAX_THROWS) throw new RangeError(`throwAll: more than ${MAX_THROWS} throws`);
  }
}

/** Validates a request, throws its dice from `source` and resolves it. */
export function rollWith<Req, Out>(engine: EngineCore<Req, Out>, request: Req, source: FaceSource): Out {
  const req = engine.validate(request);
  return engine.resolve(req, throwAll(engine, req, source));
}
