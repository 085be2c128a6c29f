/**
 * The token HUD's part in timed conditions (docs/rules.md §6, issue 35 point 6), loaded with the first HUD
 * drawn: each of the system's conditions on the token that lasts a number of rounds or turns says how
 * much is left on its icon (tooltip and accessible name), and an owner or the GM picks how long a
 * condition applied from the HUD lasts (until removed, or rounds or turns), as on the sheet.
 *
 * The HUD's markup, as public modules read it on v13 and v14: the effects palette
 * `[data-palette="effects"]` (its older class `.status-effects`), each status an `.effect-control` with
 * `data-action="effect"` and `data-status-id` (kaelad02/kaelad-custom-5e `token-hud.js`,
 * roth-michael/michael-personal-fvtt `tokenHUD.mjs`, MetaMorphic-Digital/draw-steel `token-hud.mjs`);
 * the hook is `renderTokenHUD(hud, element)` with `hud.object` the Token. A click on a status is core's
 * toggle, handled by the HUD's own listener on its element; a timed choice answers the click first,
 * in the capture phase, and stops it (dnd5e's HUD handling takes the click the same way).
 */
import { conditionNameKey, conditionsOf } from "../../data/conditions/index.ts";
import { ENGINE_OF, rollingTypeOf } from "../../data/actor/pure.ts";
import { escapeHTML } from "../../helpers/html.ts";
import { harm } from "../../engines/core.ts";
import { timedEffectsOf } from "../../services/harm/durations.ts";
import { applyCondition } from "../sheets/condition-duration.ts";
import { readDurationPicker } from "../sheets/duration-picker.ts";
import type { ConditionDuration, DurationPickerView } from "../sheets/views/shared.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { systemPath } from "../../constants.ts";

/** What the decoration reads of the HUD: the token it is drawn for, and a way to draw it again. */
export interface HudLike {
  readonly object?: { readonly actor?: Actor.Implementation | null } | null;
  render(options?: unknown): unknown;
}

/** The last duration picked on a HUD of this client, kept while the HUD is drawn again. */
let picked: ConditionDuration = { units: "", value: 1 };

/** The text of what a timed condition has left ("Hampered: rounds left: 2"). */
export function timeLeftText(name: string, value: number, units: harm.DurationUnit): string {
  const left = game.i18n.format(`ROLLING_BONES.Harm.Timed.${units}`, { value: String(value) });
  return game.i18n.format("ROLLING_BONES.Harm.Timed.Item", { name, left });
}

/** The picker's template. */
const PICKER_TEMPLATE = systemPath("templates/hud/duration-picker.hbs");

/** The duration picker's view (localized text; the template escapes it). */
function pickerView(idPrefix: string, chosen: ConditionDuration): DurationPickerView {
  const t = (key: string) => game.i18n.localize(key);
  return {
    id: idPrefix,
    label: t("ROLLING_BONES.Condition.Duration.Label"),
    unitsLabel: t("ROLLING_BONES.Condition.Duration.Units"),
    units: (["", "rounds", "turns"] as const).map((value) => ({
      value,
      label: t(`ROLLING_BONES.Condition.Duration.${value === "" ? "untilRemoved" : value}`),
      selected: chosen.units === value,
    })),
    valueLabel: t("ROLLING_BONES.Condition.Duration.Value"),
    value: Number.isInteger(chosen.value) && chosen.value >= 1 ? Math.min(chosen.value, harm.MAX_DURATION) : 1,
    max: harm.MAX_DURATION,
    hint: t("ROLLING_BONES.Condition.Duration.Hint"),
  };
}

/**
 * Decorates a drawn token HUD: time left on the timed conditions' icons, and for an owner or a GM the
 * duration picker, whose timed choice applies a condition clicked on the palette for that long.
 *
 * @param hud - The token HUD.
 * @param element - Its element.
 */
export async function decorateTokenHud(hud: HudLike, element: HTMLElement): Promise<void> {
  const actor = hud.object?.actor;
  const type = rollingTypeOf(actor?.type);
  if (!actor || !type) return;
  const palette = element.querySelector<HTMLElement>('[data-palette="effects"], .status-effects');
  if (!palette) return;
  const ours = new Set(conditionsOf(ENGINE_OF[type]).map((c) => c.id));
  const icon = (status: string) =>
    palette.querySelector<HTMLElement>(`.effect-control[data-status-id="${CSS.escape(status)}"]`);
  for (const timed of timedEffectsOf(actor)) {
    for (const status of timed.statuses) {
      const control = ours.has(status) ? icon(status) : null;
      if (!control) continue;
      const text = timeLeftText(game.i18n.localize(conditionNameKey(status)), timed.value, timed.units);
      // Core's tooltips read their text as HTML: escaped.
      control.dataset.tooltip = escapeHTML(text);
      control.setAttribute("aria-label", text);
      control.dataset.rbTimeLeft = String(timed.value);
    }
  }
  if (!actor.isOwner || palette.querySelector(".rb-hud-duration")) return;
  const html = await renderSystemTemplate(PICKER_TEMPLATE, { ...pickerView(`rb-hud-${actor.id ?? "actor"}`, picked) });
  if (palette.querySelector(".rb-hud-duration")) return;
  palette.insertAdjacentHTML("afterbegin", html);
  const picker = palette.querySelector<HTMLElement>(".rb-hud-duration");
  picker?.addEventListener("change", () => {
    picked = readDurationPicker(picker);
  });
  palette.addEventListener(
    "click",
    (event) => {
      const control = (event.target as HTMLElement | null)?.closest<HTMLElement>(".effect-control[data-status-id]");
      const status = control?.dataset.statusId ?? "";
      if (!ours.has(status) || actor.statuses.has(status)) return;
      const duration = readDurationPicker(picker ?? null);
      if (duration.units === "") return;
      // A timed choice: the system applies it, not core's untimed toggle.
      event.preventDefault();
      event.stopImmediatePropagation();
      void applyCondition(actor, status, duration).then((applied) => {
        if (applied) hud.render();
      });
    },
    { capture: true },
  );
}
