/**
 * Damage that lands in the lab (docs/rules.md §6): a damage card's panel as the attacker and the GM see it
 * (apply ×½, ×1, ×2 or Heal to each recorded target or the selected tokens, the ledger with Undo),
 * the card recording the GM's healing, and a wounded character's and a defeated NPC's health, built
 * by the same pure views the chat hook and the sheets use, from the harm model's own results.
 */
import { harmControlsView, type ShownTarget } from "../src/applications/chat/harm-view.ts";
import { healthStats, timedStat } from "../src/applications/sheets/views/health.ts";
import { ViewKit } from "../src/applications/sheets/views/shared.ts";
import { harm, percentile } from "../src/engines/index.ts";
import { cardContextOf, percentileDamageCardView, readDamageLine } from "../src/dice/cards/index.ts";
import type { HarmEntry } from "../src/services/harm/ledger.ts";
import { ledgerEntry } from "./model/fight.ts";
import type { Localization } from "./i18n.ts";
import type { RequestSpecimen } from "./requests.ts";

const ALICE = "labUserAlice0001";
const GM = "labUserGm0000001";
const GOBLIN: ShownTarget = { ref: { actor: "labActorGoblin01" }, name: "Goblin", verdict: "hit" };
const WOLF: ShownTarget = { ref: { actor: "labActorWolf0001" }, name: "Wolf", verdict: "hit" };
// The axe missed the ogre: its owner is offered nothing there; the GM may force it (docs/rules.md §6).
const OGRE: ShownTarget = { ref: { actor: "labActorOgre0001" }, name: "Ogre", verdict: "miss" };

/** A ledger entry from an application the harm model computed (the fight's own). */
function entry(id: string, target: ShownTarget, result: harm.HarmResult, by: string, byName: string): HarmEntry {
  return ledgerEntry(id, target, result, { id: by, name: byName });
}

/** The damage specimens. */
export function harmSpecimens(i18n: Localization): RequestSpecimen[] {
  const context = (engine: "wild" | "pool") => ({ engine, rules: harm.DEFAULT_WOUND_RULES });
  const fresh = (value: number, max: number) => ({ health: { value, max }, defeated: false, defeatedByHand: false });
  // Vex's axe for 7: the whole of it to the goblin (10 → 3, Wounded), half to the wolf (6 → 3, Wounded).
  const goblin = harm.applyHarm(fresh(10, 10), { amount: 7, multiplier: "full" }, context("wild"));
  const wolf = harm.applyHarm(fresh(6, 6), { amount: 7, multiplier: "half" }, context("wild"));
  // Then double to the goblin: 3 → 0, defeated.
  const felled = harm.applyHarm(
    { health: { value: 3, max: 10 }, defeated: false, defeatedByHand: false },
    { amount: 7, multiplier: "double" },
    context("wild"),
  );
  const entries = [
    entry("labHarm000000001", GOBLIN, goblin, ALICE, "Alice"),
    entry("labHarm000000002", WOLF, wolf, ALICE, "Alice"),
    entry("labHarm000000003", GOBLIN, felled, GM, "Gamemaster"),
  ];
  const panel = (viewer: string, isGM: boolean, shown: readonly HarmEntry[]) => ({
    file: "templates/chat/harm-controls.hbs",
    context: harmControlsView(
      {
        amount: 7,
        targets: [GOBLIN, WOLF, OGRE],
        selection: true,
        entries: shown,
        mayUndo: (e) => isGM || e.by === viewer,
        gm: isGM,
      },
      i18n,
    ),
  });
  const undone = entries.map((e, k) => (k === 2 ? { ...e, undone: true, undoneBy: GM } : e));
  // The GM heals the party fully: one card, a line per actor, each with its Undo.
  const healed = [
    entry(
      "labHeal000000001",
      { ref: { actor: "labActorVex00001" }, name: "Vex", verdict: "pending" },
      harm.applyHarm(fresh(4, 10), { amount: 6, multiplier: "heal" }, context("pool")),
      GM,
      "Gamemaster",
    ),
    entry(
      "labHeal000000002",
      WOLF,
      harm.applyHarm(fresh(3, 6), { amount: 3, multiplier: "heal" }, context("wild")),
      GM,
      "Gamemaster",
    ),
  ];
  // Vex after the goblin's blows, as her owner sees her sheet's summary bar: 4 of 10, Wounded (a die
  // fewer on dice-pool rolls), and Hampered for two more of her turns.
  const kit = new ViewKit(i18n, {
    editable: true,
    idPrefix: "lab-harm",
    rollHintKey: "ROLLING_BONES.Dialog.Hint.Dialog",
  });
  const sheet = {
    file: "templates/sheets/shared/stats.hbs",
    context: {
      view: {
        stats: [
          ...healthStats("pool", { value: 4, max: 10 }, kit),
          timedStat([{ id: "labEffectHamper1", name: "Hampered", value: 2, units: "rounds" }], kit),
        ],
      },
    },
  };
  return [
    { id: "harmSheet", kind: "window", parts: [sheet] },
    { id: "harmPercentile", kind: "message", parts: percentileDamageParts(i18n) },
    { id: "harmAttacker", kind: "message", parts: [panel(ALICE, false, entries.slice(0, 2))] },
    { id: "harmGm", kind: "message", parts: [panel(GM, true, entries)] },
    { id: "harmUndone", kind: "message", parts: [panel(GM, true, undone)] },
    {
      id: "harmHeal",
      kind: "message",
      parts: [
        { file: "templates/chat/harm-card.hbs", context: { kind: "heal", by: "Gamemaster" } },
        {
          file: "templates/chat/harm-controls.hbs",
          context: harmControlsView(
            {
              amount: null,
              targets: [],
              selection: false,
              entries: healed,
              mayUndo: () => true,
              gm: true,
              record: "heal",
            },
            i18n,
          ),
        },
      ],
    },
  ];
}

/**
 * Ysolde's short bow after a called shot hit the guard at ×4 (docs/rules.md §6): the bow's 1d4+1 with the
 * d4 showing 3, times 4, is 16 damage; its card keeps the guard and the verdict, and its panel offers
 * Ysolde's player ×½, ×1, ×2 and Heal, as the percentile damage roll's own card and view draw it.
 */
function percentileDamageParts(i18n: Localization): RequestSpecimen["parts"] {
  const request = percentile.validateDamage({ kind: "damage", base: [4], modifier: 1, multiplier: 4 });
  const outcome = percentile.resolveDamage(request, [{ faces: 4, role: percentile.DAMAGE_ROLE, value: 3 }]);
  const guard: ShownTarget = { ref: { actor: "labActorGuard001" }, name: "Guard", verdict: "hit" };
  const card = cardContextOf({
    engine: "percentile",
    flavor: i18n.format("ROLLING_BONES.Damage.Roll", { name: "Short bow" }),
    isPrivate: false,
    formula: "1d4",
    total: outcome.total,
    request,
    outcome,
    view: percentileDamageCardView,
    damage: readDamageLine({ actor: "Ysolde", weapon: "Short bow", rolled: "1d4+1 × 4" }),
    fromAttack: { extraDice: 0, critical: null, multiplier: 4 },
    targets: [{ name: "Guard", token: null, actor: guard.ref.actor, engine: "percentile", verdict: "hit" }],
  });
  return [
    { file: "templates/chat/percentile-damage-card.hbs", context: card },
    {
      file: "templates/chat/harm-controls.hbs",
      context: harmControlsView(
        { amount: outcome.total, targets: [guard], selection: true, entries: [], mayUndo: () => false, gm: false },
        i18n,
      ),
    },
  ];
}
