/**
 * The one randomness seam of the engines. Every die face an engine ever sees comes from a
 * {@link FaceSource}: fixed faces in tests, a seeded PRNG in benchmarks and Monte Carlo checks,
 * and Foundry's own dice in the adapters (which throw real dice and hand the faces over as throws).
 */

/** A source of die faces. `next(faces)` returns an integer in `1..faces`. */
export interface FaceSource {
  next(faces: number): number;
}

/**
 * A face source that replays the given faces in order. It throws when it runs out, or when a
 * listed face does not fit the die asked for, so a test that feeds the wrong faces fails loudly.
 */
export function fixedFaces(values: readonly number[]): FaceSource {
  let i = 0;
  return {
    next(faces: number): number {
      if (i >= values.length) throw new RangeError(`fixedFaces: ran out after ${values.length} faces`);
      const v = values[i++] as number;
      if (!Number.isInteger(v) || v < 1 || v > faces) {
        throw new RangeError(`fixedFaces: face ${v} (position ${i - 1}) does not fit a d${faces}`);
      }
      return v;
    },
  };
}

/**
 * A deterministic uniform generator in [0, 1) (mulberry32). The state is kept as a signed 32-bit
 * integer (`| 0`): the same bits as the usual unsigned form, but a value the engine stores without
 * boxing it, so a draw allocates nothing.
 */
export function seededUniform(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A face source driven by a uniform generator in [0, 1), such as Foundry's `CONFIG.Dice.randomUniform`. */
export function uniformFaces(uniform: () => number): FaceSource {
  return {
    next(faces: number): number {
      return Math.min(faces, Math.floor(uniform() * faces) + 1);
    },
  };
}

/**
 * A seeded face source: the same seed always gives the same faces. It gives exactly the faces of
 * `uniformFaces(seededUniform(seed))`, with the generator inlined into `next` (one call per die
 * instead of two). `Math.min` is not needed: the uniform is below 1, so the face never exceeds `faces`.
 */
export function seededFaces(seed: number): FaceSource {
  let a = seed | 0;
  return {
    next(faces: number): number {
      a = (a + 0x6d2b79f5) | 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * faces) + 1;
    },
  };
}
