/**
 * Targets in the roll dialogs (docs/rules.md §6, issue 24 item 3), Foundry-free: with one target of the
 * roll's engine whose defence the user may see, an attack starts from it (the DC, the target number,
 * the difficulty, the Precision needed; a percentile target's penalty dice are read by the card, each
 * target at its own net); every target is listed, each with its figure where the user may see it.
 * Several targets are judged one by one on the card.
 */
import { DEFENCE } from "../../data/actor/defence.ts";
import { targetFigureKey, type DialogTarget } from "../../dice/cards/targets.ts";
import type { EngineId } from "../../engines/core.ts";
import { percentileAdvice } from "../../engines/advice.ts";
import { netAgainst, type PercentileRequest } from "../../engines/percentile/request.ts";
import { formatPercent } from "../../helpers/format.ts";

/**
 * An attack's starting request with its one target's defence filled in; the request as it was for
 * none, several, another engine's target, or a figure the user may not see. A percentile target's
 * penalty dice are never folded into the roll's own: every target reads the one throw at its own net
 * (docs/rules.md §6, `services/targets.ts` `withTargetDice`).
 *
 * @param engine - The roll's engine.
 * @param initial - The request the attack starts from.
 * @param targets - The targets the user has.
 */
export function withTargetFigure(
  engine: EngineId,
  initial: Readonly<Record<string, unknown>> | undefined,
  targets: readonly DialogTarget[],
): Record<string, unknown> | undefined {
  const [only] = targets;
  if (targets.length !== 1 || only === undefined || only.engine !== engine || only.defence === null) return initial;
  if (engine === "percentile") return initial;
  return { ...initial, [DEFENCE[engine].field]: only.defence };
}

/** A target as the dialog lists it. */
export interface DialogTargetLine {
  readonly name: string;
  /** Its figure's label key and value, where the user may see it and it is of the roll's engine. */
  readonly defence: { readonly key: string; readonly value: number } | null;
  /** Why no figure is shown: hidden from the user, or another engine's target. */
  readonly note: "hidden" | "otherEngine" | null;
  /**
   * A percentile attack's exact chance against this target (its penalty dice at the roll's net,
   * docs/rules.md §6), formatted, where the figure may be seen; `null` otherwise.
   */
  readonly chance: string | null;
}

/** What the dialog shows of the targets: each one, and whether the one target's figure was filled in. */
export interface DialogTargetsView {
  readonly lines: readonly DialogTargetLine[];
  readonly filled: boolean;
  readonly several: boolean;
  /** A percentile attack on a percentile target: the card applies each target's penalty dice. */
  readonly readOnCard: boolean;
}

/**
 * The dialog's view of the targets.
 *
 * @param engine - The roll's engine.
 * @param targets - The targets.
 */
export function dialogTargetsView(
  engine: EngineId,
  targets: readonly DialogTarget[],
  percentile?: { readonly request: PercentileRequest; readonly lang: string } | null,
): DialogTargetsView {
  const lines = targets.map((t): DialogTargetLine => {
    if (t.engine !== engine) return { name: t.name, defence: null, note: "otherEngine", chance: null };
    if (t.defence === null) return { name: t.name, defence: null, note: "hidden", chance: null };
    // A percentile target's chance: the one throw read at this target's net (the headline is the roll's own).
    const chance =
      engine === "percentile" && percentile
        ? formatPercent(
            percentileAdvice.chanceAt(percentile.request, netAgainst(percentile.request, t.defence)),
            percentile.lang,
          )
        : null;
    return { name: t.name, defence: { key: targetFigureKey(engine), value: t.defence }, note: null, chance };
  });
  return {
    lines,
    filled: engine !== "percentile" && targets.length === 1 && lines[0]?.defence !== null,
    several: targets.length > 1,
    readOnCard: engine === "percentile" && targets.some((t) => t.engine === "percentile"),
  };
}
