/**
 * Health on a sheet (docs/rules.md §6), for every character and NPC type: what is left (a GM edits it
 * here; anyone else sees it, and it changes through damage, healing or the GM), the maximum (edited
 * by whoever may edit the sheet), the wound it leaves and its penalty in words, defeat, and for a
 * dice-pool actor under the world's option the seven health levels, each lost or not, in words.
 */

import { formatSigned } from "../../../helpers/numbers.ts";
import type { EngineId } from "../../../engines/core.ts";
import { harm } from "../../../engines/core.ts";
import { withinMax } from "../../../data/actor/pure.ts";
import type { SheetHealth, StatView, TimedView, ViewKit } from "./shared.ts";

/** The status id a wound stands for on an actor (`rb-wounded`, `rb-level-hurt`). */
export function woundStatusId(wound: harm.WoundId): string {
  return `rb-${wound}`;
}

/** A wound's adjustments in words ("Penalty dice +1", "Minorly hindered"). */
export function woundEffectText(
  adjustments: readonly harm.WoundAdjustment[],
  kit: Pick<ViewKit, "t" | "i18n">,
): string {
  return adjustments
    .map((a) =>
      typeof a.value === "string"
        ? kit.t(`ROLLING_BONES.Pi.Hindrance.${a.value}`)
        : `${kit.t(`ROLLING_BONES.Condition.Target.${a.target}`)} ${formatSigned(a.value, kit.i18n.lang)}`,
    )
    .join(", ");
}

/** The wound (or defeat) in words: "Wounded: Pool dice −1", "Defeated", or that the actor is unhurt. */
function stateText(engine: EngineId, health: harm.Health, shown: SheetHealth, kit: ViewKit): string {
  const parts: string[] = [];
  if (shown.defeated) parts.push(kit.t("ROLLING_BONES.Harm.Defeated"));
  const wound = harm.woundOf(engine, health, shown.rules);
  if (wound) {
    const name = kit.t(`ROLLING_BONES.Condition.${woundStatusId(wound.id)}.name`);
    const effect = woundEffectText(wound.adjustments, kit);
    parts.push(effect === "" ? name : kit.t("ROLLING_BONES.Harm.WoundWith", { name, effect }));
  }
  return parts.length > 0 ? parts.join(" · ") : kit.t("ROLLING_BONES.Harm.Unhurt");
}

/**
 * The health figures of a sheet: health left (an input for a GM, text for anyone else), the
 * maximum, for a GM the healing control (an amount, or fully when empty), and the seven levels
 * where the world reads a dice pool's health so.
 *
 * @param engine - The actor's engine.
 * @param stored - The actor's health.
 * @param kit - The sheet view's kit (its options say whether the viewer is a GM and may edit).
 * @param shown - The world's wound rules and the defeated mark (default: the default rules, not defeated).
 */
export function healthStats(
  engine: EngineId,
  stored: harm.Health | undefined,
  kit: ViewKit,
  shown: SheetHealth = { rules: harm.DEFAULT_WOUND_RULES, defeated: false },
): StatView[] {
  // Data stored before health existed reads as the default until it is migrated.
  const health = withinMax(stored ?? harm.DEFAULT_HEALTH);
  const label = kit.t("ROLLING_BONES.Harm.Health");
  const gm = kit.options.gm === true && kit.options.editable;
  const left: StatView = {
    id: kit.id("health"),
    label,
    ...(gm
      ? {
          input: kit.number("system.health.value", health.value, kit.t("ROLLING_BONES.Harm.HealthLeft"), 0, health.max),
        }
      : { text: kit.t("ROLLING_BONES.Harm.Of", { value: String(health.value), max: String(health.max) }) }),
    hint: stateText(engine, health, shown, kit),
  };
  const max = kit.numberStat(
    "health-max",
    "system.health.max",
    health.max,
    "ROLLING_BONES.Harm.Max",
    1,
    harm.MAX_HEALTH,
  );
  // The GM heals by an amount, or fully when it is left empty, recorded in chat (the `healActor` button).
  const heal: StatView[] = gm
    ? [
        {
          id: kit.id("heal"),
          label: kit.t("ROLLING_BONES.Harm.Heal.Label"),
          amount: { id: kit.id("heal-amount"), label: kit.t("ROLLING_BONES.Harm.Heal.Amount"), max: harm.MAX_AMOUNT },
          button: {
            action: "healActor",
            text: kit.t("ROLLING_BONES.Harm.Heal.Button"),
            label: kit.t("ROLLING_BONES.Harm.Heal.ButtonLabel"),
          },
        },
      ]
    : [];
  if (!(engine === "pool" && shown.rules.healthLevels)) return [left, max, ...heal];
  const lost = harm.levelsLost(health);
  const levels: StatView = {
    id: kit.id("health-levels"),
    label: kit.t("ROLLING_BONES.Harm.Levels"),
    list: harm.HEALTH_LEVELS.map((level, k) => {
      const name = kit.t(`ROLLING_BONES.Harm.Level.${level.id}`);
      const penalty = level.id === "incapacitated" ? "" : ` ${formatSigned(-level.penalty, kit.i18n.lang)}`;
      const state = kit.t(k < lost ? "ROLLING_BONES.Harm.LevelLost" : "ROLLING_BONES.Harm.LevelKept");
      return { text: `${name}${penalty}: ${state}` };
    }),
  };
  return [left, max, ...heal, levels];
}

/**
 * The effects that expire, each with how much it has left ("Stunned: 2 rounds left"); a GM may end
 * one early (the `endCondition` button).
 *
 * @param timed - The effects and what each has left.
 * @param kit - The sheet view's kit.
 */
export function timedStat(timed: readonly TimedView[], kit: ViewKit): StatView {
  const gm = kit.options.gm === true && kit.options.editable;
  return {
    id: kit.id("timed"),
    label: kit.t("ROLLING_BONES.Harm.Timed.Label"),
    list: timed.map((t) => {
      const left = kit.t(`ROLLING_BONES.Harm.Timed.${t.units}`, { value: String(t.value) });
      const text = kit.t("ROLLING_BONES.Harm.Timed.Item", { name: t.name, left });
      if (!gm) return { text };
      const end = kit.t("ROLLING_BONES.Harm.Timed.End");
      return {
        text,
        button: {
          action: "endCondition",
          text: end,
          label: kit.t("ROLLING_BONES.Harm.Timed.EndLabel", { name: t.name }),
          data: { effect: t.id },
          icon: "fa-hourglass-end",
        },
      };
    }),
    hint: kit.t("ROLLING_BONES.Harm.Timed.Hint"),
  };
}
