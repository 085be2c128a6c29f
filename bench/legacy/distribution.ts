/**
 * LEGACY (bench only, never shipped): the odds code as it stood before issue 18, kept so the
 * benchmark can time it beside the current code and the tests can check the two agree exactly.
 *
 * Exact discrete distributions for the engines' odds. A distribution maps an integer value to its
 * probability. Explosions are summed until the probability mass still unaccounted for is below
 * {@link EPSILON}; that remainder is carried along and reported, never silently dropped.
 */

/** Explosion chains are followed until the remaining mass is below this. */
export const EPSILON = 1e-15;

/** A distribution as plain JSON: value (as a key) → probability. */
export type DistributionJSON = Record<string, number>;

/** An exact distribution over integers, with the truncated remainder of any explosion it contains. */
export class Dist {
  /** Value → probability. */
  readonly p: Map<number, number>;

  /** Probability mass not represented (truncated explosion tails), below {@link EPSILON} per explosion. */
  readonly remainder: number;

  constructor(p: Map<number, number> = new Map(), remainder = 0) {
    this.p = p;
    this.remainder = remainder;
  }

  /** A certain value. */
  static point(value: number): Dist {
    return new Dist(new Map([[value, 1]]));
  }

  /** A fair die with faces 1..faces. */
  static die(faces: number): Dist {
    const m = new Map<number, number>();
    for (let f = 1; f <= faces; f++) m.set(f, 1 / faces);
    return new Dist(m);
  }

  /** Builds a distribution from weighted outcomes (weights need not be normalised). */
  static fromWeights(entries: Iterable<readonly [number, number]>): Dist {
    const m = new Map<number, number>();
    let total = 0;
    for (const [v, w] of entries) {
      m.set(v, (m.get(v) ?? 0) + w);
      total += w;
    }
    for (const [v, w] of m) m.set(v, w / total);
    return new Dist(m);
  }

  /** The distribution of the sum of two independent variables. */
  add(other: Dist): Dist {
    const m = new Map<number, number>();
    for (const [a, pa] of this.p) for (const [b, pb] of other.p) m.set(a + b, (m.get(a + b) ?? 0) + pa * pb);
    return new Dist(m, this.remainder + other.remainder);
  }

  /** The sum of `n` independent copies. */
  times(n: number): Dist {
    let acc = Dist.point(0);
    for (let i = 0; i < n; i++) acc = acc.add(this);
    return acc;
  }

  /** Applies `f` to every value. */
  map(f: (value: number) => number): Dist {
    const m = new Map<number, number>();
    for (const [v, p] of this.p) m.set(f(v), (m.get(f(v)) ?? 0) + p);
    return new Dist(m, this.remainder);
  }

  /** P(value ≥ t). */
  atLeast(t: number): number {
    let s = 0;
    for (const [v, p] of this.p) if (v >= t) s += p;
    return s;
  }

  /** P(value = v). */
  at(v: number): number {
    return this.p.get(v) ?? 0;
  }

  /** The expected value (of the represented mass). */
  mean(): number {
    let s = 0;
    for (const [v, p] of this.p) s += v * p;
    return s;
  }

  /** Total represented mass (1 − remainder, up to rounding). */
  mass(): number {
    let s = 0;
    for (const p of this.p.values()) s += p;
    return s;
  }

  /** Plain JSON, values in ascending order. */
  toJSON(): DistributionJSON {
    const out: DistributionJSON = {};
    for (const v of [...this.p.keys()].sort((a, b) => a - b)) out[String(v)] = this.p.get(v) as number;
    return out;
  }
}

/**
 * A die that explodes on its maximum: on the top face it adds the face and is thrown again,
 * without limit. Followed until the remaining mass is below {@link EPSILON}.
 *
 * @param faces - The die size.
 * @param explodeOn - The face that explodes (default: the maximum).
 */
export function explodingDie(faces: number, explodeOn = faces): Dist {
  const m = new Map<number, number>();
  let carry = 0; // sum of exploded faces so far
  let mass = 1; // probability of reaching this throw
  while (mass >= EPSILON) {
    for (let f = 1; f <= faces; f++) {
      if (f === explodeOn) continue;
      const v = carry + f;
      m.set(v, (m.get(v) ?? 0) + mass / faces);
    }
    carry += explodeOn;
    mass /= faces;
  }
  return new Dist(m, mass);
}
