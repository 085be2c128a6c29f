/**
 * The odds advice of the five engines (issue 26), apart from the engines' own barrel so that the
 * code which loads with the world never carries it: what each choice buys before a roll, what each
 * next step buys on an open card, how rare a result was, the GM's difficulty dial, and the fairness
 * test of dice entered by hand. Pure: no Foundry, no DOM.
 */
import type { EngineId } from "./shared/dice.ts";
import type { Rarity } from "./shared/advice.ts";
import type { ActionOutcome } from "./action/resolve.ts";
import type { PercentileOutcome } from "./percentile/resolve.ts";
import type { PercentileRequest } from "./percentile/request.ts";
import type { PiOutcome } from "./pi/resolve.ts";
import type { PiRequest } from "./pi/request.ts";
import type { PoolOutcome } from "./pool/resolve.ts";
import type { PoolRequest } from "./pool/request.ts";
import type { WildOutcome } from "./wild/resolve.ts";
import type { WildRequest } from "./wild/request.ts";
import { rarity as actionRarity } from "./action/advice.ts";
import { damageRarity as percentileDamageRarity, rarity as percentileRarity } from "./percentile/advice.ts";
import { isDamageRequest, type PercentileDamageOutcome } from "./percentile/damage.ts";
import { rarity as piRarity } from "./pi/advice.ts";
import { rarity as poolRarity } from "./pool/advice.ts";
import { rarity as wildRarity } from "./wild/advice.ts";

export * from "./shared/advice.ts";
export * from "./shared/fairness.ts";
export * as percentileAdvice from "./percentile/advice.ts";
export * as actionAdvice from "./action/advice.ts";
export * as wildAdvice from "./wild/advice.ts";
export * as piAdvice from "./pi/advice.ts";
export * as poolAdvice from "./pool/advice.ts";

/**
 * How rare a rolled outcome was against its roll as set up, for any engine: the percentile value (or damage),
 * the action roll's own dice as first thrown, the Wild Die total, the best Precision the P&I dice
 * offered, the dice pool's result (a botch by its level, a success by its net successes).
 *
 * @param engine - The engine.
 * @param request - The roll's validated request.
 * @param outcome - Its outcome.
 */
export function rarityOfOutcome(engine: EngineId, request: unknown, outcome: unknown): Rarity {
  switch (engine) {
    case "percentile":
      // A percentile weapon's damage roll: how rare its total was.
      if (isDamageRequest(request)) return percentileDamageRarity(request, (outcome as PercentileDamageOutcome).total);
      return percentileRarity(request as PercentileRequest, (outcome as PercentileOutcome).value);
    case "action":
      return actionRarity(outcome as ActionOutcome);
    case "wild":
      return wildRarity(request as WildRequest, (outcome as WildOutcome).total);
    case "pi":
      return piRarity(request as PiRequest, outcome as PiOutcome);
    case "pool":
      return poolRarity(request as PoolRequest, outcome as PoolOutcome);
  }
}
