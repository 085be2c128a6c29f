/** How the Action Dice card lays out an outcome. Pure: the ActionRoll and the lab both call it. */
import type { ActionOutcome } from "../../engines/action/core.ts";
import type { DieResult } from "../../engines/shared/core.ts";
import { formatSigned } from "../../helpers/numbers.ts";
import { chipsOf, type DieChip } from "./chips.ts";
import { adjustedBy, partsLine, type PartsLine } from "./parts.ts";
import {
  cardStateView,
  NEW_CARD_RECORD,
  type ActionCardRecord,
  type ActionCardStateView,
} from "../rolls/action-card.ts";

/**
 * How the action card lays out the dice: the d20s (re-rolls included), then each augment's cascade,
 * and the card's state (open or declared, the ledger of spends, activation severities).
 */
export interface ActionCardView {
  /** The roll's modifier with its sign (`+3`, `−1`, `0`). */
  modifier: string;
  /** The roll's own dice (a d20, or a damage formula's dice) with their re-rolls. */
  d20s: DieChip<DieResult>[];
  /** The heading of the roll's own dice: `d20`, or the dice as a formula (`1d8 + 1d6`). */
  ownDice: string;
  /** Each re-roll naming the die it replaced: its place (from 1), size, the face replaced and the new one. */
  rerolls: { number: number; faces: number; from: number; to: number }[];
  cascades: { faces: number; total: number; dice: DieChip<DieResult>[] }[];
  card: ActionCardStateView;
  /**
   * What the card headlines as true now: an activated botch (a GM's special botch included) or an
   * activated critical outranks the roll's success or failure against its DC; `total` without a DC.
   */
  verdict: { id: "botch" | "critical" | "success" | "failure" | "total"; failure: boolean };
  /** The pills still pending: a potential botch or critical threat that was not activated. */
  pending: { potentialBotch: boolean; criticalThreat: boolean };
  /** The roll's dice and its modifier's parts ("d20 + 3 Strength + 1 Warhammer"), when stored with it. */
  parts: PartsLine | null;
}

/** What the roll stores beside its card state that the card reads (`roll.options`). */
export interface ActionCardStored {
  /** The parts of its modifier (`parts.ts`). */
  readonly parts?: unknown;
  /** The conditions and equipment that adjusted it (named separately on the card). */
  readonly conditions?: unknown;
  readonly equipment?: unknown;
}

/**
 * Arranges an action outcome and the card's stored state for its card.
 *
 * @param outcome - The engine outcome.
 * @param lang - The viewer's language (the modifier's sign and digits are written in it).
 * @param record - The card's state stored with the roll.
 * @param stored - The modifier's parts and the adjustments stored with the roll.
 */
export function actionCardView(
  outcome: ActionOutcome,
  lang: string,
  record: ActionCardRecord = NEW_CARD_RECORD,
  stored: ActionCardStored = {},
): ActionCardView {
  const card = cardStateView(record);
  const ownDice = ownDiceText(outcome);
  const adjusted = adjustedBy(stored.conditions, "modifier") + adjustedBy(stored.equipment, "modifier");
  const botched = card.severities.some((s) => s.type !== "critical");
  const critical = card.severities.some((s) => s.type === "critical");
  return {
    modifier: formatSigned(outcome.modifier, lang),
    d20s: chipsOf(
      "action",
      outcome.dice.filter((d) => d.role !== "action"),
    ),
    ownDice,
    rerolls: (outcome.rerolls ?? []).map((r) => ({ number: r.die + 1, faces: r.faces, from: r.from, to: r.to })),
    cascades: outcome.augments.map((a) => ({
      faces: a.faces,
      total: a.total,
      dice: chipsOf(
        "action",
        outcome.dice.filter((d) => d.role === "action" && d.group === a.group),
      ),
    })),
    card,
    verdict: verdictOf(outcome, botched, critical, card.declared),
    pending: {
      potentialBotch: outcome.potentialBotch && !botched,
      criticalThreat: outcome.criticalThreat && !critical,
    },
    parts: partsLine(ownDice, stored.parts, outcome.modifier - adjusted),
  };
}

/**
 * The roll's own dice as a heading: `d20` for a d20 roll (and cards stored before rolls had dice of
 * their own), else `2d6 + 1d8`.
 */
function ownDiceText(outcome: ActionOutcome): string {
  const base = outcome.base ?? [];
  if (base.length <= 1) return `d${base[0]?.faces ?? 20}`;
  const counts = new Map<number, number>();
  for (const b of base) counts.set(b.faces, (counts.get(b.faces) ?? 0) + 1);
  return [...counts].map(([faces, n]) => `${n}d${faces}`).join(" + ");
}

/**
 * The headline: an activation that stands, else the roll against its DC, else the result the GM
 * declared (a secret DC), else just its total.
 */
function verdictOf(
  outcome: ActionOutcome,
  botched: boolean,
  critical: boolean,
  declared: "success" | "failure" | null,
): ActionCardView["verdict"] {
  if (botched) return { id: "botch", failure: true };
  if (critical) return { id: "critical", failure: false };
  if (outcome.dc === null || outcome.success === null)
    return declared === null ? { id: "total", failure: false } : { id: declared, failure: declared === "failure" };
  return outcome.success ? { id: "success", failure: false } : { id: "failure", failure: true };
}
