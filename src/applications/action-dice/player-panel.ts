/**
 * A player's own action-dice panel: the pool left this session, the lucky break, and gaining insight
 * (a spend of at least one die, and optionally the insight roll `1d20 + level + modifier`, posted as
 * an action card that can be augmented). Requests go to the active GM; the panel re-renders when
 * the player's pool or the session changes.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants.ts";
import { gainInsight, luckyBreak } from "../../services/action-dice/index.ts";
import { confirmAction } from "../../helpers/confirm.ts";
import { insightCharacter, insightOptions, panelCharacter, playerPanelFacts } from "./facts.ts";
import { insightPlan, playerPanelView, type PlayerPanelView } from "./views.ts";
import { notify } from "../../helpers/notify.ts";

/** The player panel's render context. */
export type PlayerPanelContext = ApplicationV2.RenderContext & PlayerPanelView;

const REFRESH_HOOKS = ["updateUser", "updateSetting", "createSetting"] as const;

/** Reads the insight fieldset of the panel's form. */
function readInsightForm(form: HTMLFormElement) {
  const value = (name: string) =>
    (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
  const roll = form.elements.namedItem("roll") as HTMLInputElement | null;
  return {
    subject: value("subject"),
    dice: Number(value("dice")),
    roll: roll?.checked ?? false,
    modifier: value("modifier"),
    dc: value("dc"),
  };
}

/** A player's action-dice panel (one per client). */
export class ActionDicePlayerPanel extends HandlebarsApplicationMixin(ApplicationV2)<PlayerPanelContext> {
  static override DEFAULT_OPTIONS = {
    id: "rolling-bones-action-dice",
    classes: ["rolling-bones", "rb-action-panel"],
    tag: "form",
    position: { width: 360, height: "auto" as const },
    window: { title: "ROLLING_BONES.ActionDice.Player.Title", resizable: true },
    form: { handler: ActionDicePlayerPanel.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { luckyBreak: ActionDicePlayerPanel.#onLuckyBreak },
  };

  static override PARTS = {
    body: { template: systemPath("templates/action-dice/player-panel.hbs") },
  };

  /** Gains insight (the form's submit): the spend, then the insight roll when asked for. */
  static async #onSubmit(
    this: ActionDicePlayerPanel,
    event: Event | SubmitEvent,
    form: HTMLFormElement,
  ): Promise<void> {
    event.preventDefault();
    const actor = insightCharacter(game.user);
    const plan = insightPlan(readInsightForm(form), actor ? panelCharacter(actor) : null, insightOptions(actor));
    if ("error" in plan) {
      notify("error", game.i18n.localize(plan.error));
      return;
    }
    await gainInsight(plan.subject, plan.dice, plan.roll);
    await this.render();
  }

  /** Takes the lucky break. */
  static async #onLuckyBreak(this: ActionDicePlayerPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    // A lucky break spends the whole pool and ends awards for the session (RULES §2): ask first.
    const sure = await confirmAction({
      title: game.i18n.localize("ROLLING_BONES.Confirm.LuckyBreak.Title"),
      body: game.i18n.localize("ROLLING_BONES.Confirm.LuckyBreak.Body"),
      confirm: game.i18n.localize("ROLLING_BONES.Confirm.LuckyBreak.Yes"),
    });
    if (!sure) return;
    (target as HTMLButtonElement).disabled = true;
    await luckyBreak();
    await this.render();
  }

  /* -------------------------------------------- */

  #hooks: [string, number][] = [];

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<PlayerPanelContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...playerPanelView(playerPanelFacts(this.id)) };
  }

  protected override async _onFirstRender(
    context: DeepPartial<PlayerPanelContext>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    const refresh = () => void this.render();
    this.#hooks = REFRESH_HOOKS.map((hook) => [hook, Hooks.on(hook as never, refresh as never)]);
  }

  protected override _onClose(options: DeepPartial<ApplicationV2.RenderOptions>): void {
    super._onClose(options);
    for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
    this.#hooks = [];
  }
}
