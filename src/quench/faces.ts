/**
 * Feeding chosen faces to Foundry's dice through `CONFIG.Dice.randomUniform`, the randomness seam
 * Foundry itself uses. How Foundry turns a uniform number into a face is not documented publicly,
 * so the mapping is measured once (`calibrate`) rather than assumed.
 */
import type { Face } from "./dice-scenarios.ts";

/** How a uniform number u in [0, 1) becomes a face: `ceil((1 − u)·n)` or `floor(u·n) + 1`. */
export type FaceMapping = "descending" | "ascending";

/** A uniform generator that makes Foundry's dice show the given faces, in order. */
export function uniformFor(faces: readonly Face[], mapping: FaceMapping): () => number {
  let i = 0;
  return () => {
    const next = faces[i++];
    if (!next) throw new Error(`Rolling Bones scenario: more dice were thrown than the ${faces.length} faces given`);
    const [face, size] = next;
    const mid = (face - 0.5) / size;
    return mapping === "descending" ? 1 - mid : mid;
  };
}

/**
 * Measures the face mapping by throwing one d4 with u = 0.25: `descending` reads 3, `ascending` 2.
 *
 * @param throwD4 - Throws one d4 with the given uniform generator and returns its face.
 */
export async function calibrate(throwD4: (uniform: () => number) => Promise<number>): Promise<FaceMapping> {
  const face = await throwD4(() => 0.25);
  if (face === 3) return "descending";
  if (face === 2) return "ascending";
  throw new Error(`Rolling Bones scenario: cannot tell how Foundry maps random numbers to faces (d4 read ${face})`);
}

/** Throws one d4 with the given random generator, restoring Foundry's generator afterwards. */
export async function throwD4(uniform: () => number): Promise<number> {
  const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
  const original = dice.randomUniform;
  try {
    dice.randomUniform = uniform;
    return (await new foundry.dice.Roll("1d4").evaluate()).total;
  } finally {
    dice.randomUniform = original;
  }
}

/** Runs `work` with Foundry's dice showing `faces` in order, restoring Foundry's generator afterwards. */
export async function withFaces<T>(faces: readonly Face[], mapping: FaceMapping, work: () => Promise<T>): Promise<T> {
  const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
  const original = dice.randomUniform;
  try {
    dice.randomUniform = uniformFor(faces, mapping);
    return await work();
  } finally {
    dice.randomUniform = original;
  }
}
