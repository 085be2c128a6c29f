/**
 * The formula syntax of the engine dice terms, read into engine requests. Pure functions: no
 * Foundry. A Foundry term splits its modifiers into chunks of letters followed by a value
 * (`cp2`, `fp`, `dc8`), and hands them here.
 *
 * | formula | meaning |
 * | --- | --- |
 * | `3dw+1` | Wild Die code 3D+1 (the `+1` is an ordinary number term) |
 * | `3dwcp2` | … with 2 Character Points (extra wild dice) |
 * | `3dwfp` | … with a Fate Point (character dice doubled) |
 * | `6ds` | 6 d10s against difficulty 6 |
 * | `6dsdc8c1` | … against difficulty 8, one 1 ignored for botches |
 * | `dp` or `1dp` | percentile, value 1–100 |
 * | `dpb2`, `dpp1` | … with 2 bonus dice / 1 penalty die |
 */
import { EngineError } from "../../engines/core.ts";
import type { PercentileRequest } from "../../engines/percentile/core.ts";
import type { PoolRequest } from "../../engines/pool/core.ts";
import type { WildRequest } from "../../engines/wild/core.ts";

/** One modifier chunk: its letters and the number after them (null when none). */
export interface ModifierChunk {
  readonly key: string;
  readonly value: number | null;
  readonly text: string;
}

/** Splits a term's modifiers into letter/number chunks; anything else is a bad modifier. */
export function parseModifiers(modifiers: readonly string[], denomination: string): ModifierChunk[] {
  const out: ModifierChunk[] = [];
  for (const text of modifiers) {
    for (const m of text.matchAll(/([a-z]+)(\d*)|(.)/gi)) {
      if (m[3] !== undefined) throw new EngineError("BadFormulaModifier", { modifier: text, denomination });
      const digits = m[2] ?? "";
      out.push({ key: (m[1] ?? "").toLowerCase(), value: digits === "" ? null : Number(digits), text: m[0] });
    }
  }
  return out;
}

function once(chunks: ModifierChunk[], denomination: string): Map<string, ModifierChunk> {
  const map = new Map<string, ModifierChunk>();
  for (const c of chunks) {
    if (map.has(c.key)) throw new EngineError("BadFormulaModifier", { modifier: c.text, denomination });
    map.set(c.key, c);
  }
  return map;
}

function take(
  map: Map<string, ModifierChunk>,
  key: string,
  denomination: string,
  flag = false,
): number | boolean | undefined {
  const c = map.get(key);
  if (!c) return undefined;
  map.delete(key);
  if (flag !== (c.value === null)) throw new EngineError("BadFormulaModifier", { modifier: c.text, denomination });
  return flag ? true : (c.value as number);
}

function rejectRest(map: Map<string, ModifierChunk>, denomination: string): void {
  const extra = map.values().next();
  if (!extra.done) throw new EngineError("BadFormulaModifier", { modifier: extra.value.text, denomination });
}

/** `Ndw…`: the Wild Die code's dice, Character Points (`cp<n>`) and a Fate Point (`fp`). */
export function wildRequestFromFormula(
  number: number,
  modifiers: readonly string[],
  firstOneCounts: boolean,
): WildRequest {
  const map = once(parseModifiers(modifiers, "dw"), "dw");
  const characterPoints = take(map, "cp", "dw") as number | undefined;
  const fatePoint = take(map, "fp", "dw", true) as boolean | undefined;
  rejectRest(map, "dw");
  return { dice: number, characterPoints: characterPoints ?? 0, fatePoint: fatePoint ?? false, firstOneCounts };
}

/** `Nds…`: a success pool, its difficulty (`dc<n>`) and botch cancellation (`c<n>`). */
export function poolRequestFromFormula(number: number, modifiers: readonly string[]): PoolRequest {
  const map = once(parseModifiers(modifiers, "ds"), "ds");
  const difficulty = take(map, "dc", "ds") as number | undefined;
  const cancellation = take(map, "c", "ds") as number | undefined;
  rejectRest(map, "ds");
  // The engine's validate checks the range; the formula may carry any number.
  return {
    pool: number,
    difficulty: difficulty ?? 6,
    cancellation: (cancellation ?? 0) as PoolRequest["cancellation"],
  };
}

/** `dp…`: a percentile roll with bonus (`b<n>`) and penalty (`p<n>`) dice; one term is one roll. */
export function percentileRequestFromFormula(
  number: number,
  modifiers: readonly string[],
  cap: number,
): PercentileRequest {
  if (number !== 1) throw new EngineError("BadFormulaCount", { denomination: "dp", count: number });
  const map = once(parseModifiers(modifiers, "dp"), "dp");
  const bonus = take(map, "b", "dp") as number | undefined;
  const penalty = take(map, "p", "dp") as number | undefined;
  rejectRest(map, "dp");
  return { bonus: bonus ?? 0, penalty: penalty ?? 0, cap };
}
