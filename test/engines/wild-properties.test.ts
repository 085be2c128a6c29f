import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollWith, seededFaces, throwAll, type FaceSource } from "../../src/engines/shared/index.ts";
import { engine, plan, resolve, validate, type WildOutcome, type WildRequest } from "../../src/engines/wild/index.ts";
import { expectReplays } from "./replay.ts";

/** Replays the listed faces, then shows 2, 3, 4, 5, 2, … (never 1 or 6) so every chain ends. */
function listThen(values: readonly number[]): FaceSource {
  let i = 0;
  let j = 0;
  return {
    next(): number {
      if (i < values.length) return values[i++] as number;
      return 2 + (j++ % 4);
    },
  };
}

const requestArb: fc.Arbitrary<WildRequest> = fc
  .record({
    dice: fc.integer({ min: 1, max: 8 }),
    pips: fc.integer({ min: -3, max: 5 }),
    outsideDice: fc.integer({ min: 0, max: 3 }),
    outsidePips: fc.integer({ min: -2, max: 2 }),
    characterPoints: fc.integer({ min: 0, max: 5 }),
    fatePoint: fc.boolean(),
    firstOneCounts: fc.boolean(),
  })
  .map((r) => (r.fatePoint ? { ...r, characterPoints: 0 } : r));

/** Faces biased towards the faces the rules care about (1 and 6). */
const facesArb = fc.array(fc.oneof(fc.constantFrom(1, 6), fc.integer({ min: 1, max: 6 })), { maxLength: 40 });

/** Faces for the chains only: mostly 1s and 6s, the faces that start and continue chains. */
const chainFacesArb = fc.array(
  fc.oneof({ arbitrary: fc.constantFrom(1, 6), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 1 }),
  { minLength: 1, maxLength: 30 },
);

function rollOf(request: WildRequest, faces: readonly number[]): WildOutcome {
  return rollWith(engine, request, listThen(faces));
}

/** Rolls with every normal die showing 3 and the given faces from the Wild Die on. */
function rollChains(request: WildRequest, faces: readonly number[]): WildOutcome {
  const normal = plan(validate(request), []).filter((s) => s.role === "normal").length;
  return rollOf(request, [...Array<number>(normal).fill(3), ...faces]);
}

/**
 * The rules of docs/rules.md §3 for one chain, written independently of the engine: what each throw
 * of a chain of faces adds to the total, and how many throws the chain must have.
 */
function referenceChain(faces: readonly number[], wildDie: boolean, firstOneCounts: boolean): number[] {
  const first = faces[0] as number;
  if (wildDie && first === 1) {
    const sub = faces[1] as number;
    const out = [firstOneCounts ? 1 : 0, -sub];
    if (sub === 6) out.push(-(faces[2] as number));
    return out;
  }
  const out: number[] = [];
  let i = 0;
  while (faces[i] === 6) out.push(faces[i++] as number);
  out.push(faces[i] as number);
  return out;
}

const settings = { numRuns: 400 };

describe("wild properties", () => {
  it("every chain follows the rules: its throws and what each adds match an independent reading of §3", () => {
    fc.assert(
      fc.property(requestArb, chainFacesArb, (request, faces) => {
        const o = rollChains(request, faces);
        const groups = new Map<number, WildOutcome["dice"][number][]>();
        for (const d of o.dice) if (d.group !== undefined) groups.set(d.group, [...(groups.get(d.group) ?? []), d]);
        expect(groups.size).toBe(1 + o.characterPoints);
        for (const [group, dice] of groups) {
          const expected = referenceChain(
            dice.map((d) => d.value),
            group === 1,
            o.firstOneCounts,
          );
          expect(dice.map((d) => d.contribution)).toEqual(expected);
        }
      }),
      settings,
    );
  });

  it("the total is the sum of what every die adds plus the pips; normal dice add their faces", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const o = rollOf(request, faces);
        expect(o.total).toBe(o.dice.reduce((s, d) => s + d.contribution, 0) + o.pips);
        for (const d of o.dice.filter((x) => x.role === "normal")) expect(d.contribution).toBe(d.value);
        expect(o.normalTotal + o.wildTotal + o.cpTotal + o.pips).toBe(o.total);
      }),
      settings,
    );
  });

  it("a roll whose Wild Die starts 2–5 totals the sum of all faces plus the pips", () => {
    fc.assert(
      fc.property(requestArb, facesArb, fc.integer({ min: 2, max: 5 }), (request, faces, wildFace) => {
        const r = validate(request);
        const normal = plan(r, []).filter((s) => s.role === "normal").length;
        const forced = [...faces.slice(0, normal), ...Array<number>(Math.max(0, normal - faces.length)).fill(3)];
        const o = rollOf(r, [...forced, wildFace, ...faces.slice(normal)]);
        expect(o.dice.filter((d) => d.role === "wild").map((d) => d.value)).toEqual([wildFace]);
        expect(o.total).toBe(o.dice.reduce((s, d) => s + d.value, 0) + o.pips);
        expect(o.labels).toEqual([]);
      }),
      settings,
    );
  });

  it("explosions only add: without a critical failure the total is every face plus the pips", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const o = rollOf(request, faces);
        if (o.criticalFailure) return;
        expect(o.dice.every((d) => d.contribution === d.value && d.contribution > 0)).toBe(true);
        expect(o.total).toBe(o.dice.reduce((s, d) => s + d.value, 0) + o.pips);
        for (const d of o.dice.filter((x) => x.marks.includes("exploded"))) expect(d.value).toBe(6);
      }),
      settings,
    );
  });

  it("a critical failure totals normal + (1 or 0) − the subtracted throws, and those never explode", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const r = validate(request);
        const normal = plan(r, []).filter((s) => s.role === "normal").length;
        const cp = r.characterPoints;
        // Force the Wild Die's first throw to 1; the rest follows the generated faces.
        const head = [...faces.slice(0, normal), ...Array<number>(Math.max(0, normal - faces.length)).fill(4)];
        const o = rollOf(r, [...head, 1, ...faces.slice(normal)]);
        expect(o.criticalFailure).toBe(true);
        const subtracted = o.dice.filter((d) => d.role === "wildSubtract");
        expect(subtracted.length).toBe(subtracted[0]?.value === 6 ? 2 : 1);
        expect(o.catastrophicFailure).toBe(subtracted[0]?.value === 6);
        expect(subtracted.every((d) => d.marks.includes("subtracted") && !d.marks.includes("exploded"))).toBe(true);
        const sub = subtracted.reduce((s, d) => s + d.value, 0);
        expect(o.wildTotal).toBe((r.firstOneCounts ? 1 : 0) - sub);
        expect(o.total).toBe(o.normalTotal + (r.firstOneCounts ? 1 : 0) - sub + o.cpTotal + o.pips);
        expect(o.dice.filter((d) => d.group === 1).length).toBe(1 + subtracted.length);
        expect(cp).toBe(o.characterPoints);
      }),
      settings,
    );
  });

  it("extra Wild Dice never subtract, and 1s after a chain's first throw do nothing special", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const o = rollOf(request, faces);
        for (const d of o.dice.filter((x) => x.role === "cpWild")) expect(d.contribution).toBe(d.value);
        for (const d of o.dice.filter((x) => x.stage !== undefined && x.stage !== "first" && x.value === 1)) {
          expect(d.marks).not.toContain("fumble");
        }
        expect(o.dice.filter((d) => d.marks.includes("fumble")).length).toBe(o.criticalFailure ? 1 : 0);
      }),
      settings,
    );
  });

  it("the dice match the request: a Fate Point doubles character dice only and keeps one Wild Die", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const r = validate(request);
        const o = rollOf(r, faces);
        const factor = r.fatePoint ? 2 : 1;
        expect(o.dice.filter((d) => d.role === "normal").length).toBe(r.dice * factor - 1 + r.outsideDice);
        expect(o.dice.filter((d) => d.role === "wild" && d.stage === "first").length).toBe(1);
        expect(o.dice.filter((d) => d.role === "cpWild" && d.stage === "first").length).toBe(r.characterPoints);
        expect(o.pips).toBe(r.pips * factor + r.outsidePips);
        expect(o.dice.map((d) => d.index)).toEqual(o.dice.map((_, i) => i));
      }),
      settings,
    );
  });

  it("plan asks, for every prefix of a roll's throws, for exactly the die thrown next", () => {
    fc.assert(
      fc.property(requestArb, facesArb, (request, faces) => {
        const r = validate(request);
        const all = throwAll(engine, r, listThen(faces));
        for (let k = 0; k < all.length; k++) {
          const next = plan(r, all.slice(0, k))[0];
          expect(next).toEqual({ faces: 6, role: (all[k] as { role: string }).role });
        }
        expect(plan(r, all)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("an outcome replays from the dice it records (what a chat card stores)", () => {
    fc.assert(
      fc.property(requestArb, requestArb, fc.integer(), (request, other, seed) => {
        const r = validate(request);
        const thrown = throwAll(engine, r, seededFaces(seed));
        const o = resolve(r, thrown);
        expectReplays(engine, r, thrown, o, o.dice, () => rollWith(engine, other, seededFaces(seed + 1)));
      }),
      settings,
    );
  });
});
