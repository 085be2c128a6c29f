/**
 * Odds advice of the `percentile` engine (issue 26): what karma dice, bonus and penalty dice (or a
 * column shift) and a called shot's voluntary penalty dice buy before a roll, how rare a rolled value
 * was, and the chance of success at each net of dice for the GM's dial. Every figure comes from the
 * exact odds ({@link odds}).
 */

import { choiceTable, rarityOf, upTo, type ChoiceTable, type Rarity, type Verdict } from "../shared/advice.ts";
import { damageDist, odds } from "./odds.ts";
import type { PercentileDamageRequest } from "./damage.ts";
import { DEFAULT_CAP, KARMA_PER_DIE, MAX_DICE, MAX_KARMA_DICE, validate, type PercentileRequest } from "./request.ts";

/** The verdict of a request: P(success) in its table column (`null` without a rating), and the expected value. */
export function verdict(request: PercentileRequest): Verdict {
  const o = odds(request);
  return { chance: o.success, mean: o.mean, risk: null };
}

/** The most rows a table of circumstance dice lists when the world sets no cap. */
export const UNCAPPED_ROWS = 5;

/** What the roller holds and how the form entered the dice, as a dialog knows it. */
export interface PercentileHoldings {
  /** The karma held, or `null` when unknown (every karma die the rules allow is offered). */
  readonly karma: number | null;
  /** Whether the roll is a called shot (its voluntary penalty dice are then offered). */
  readonly calledShot: boolean;
  /** How the form enters circumstance dice: as bonus and penalty dice, or as one column shift. */
  readonly mode: "dice" | "shift";
  /**
   * The circumstance dice the form's own fields hold (the request may add more, e.g. from assists);
   * absent: the request's own counts.
   */
  readonly entered?: { readonly bonus: number; readonly penalty: number };
}

/**
 * What each choice buys on a percentile roll: karma dice 0 to what the karma pays for (at most
 * {@link MAX_KARMA_DICE}); the circumstance dice as entered (bonus 0 to the cap and penalty 0 to the
 * cap, or a shift from −cap to +cap); and on a called shot its voluntary penalty dice, 0 to the cap.
 * Every row changes one field and keeps the rest of the roll.
 *
 * @param request - The roll as set up.
 * @param holdings - What the roller holds and how the form entered the dice.
 */
export function choices(request: PercentileRequest, holdings: PercentileHoldings): ChoiceTable[] {
  const req = validate(request);
  const cap = req.cap ?? DEFAULT_CAP;
  const rows = cap === 0 ? UNCAPPED_ROWS : cap;
  const karmaDice = req.karmaDice ?? 0;
  const karmaMax =
    holdings.karma === null ? MAX_KARMA_DICE : Math.min(MAX_KARMA_DICE, Math.floor(holdings.karma / KARMA_PER_DIE));
  const entered = holdings.entered ?? { bonus: req.bonus, penalty: req.penalty };
  // What the request adds beyond the form's fields (assists), kept in every row.
  const extraBonus = req.bonus - entered.bonus;
  const extraPenalty = req.penalty - entered.penalty;
  const tables: ChoiceTable[] = [
    choiceTable(
      "karmaDice",
      upTo(Math.max(karmaMax, karmaDice)).map((n) => ({
        amount: n,
        value: String(n),
        request: { ...req, karmaDice: n },
      })),
      String(karmaDice),
      verdict,
    ),
  ];
  if (holdings.mode === "shift") {
    const shift = entered.bonus - entered.penalty;
    const span = Math.max(rows, Math.abs(shift));
    const shifts: number[] = [];
    for (let s = -Math.min(span, MAX_DICE - extraPenalty); s <= Math.min(span, MAX_DICE - extraBonus); s++)
      shifts.push(s);
    tables.push(
      choiceTable(
        "shift",
        shifts.map((s) => ({
          amount: s,
          value: String(s),
          request: { ...req, bonus: Math.max(0, s) + extraBonus, penalty: Math.max(0, -s) + extraPenalty },
        })),
        String(shift),
        verdict,
      ),
    );
  } else {
    tables.push(
      choiceTable(
        "bonus",
        upTo(Math.min(Math.max(rows, entered.bonus), MAX_DICE - extraBonus)).map((n) => ({
          amount: n,
          value: String(n),
          request: { ...req, bonus: n + extraBonus },
        })),
        String(entered.bonus),
        verdict,
      ),
      choiceTable(
        "penalty",
        upTo(Math.min(Math.max(rows, entered.penalty), MAX_DICE - extraPenalty)).map((n) => ({
          amount: n,
          value: String(n),
          request: { ...req, penalty: n + extraPenalty },
        })),
        String(entered.penalty),
        verdict,
      ),
    );
  }
  if (holdings.calledShot) {
    const voluntary = req.voluntaryPenalty ?? 0;
    tables.push(
      choiceTable(
        "voluntaryPenalty",
        upTo(Math.max(rows, voluntary)).map((n) => ({
          amount: n,
          value: String(n),
          request: { ...req, voluntaryPenalty: n },
        })),
        String(voluntary),
        verdict,
      ),
    );
  }
  return tables;
}

/**
 * How rare a rolled value was against the roll as set up (its bonus or penalty dice included):
 * higher values are better, as the table reads them.
 *
 * @param request - The roll's request.
 * @param value - The final value, 1 to 100.
 */
export function rarity(request: PercentileRequest, value: number): Rarity {
  const o = odds(request);
  let good = 0;
  let bad = 0;
  for (let v = 1; v <= 100; v++) {
    const p = o.value[v] ?? 0;
    if (v >= value) good += p;
    if (v <= value) bad += p;
  }
  return rarityOf(good, bad);
}

/**
 * How rare a percentile damage roll's total was: P(at least this much damage) and P(at most this much).
 *
 * @param request - The damage roll's validated request.
 * @param total - Its damage.
 */
export function damageRarity(request: PercentileDamageRequest, total: number): Rarity {
  let good = 0;
  let bad = 0;
  for (const [value, p] of Object.entries(damageDist(request).toJSON())) {
    if (Number(value) >= total) good += p;
    if (Number(value) <= total) bad += p;
  }
  return rarityOf(good, bad);
}

/**
 * The nets of dice the dial offers, easiest first: `cap` bonus dice down to `cap` penalty dice.
 *
 * @param cap - The world's cap (0 = none: {@link UNCAPPED_ROWS} each way).
 */
export function dialTargets(cap: number = DEFAULT_CAP): number[] {
  const span = cap === 0 ? UNCAPPED_ROWS : cap;
  const out: number[] = [];
  for (let n = span; n >= -span; n--) out.push(n);
  return out;
}

/**
 * A character's chance of success with a net of circumstance dice (positive: bonus, negative:
 * penalty), the dial's figure; 0 without a rating.
 *
 * @param request - The character's roll (its rating, table and cap); its dice are replaced.
 * @param net - The net dice.
 */
export function chanceAt(request: PercentileRequest, net: number): number {
  const o = odds({
    ...request,
    bonus: Math.max(0, net),
    penalty: Math.max(0, -net),
    karmaDice: 0,
    voluntaryPenalty: 0,
  });
  return o.success ?? 0;
}
