/**
 * Which points controls a user sees on a percentile, wild, pool or pi card, decided from the card
 * and what this client knows: "Assist …" on a percentile result that can help or hinder a leader
 * (its author or the GM, once per card), "Cancel assist" while the assist waits, the pick of two dice
 * on a Precision & Impact card (its author or the GM), and the GM's Undo on each ledger line that
 * can be undone. The GM re-checks everything when a control is used; this is for clarity, not for
 * safety. Pure.
 */
import type { PointsEntry, PointsRecord } from "../../dice/rolls/points-card.ts";
import type { PercentileOutcome } from "../../engines/percentile/core.ts";
import type { PiOutcome } from "../../engines/pi/core.ts";
import type { PointsEngine } from "../../services/points/ledger.ts";

/** A character that can lead a cooperative roll. */
export interface LeaderChoice {
  readonly id: string;
  readonly name: string;
}

/** What the controls are computed from. */
export interface PointsControlsInput {
  /** The viewing user. */
  readonly viewer: string;
  readonly viewerIsGM: boolean;
  /** The card's author (the roll's owner). */
  readonly author: string | null;
  readonly engine: PointsEngine;
  /** The card's message id (for unique control ids). */
  readonly messageId: string;
  readonly record: PointsRecord;
  /** The engine outcome. */
  readonly outcome: unknown;
  /** The character who rolled, if known. */
  readonly rollerId: string | null;
  /** The percentile characters the viewer may choose as a leader (the roller excluded by the view). */
  readonly leaders: readonly LeaderChoice[];
  /** Whether an assist is still waiting in a leader's flags. */
  readonly isPending: (leaderId: string, assistId: string) => boolean;
}

/** One die of the pick control. */
export interface PickDieControl {
  readonly slot: number;
  readonly faces: number;
  readonly value: number;
  readonly checked: boolean;
  readonly inputId: string;
}

/** The controls a viewer sees on a card. */
export interface PointsControlsView {
  /** The ledger length the controls were built for (sent back as `seen`). */
  readonly seen: number;
  /** The Assist control: what it gives (a localization key) and the leaders to choose from. */
  readonly assist: {
    readonly effect: string;
    readonly selectId: string;
    readonly leaders: readonly LeaderChoice[];
  } | null;
  /** The card's given assist and its state (`pending` while the leader has not rolled), or `null`. */
  readonly assistState: {
    readonly entry: string;
    readonly state: "pending" | "used";
    readonly leaderId: string;
    readonly assistId: string;
    /** Whether the viewer may cancel it (pending; its author, the GM; the leader's owner uses the sheet). */
    readonly cancel: boolean;
  } | null;
  /** The pick control of a Precision & Impact card. */
  readonly pick: {
    readonly groupId: string;
    readonly dice: readonly PickDieControl[];
    readonly bestPrecision: readonly [number, number];
    readonly bestImpact: readonly [number, number];
    readonly isBestPrecision: boolean;
    readonly isBestImpact: boolean;
  } | null;
  /** The ledger entries the viewer (a GM) may undo. */
  readonly undo: readonly string[];
  /** True when any control (besides the assist state) is shown. */
  readonly any: boolean;
}

const UNDOABLE_SPENDS = new Set<PointsEntry["type"]>([
  "karma",
  "assistReceived",
  "characterPoints",
  "fatePoint",
  "willpower",
]);

function samePair(a: readonly number[], b: readonly number[]): boolean {
  return a.length === 2 && b.length === 2 && a[0] === b[0] && a[1] === b[1];
}

/** The controls a viewer sees on a points card. */
export function pointsControls(input: PointsControlsInput): PointsControlsView {
  const { record, viewer, viewerIsGM } = input;
  const mayChoose = viewerIsGM || (input.author !== null && input.author === viewer);
  const given = record.ledger.find((e) => e.type === "assistGiven" && !e.undone);

  let assist: PointsControlsView["assist"] = null;
  if (input.engine === "percentile" && mayChoose && given === undefined) {
    const outcome = input.outcome as PercentileOutcome | null;
    const leaders = input.leaders.filter((l) => l.id !== input.rollerId);
    if (
      outcome &&
      outcome.level !== null &&
      (outcome.assist === "bonus" || outcome.assist === "penalty") &&
      leaders.length > 0
    ) {
      assist = {
        effect: `ROLLING_BONES.Percentile.Assist.${outcome.assist}`,
        selectId: `rb-${input.messageId}-leader`,
        leaders,
      };
    }
  }

  let assistState: PointsControlsView["assistState"] = null;
  if (given?.type === "assistGiven") {
    const pending = input.isPending(given.actorId, given.assist.id);
    assistState = {
      entry: given.id,
      state: pending ? "pending" : "used",
      leaderId: given.actorId,
      assistId: given.assist.id,
      cancel: pending && (viewerIsGM || given.by === viewer),
    };
  }

  let pick: PointsControlsView["pick"] = null;
  if (input.engine === "pi" && mayChoose) {
    const outcome = input.outcome as PiOutcome | null;
    const thrown = (outcome?.dice ?? []).filter((d) => !d.marks.includes("removed"));
    if (outcome && thrown.length >= 2) {
      pick = {
        groupId: `rb-${input.messageId}-pick`,
        dice: thrown.map((d) => ({
          slot: d.slot,
          faces: d.faces,
          value: d.value,
          checked: outcome.pick.slots.includes(d.slot),
          inputId: `rb-${input.messageId}-pick-${d.slot}`,
        })),
        bestPrecision: [outcome.bestPrecision.slots[0] ?? 0, outcome.bestPrecision.slots[1] ?? 0],
        bestImpact: [outcome.bestImpact.slots[0] ?? 0, outcome.bestImpact.slots[1] ?? 0],
        isBestPrecision: samePair(outcome.pick.slots, outcome.bestPrecision.slots),
        isBestImpact: samePair(outcome.pick.slots, outcome.bestImpact.slots),
      };
    }
  }

  const latestPick = record.ledger.findLast((e) => e.type === "pick" && !e.undone);
  const undo = viewerIsGM
    ? record.ledger
        .filter((e) => {
          if (e.undone) return false;
          if (UNDOABLE_SPENDS.has(e.type)) return true;
          if (e.type === "pick") return e.id === latestPick?.id;
          if (e.type === "assistGiven") return assistState?.state === "pending";
          return false;
        })
        .map((e) => e.id)
    : [];

  return {
    seen: record.ledger.length,
    assist,
    assistState,
    pick,
    undo,
    any: assist !== null || pick !== null || assistState?.cancel === true,
  };
}
