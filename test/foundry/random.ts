/**
 * Generators for `CONFIG.Dice.randomUniform`, the double's one randomness seam. A die shows
 * `ceil((1 - u) * faces)` (see `DiceTerm#randomFace`), so face `f` of a `dF` comes from any `u` in
 * `[1 - f/F, 1 - (f-1)/F)`; these helpers use the middle of that interval.
 */

/** The `u` that makes a die with `faces` faces show `face`. */
export function uniformFor(face: number, faces: number): number {
  if (!Number.isInteger(face) || face < 1 || face > faces) throw new Error(`Face ${face} is not on a d${faces}`);
  return 1 - (face - 0.5) / faces;
}

/**
 * A generator that makes successive dice show the given faces, each as `[face, faces]`. It throws
 * once the list is used up, so a test that throws more dice than it planned fails loudly.
 */
export function mixedFaces(sequence: readonly (readonly [face: number, faces: number])[]): () => number {
  const values = sequence.map(([face, faces]) => uniformFor(face, faces));
  let next = 0;
  return () => {
    if (next >= values.length) throw new Error(`randomUniform: all ${values.length} planned faces were used`);
    return values[next++] as number;
  };
}

/** {@link mixedFaces} for dice that all have `faces` faces. */
export function fixedFaces(faces: number, sequence: readonly number[]): () => number {
  return mixedFaces(sequence.map((face) => [face, faces] as const));
}

/** A seeded uniform generator in [0, 1) (mulberry32), for reproducible random rolls. */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
