/**
 * Odds advice of the `wild` engine (issue 26): what Character Points and a Fate Point buy before a
 * roll, how rare a rolled total was, and the chance at each target number for the GM's dial. Every
 * figure comes from the exact odds ({@link odds}, {@link chanceAtLeast}).
 */

import { choiceTable, rarityOf, upTo, type ChoiceTable, type Rarity, type Verdict } from "../shared/advice.ts";
import { chanceAtLeast, odds } from "./odds.ts";
import { DEFAULT_CP_SESSION_LIMIT } from "./points.ts";
import { MAX_TARGET_NUMBER, validate, type WildRequest } from "./request.ts";

/** The verdict of a request: P(total ≥ its target number) (`null` without one), and the expected total. */
export function verdict(request: WildRequest): Verdict {
  const o = odds(request);
  const target = request.target ?? null;
  return { chance: target === null ? null : chanceAtLeast(o, target), mean: o.mean, risk: null };
}

/** What a roller may still spend this session, as a dialog knows it; `null` for unknown. */
export interface WildHoldings {
  /** Character Points left to spend (the sheet and the session's limit, whichever is lower), or `null`. */
  readonly characterPoints: number | null;
  /** Fate Points left to spend this session (0 or 1), or `null`. */
  readonly fatePoints: number | null;
}

/**
 * What each choice buys on a Wild Die roll: Character Points 0 to what is left (the default session
 * limit when unknown), a Fate Point (not spent, spent) when one is left. The two never go on one
 * roll, so each table keeps the other off.
 *
 * @param request - The roll as set up.
 * @param holdings - What the roller may still spend.
 */
export function choices(
  request: WildRequest,
  holdings: WildHoldings = { characterPoints: null, fatePoints: null },
): ChoiceTable[] {
  const req = validate(request);
  const plain = { ...req, characterPoints: 0, fatePoint: false };
  const cpMax = Math.max(holdings.characterPoints ?? DEFAULT_CP_SESSION_LIMIT, req.characterPoints);
  const tables: ChoiceTable[] = [
    choiceTable(
      "characterPoints",
      upTo(cpMax).map((n) => ({ amount: n, value: String(n), request: { ...plain, characterPoints: n } })),
      String(req.characterPoints),
      verdict,
    ),
  ];
  // A roll of none of the character's own dice (a ranged weapon's damage) takes no Fate Point (docs/rules.md §6).
  if (req.ownDice && (holdings.fatePoints !== 0 || req.fatePoint)) {
    tables.push(
      choiceTable(
        "fatePoint",
        [
          { amount: 0, value: "false", request: plain },
          { amount: 1, value: "true", request: { ...plain, fatePoint: true } },
        ],
        String(req.fatePoint),
        verdict,
      ),
    );
  }
  return tables;
}

/**
 * How rare a rolled total was against the roll as set up (its points included).
 *
 * @param request - The roll's request.
 * @param total - The total rolled.
 */
export function rarity(request: WildRequest, total: number): Rarity {
  const o = odds(request);
  return rarityOf(chanceAtLeast(o, total), 1 - chanceAtLeast(o, total + 1));
}

/**
 * The target numbers the dial offers, easiest first: from 1 up to a little past the roll's highest
 * likely total (where the chance falls below one in a million), never past the rules' largest.
 *
 * @param requests - The characters' rolls.
 */
export function dialTargets(requests: readonly WildRequest[]): number[] {
  let top = 1;
  for (const r of requests) {
    const o = odds(r);
    let t = Math.max(1, Math.ceil(o.mean));
    while (t < MAX_TARGET_NUMBER && chanceAtLeast(o, t) > 1e-6) t++;
    top = Math.max(top, t);
  }
  return upTo(top - 1).map((i) => i + 1);
}

/**
 * A character's chance of reaching a target number (the dial's figure).
 *
 * @param request - The character's roll (its code, no points spent).
 * @param target - The target number.
 */
export function chanceAt(request: WildRequest, target: number): number {
  return chanceAtLeast(odds({ ...request, characterPoints: 0, fatePoint: false, target: null }), target);
}
