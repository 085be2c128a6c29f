/**
 * The token HUD's part in timed conditions (RULES.md §6, issue 35 point 6), loaded with the first HUD
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
import type { ConditionDuration } from "../sheets/views/shared.ts";

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

/** The duration picker's markup (controls with no `name`; labels and options are localized text). */
function pickerHtml(idPrefix: string, chosen: ConditionDuration): string {
  const t = (key: string) => escapeHTML(game.i18n.localize(key));
  const options = (["", "rounds", "turns"] as const)
    .map((value) => {
      const label = t(`ROLLING_BONES.Condition.Duration.${value === "" ? "untilRemoved" : value}`);
      return `<option value="${value}"${chosen.units === value ? " selected" : ""}>${label}</option>`;
    })
    .join("");
  const value = Number.isInteger(chosen.value) && chosen.value >= 1 ? Math.min(chosen.value, harm.MAX_DURATION) : 1;
  return (
    `<fieldset class="rb-hud-duration" data-stat="hud-duration">` +
    `<legend>${t("ROLLING_BONES.Condition.Duration.Label")}</legend>` +
    `<label for="${idPrefix}-units">${t("ROLLING_BONES.Condition.Duration.Units")}</label>` +
    `<select id="${idPrefix}-units" data-duration="units">${options}</select>` +
    `<label for="${idPrefix}-value">${t("ROLLING_BONES.Condition.Duration.Value")}</label>` +
    `<input id="${idPrefix}-value" type="number" min="1" max="${harm.MAX_DURATION}" step="1" value="${value}" data-duration="value">` +
    `</fieldset>`
  );
}

/**
 * Decorates a drawn token HUD: time left on the timed conditions' icons, and for an owner or a GM the
 * duration picker, whose timed choice applies a condition clicked on the palette for that long.
 *
 * @param hud - The token HUD.
 * @param element - Its element.
 */
export function decorateTokenHud(hud: HudLike, element: HTMLElement): void {
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
      control.dataset.tooltip = text;
      control.setAttribute("aria-label", text);
      control.dataset.rbTimeLeft = String(timed.value);
    }
  }
  if (!actor.isOwner || palette.querySelector(".rb-hud-duration")) return;
  palette.insertAdjacentHTML("afterbegin", pickerHtml(`rb-hud-${actor.id ?? "actor"}`, picked));
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
