/** The lab page's model, lab/model/card-states.ts: each card state shows what its caption says, exactly as the Roll class renders it on the Foundry double. */
import { describe, expect, it } from "vitest";
import * as engines from "../../../src/engines/index.ts";
import { type action, type percentile, type pi, type pool, type wild } from "../../../src/engines/index.ts";
import { CARD_STATES, cardContext, cardTemplateFile, rollCardState, type CardState } from "../../../lab/model.ts";
import { renderTemplate } from "../../support/handlebars.ts";
import { rollClassCard } from "./support.ts";

describe("lab card states", () => {
  const outcome = (id: string) => {
    const state = CARD_STATES.find((s) => s.id === id) as CardState;
    return rollCardState(state).outcome;
  };

  it("each throws exactly its listed faces", () => {
    for (const state of CARD_STATES)
      expect(
        rollCardState(state).throws.map((t) => t.value),
        state.id,
      ).toEqual(state.faces);
  });

  it("show what their captions say", () => {
    const pct = (id: string) => outcome(id) as percentile.PercentileOutcome;
    expect(pct("percentileBonus").tensFrom).not.toBeNull();
    expect(pct("percentilePenalty").tensFrom).not.toBeNull();
    expect(pct("percentileDoubleZero").value).toBe(100);
    expect(pct("percentileKarma").karma).toEqual({ dice: 1, cost: 2 });
    const act = (id: string) => outcome(id) as action.ActionOutcome;
    expect(act("actionCascade")).toMatchObject({ potentialBotch: true, success: true });
    expect(act("actionCascade").augments[0]?.total).toBe(14);
    expect(act("actionCritical").criticalThreat).toBe(true);
    // 11 + 2 misses DC 15; the late d6 (4) makes it.
    expect(act("actionLateUse")).toMatchObject({ total: 17, success: true });
    expect(act("actionDamage").rerolls).toEqual([{ die: 1, faces: 6, from: 1, to: 4 }]);
    expect(act("actionDamage").total).toBe(5 + 4 + 1 + 3);
    expect(act("actionInitiative")).toMatchObject({ kind: "initiative", total: 18, potentialBotch: false });
    expect(outcome("wildDamageFate")).toMatchObject({ shape: { characterDice: 4, outsideDice: 3, pips: 2 } });
    const wd = (id: string) => outcome(id) as wild.WildOutcome;
    expect(wd("wildExplodes").criticalSuccess).toBe(true);
    expect(wd("wildCriticalFailure").criticalFailure).toBe(true);
    expect(wd("wildCriticalFailure").characterPoints).toBe(1);
    expect((outcome("piHindered") as pi.PiOutcome).removedSlot).not.toBeNull();
    expect((outcome("piSingleDie") as pi.PiOutcome).failed).toBe(true);
    expect(outcome("piWeaponAttack")).toMatchObject({ precision: 6 + 5 + 3, impact: 1 + 2 });
    expect(pct("percentileWeaponCalledShot")).toMatchObject({ success: true, calledShot: { base: 2, multiplier: 4 } });
    const pl = (id: string) => outcome(id) as pool.PoolOutcome;
    expect(pl("poolBotch").result).toBe("botch");
    expect(pl("poolSixthDot")).toMatchObject({ result: "failure", cancellation: 2, ignored: 2, botchLevel: 0 });
    expect(pl("poolWillpower")).toMatchObject({ willpower: true, result: "success" });
    expect(pl("poolAutomatic").automatic).toBe(true);
    // The Blaster's 5D with a Character Point: 4 + 2 + 5 + 3, the Wild Die 6 then 2, the point's die 4.
    expect(wd("wildWeaponAttack")).toMatchObject({ total: 26, characterPoints: 1, criticalSuccess: true });
    // At the Longsword's difficulty 7 the 6 fails: 7, 9, 10 less the 1, plus Willpower.
    expect(pl("poolWeaponAttack")).toMatchObject({ successes: 3, ones: 1, willpower: true, net: 3 });
    // Targeted: a hit on the Thug's 6 (2 net), no success at the Brute's 8; 12 + 4 against DC 14.
    expect(pl("poolTargetedAttack")).toMatchObject({ difficulty: 6, net: 2 });
    expect(engines.pool.resolve({ pool: 5, difficulty: 8 }, pl("poolTargetedAttack").dice).result).toBe("failure");
    expect(act("actionTargetedAttack")).toMatchObject({ total: 16 });
    expect(CARD_STATES.filter((s) => s.offersDamage).map((s) => s.id)).toEqual([
      "wildWeaponAttack",
      "poolWeaponAttack",
      "poolTargetedAttack",
      "actionTargetedAttack",
    ]);
  });

  it.each(CARD_STATES.map((s) => [s.id, s] as const))(
    "%s: the lab's card is the Roll class's card for the same faces",
    async (_id, state) => {
      const roll = rollCardState(state);
      const lab = renderTemplate(
        cardTemplateFile(state.engine),
        cardContext(roll, {
          isPrivate: state.isPrivate === true,
          stored: state.stored,
          conditions: state.conditions,
          equipment: state.equipment,
          attack: state.attack,
        }),
      );
      expect(lab).toBe(await rollClassCard(state));
    },
  );
});
