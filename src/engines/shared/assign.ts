import type { DieSpec, EngineCore, Throw } from "./dice.ts";
import { MAX_THROWS } from "./dice.ts";

/** Faces matched to the dice an engine plans. */
export interface Assigned {
  /** The throws the faces make, in plan order, each with the role and size the plan gave it. */
  readonly thrown: Throw[];
  /** The dice the plan still wants after every face was used; empty when the roll is complete. */
  readonly missing: DieSpec[];
}

/**
 * Gives a list of bare faces the roles the engine's plan assigns, in order. This is how a single
 * Foundry term that holds every die of a roll (all of one size) is read: its results are the faces,
 * the plan says what each one was for and which follow-up dice are still owed.
 *
 * @throws RangeError when a face does not fit the die the plan wants at its position.
 */
export function assignFaces<Req>(
  engine: Pick<EngineCore<Req, unknown>, "plan">,
  request: Req,
  faces: readonly number[],
): Assigned {
  const thrown: Throw[] = [];
  let next = 0;
  for (;;) {
    const missing = engine.plan(request, thrown);
    if (missing.length === 0) return { thrown, missing };
    for (let k = 0; k < missing.length; k++) {
      const spec = missing[k] as DieSpec;
      if (next >= faces.length) return { thrown, missing: missing.slice(k) };
      const value = faces[next++] as number;
      if (!Number.isInteger(value) || value < 1 || value > spec.faces) {
        throw new RangeError(`assignFaces: face ${value} at position ${next - 1} does not fit a d${spec.faces}`);
      }
      thrown.push({ faces: spec.faces, role: spec.role, value });
    }
    if (thrown.length > MAX_THROWS) throw new RangeError(`assignFaces: more than ${MAX_THROWS} throws`);
  }
}
