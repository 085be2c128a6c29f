/**
 * Brute-force enumeration of every way a roll can fall, through the engine's own throw protocol:
 * `plan` says which dice are missing, every face of each is tried with its chance, and `resolve`
 * reads each complete list of throws. Exploding chains are followed until a branch's chance is below
 * `cut`; the mass left out is returned, so a test can bound its error. It uses no odds code at all:
 * it is the independent reference the exact odds and the advice are checked against.
 */
import type { DieSpec, Throw } from "../../src/engines/shared/index.ts";

/** The engine functions an enumeration needs. */
export interface Playable<Req, Out> {
  plan(request: Req, thrown: readonly Throw[]): DieSpec[];
  resolve(request: Req, thrown: readonly Throw[]): Out;
}

/**
 * Visits every complete roll of a request with its chance, starting from throws already made.
 *
 * @param engine - The engine's `plan` and `resolve`.
 * @param request - A validated request.
 * @param visit - Called with each outcome and its chance.
 * @param options - Throws already made (a card's), and the chance below which a branch is cut.
 * @returns The chance of the branches cut.
 */
export function enumerate<Req, Out>(
  engine: Playable<Req, Out>,
  request: Req,
  visit: (outcome: Out, p: number, thrown: readonly Throw[]) => void,
  options: { readonly thrown?: readonly Throw[]; readonly cut?: number } = {},
): number {
  const cut = options.cut ?? 1e-12;
  let lost = 0;
  const walk = (thrown: Throw[], p: number): void => {
    const missing = engine.plan(request, thrown);
    if (missing.length === 0) {
      visit(engine.resolve(request, thrown), p, thrown);
      return;
    }
    if (p < cut) {
      lost += p;
      return;
    }
    // Every face of every missing die, as one odometer over the batch.
    const faces = missing.map((d) => d.faces);
    const each = p / faces.reduce((a, b) => a * b, 1);
    const values = faces.map(() => 1);
    for (;;) {
      walk([...thrown, ...missing.map((d, i) => ({ faces: d.faces, role: d.role, value: values[i] as number }))], each);
      let i = 0;
      while (i < values.length && values[i] === faces[i]) values[i++] = 1;
      if (i === values.length) return;
      values[i] = (values[i] as number) + 1;
    }
  };
  walk([...(options.thrown ?? [])], 1);
  return lost;
}

/** The chance of each value of `f(outcome)` over every complete roll, and the mass cut. */
export function lawOf<Req, Out>(
  engine: Playable<Req, Out>,
  request: Req,
  f: (outcome: Out) => number,
  options: { readonly thrown?: readonly Throw[]; readonly cut?: number } = {},
): { law: Map<number, number>; lost: number } {
  const law = new Map<number, number>();
  const lost = enumerate(engine, request, (out, p) => law.set(f(out), (law.get(f(out)) ?? 0) + p), options);
  return { law, lost };
}

/** P(X ≥ x) of a law. */
export function atLeast(law: ReadonlyMap<number, number>, x: number): number {
  let s = 0;
  for (const [v, p] of law) if (v >= x) s += p;
  return s;
}

/** P(X ≤ x) of a law. */
export function atMost(law: ReadonlyMap<number, number>, x: number): number {
  let s = 0;
  for (const [v, p] of law) if (v <= x) s += p;
  return s;
}

/** The mean of a law. */
export function meanOf(law: ReadonlyMap<number, number>): number {
  let s = 0;
  for (const [v, p] of law) s += v * p;
  return s;
}
