import { systemPath } from "../../constants.ts";
import { engine, type WildDieResult, type WildOutcome, type WildRequest } from "../../engines/wild/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** A die as the wild card shows it: a subtracted throw is labelled with its minus sign. */
export type WildCardDie = WildDieResult & { label?: string };

/** How the wild card lays out the dice: the normal dice, the Wild Die's chain, each extra wild die's chain. */
export interface WildCardView {
  normal: WildCardDie[];
  wildChain: WildCardDie[];
  cpChains: WildCardDie[][];
}

/** A D6 pool with a Wild Die (RULES.md §3). Its total is the engine's total, pips included. */
export class WildRoll extends EngineRoll<WildRequest, WildOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/wild-card.hbs");

  protected override totalOf(outcome: WildOutcome): number {
    return outcome.total;
  }

  protected override cardView(outcome: WildOutcome): WildCardView {
    const normal: WildCardDie[] = [];
    const wildChain: WildCardDie[] = [];
    const cp = new Map<number, WildCardDie[]>();
    for (const raw of outcome.dice) {
      const die: WildCardDie = raw.contribution < 0 ? { ...raw, label: `−${raw.value}` } : raw;
      if (die.role === "normal") normal.push(die);
      else if (die.role === "cpWild") cp.set(die.group ?? -1, [...(cp.get(die.group ?? -1) ?? []), die]);
      else wildChain.push(die);
    }
    return { normal, wildChain, cpChains: [...cp.values()] };
  }
}
