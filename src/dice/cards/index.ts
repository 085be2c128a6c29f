/**
 * The chat cards of the five engines, Foundry-free: each card's template, the total its roll
 * reports, how it arranges an outcome, and the context its template renders with. The Roll classes
 * call these, and so does the lab page, so a card looks the same in both.
 */
import { systemPath } from "../../constants.ts";
import type { ActionOutcome } from "../../engines/action/core.ts";
import type { PercentileOutcome } from "../../engines/percentile/core.ts";
import type { PiOutcome } from "../../engines/pi/core.ts";
import type { PoolOutcome } from "../../engines/pool/core.ts";
import type { EngineId } from "../../engines/shared/core.ts";
import type { WildOutcome } from "../../engines/wild/core.ts";
import { readCardRecord } from "../rolls/action-card.ts";
import { readPointsRecord } from "../rolls/points-card.ts";
import { actionCardView, type ActionCardView } from "./action-view.ts";
import { percentileCardView, type PercentileCardView } from "./percentile-view.ts";
import { piCardView, type PiCardView } from "./pi-view.ts";
import { poolCardView, type PoolCardView } from "./pool-view.ts";
import { wildCardView, type WildCardView } from "./wild-view.ts";

export * from "./context.ts";
export * from "./rendered.ts";
export * from "./chips.ts";
export * from "./action-view.ts";
export * from "./percentile-view.ts";
export * from "./pi-view.ts";
export * from "./pool-view.ts";
export * from "./wild-view.ts";
export * from "./parts.ts";
export * from "./attack-result.ts";
export * from "./targets.ts";

/** Each engine's chat card template (a system path). */
export const CARD_TEMPLATES: Readonly<Record<EngineId, string>> = Object.freeze({
  percentile: systemPath("templates/chat/percentile-card.hbs"),
  action: systemPath("templates/chat/action-card.hbs"),
  wild: systemPath("templates/chat/wild-card.hbs"),
  pi: systemPath("templates/chat/pi-card.hbs"),
  pool: systemPath("templates/chat/pool-card.hbs"),
});

/** Each engine's outcome. */
export interface OutcomeByEngine {
  percentile: PercentileOutcome;
  action: ActionOutcome;
  wild: WildOutcome;
  pi: PiOutcome;
  pool: PoolOutcome;
}

/**
 * The number each engine's roll reports as its total (what Foundry shows as the roll's total and
 * inline rolls print): the percentile value, the check's total, the Wild Die total with pips, the
 * Precision, and the net successes.
 */
export const ROLL_TOTALS: { readonly [E in EngineId]: (outcome: OutcomeByEngine[E]) => number } = Object.freeze({
  percentile: (outcome: PercentileOutcome) => outcome.value,
  action: (outcome: ActionOutcome) => outcome.total,
  wild: (outcome: WildOutcome) => outcome.total,
  pi: (outcome: PiOutcome) => outcome.precision,
  pool: (outcome: PoolOutcome) => outcome.net,
});

/** What a roll stores beside its request and outcome that its card shows (`roll.options`, JSON-safe). */
export interface StoredCardState {
  /** An action card's state (see `ActionCardRecord`). */
  readonly card?: unknown;
  /** A points ledger (see `PointsRecord`). */
  readonly points?: unknown;
  /** True while a roll request's hidden difficulty decides a pool roll (see `PoolCardView`). */
  readonly difficultyHidden?: unknown;
  /** A damage roll's line (see `DamageLine`). */
  readonly damage?: unknown;
  /** A roll's targets and their verdicts (see `RollTarget`). */
  readonly targets?: unknown;
  /** What a damage roll carries from its attack (see `DamageFromAttack`). */
  readonly fromAttack?: unknown;
  /** The parts of an action roll's modifier (see `RollPart`). */
  readonly parts?: unknown;
  /** The conditions and equipment that adjusted the roll. */
  readonly conditions?: unknown;
  readonly equipment?: unknown;
}

/** Each engine's card view of an outcome and the state stored with its roll, its numbers in the viewer's language. */
export const CARD_VIEWS: {
  readonly percentile: (outcome: PercentileOutcome, stored: StoredCardState, lang: string) => PercentileCardView;
  readonly action: (outcome: ActionOutcome, stored: StoredCardState, lang: string) => ActionCardView;
  readonly wild: (outcome: WildOutcome, stored: StoredCardState, lang: string) => WildCardView;
  readonly pi: (outcome: PiOutcome, stored: StoredCardState, lang: string) => PiCardView;
  readonly pool: (outcome: PoolOutcome, stored: StoredCardState, lang: string) => PoolCardView;
} = Object.freeze({
  percentile: (outcome: PercentileOutcome, stored: StoredCardState) =>
    percentileCardView(outcome, readPointsRecord(stored.points)),
  action: (outcome: ActionOutcome, stored: StoredCardState, lang: string) =>
    actionCardView(outcome, lang, readCardRecord(stored.card), stored),
  wild: (outcome: WildOutcome, stored: StoredCardState, lang: string) =>
    wildCardView(outcome, lang, readPointsRecord(stored.points)),
  pi: (outcome: PiOutcome, stored: StoredCardState) => piCardView(outcome, readPointsRecord(stored.points)),
  pool: (outcome: PoolOutcome, stored: StoredCardState) =>
    poolCardView(outcome, readPointsRecord(stored.points), stored.difficultyHidden === true),
});
