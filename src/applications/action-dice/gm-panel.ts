/**
 * The GM's action-dice panel: every player's pool and the GM's at a glance, what each holds beside
 * what the tables give them, with Award (+1 to the player, +1 to the GM) on each row and the rarer
 * actions in the row's menu (Take, Reset strikes, Forfeit awards and Lift, which undoes it), and
 * Start session. Award and Forfeit ask for their reason when pressed. Every change goes through the
 * active GM's privileged actions and is posted to chat; the panel re-renders when a pool or the
 * session changes.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants.ts";
import { openRequestComposer } from "../requests/open.ts";
import {
  award,
  forfeitAwards,
  resetStrikes,
  secretAgenda,
  startSession,
  take,
  undoPoolAction,
} from "../../services/action-dice/index.ts";
import { askText } from "../../helpers/ask-text.ts";
import { confirmAction } from "../../helpers/confirm.ts";
import { MAX_NOTE } from "../../engines/action/index.ts";
import { listenToMenus } from "../menu-keys.ts";
import { gmPanelFacts } from "./facts.ts";
import { gmPanelView, type GmPanelView } from "./views.ts";

/** The GM panel's render context. */
export type GmPanelContext = ApplicationV2.RenderContext & GmPanelView;

/** The hooks after which the panel shows stale pools. */
const REFRESH_HOOKS = [
  "updateUser",
  "updateSetting",
  "createSetting",
  "updateActor",
  "createActor",
  "deleteActor",
] as const;

/** The GM's action-dice panel (one per client). */
export class ActionDiceGmPanel extends HandlebarsApplicationMixin(ApplicationV2)<GmPanelContext> {
  static override DEFAULT_OPTIONS = {
    id: "rolling-bones-action-dice-gm",
    classes: ["rolling-bones", "rb-action-panel"],
    position: { width: 520, height: "auto" as const },
    window: { title: "ROLLING_BONES.ActionDice.Panel.GmTitle", resizable: true },
    actions: {
      award: ActionDiceGmPanel.#onAward,
      forfeit: ActionDiceGmPanel.#onForfeit,
      liftForfeit: ActionDiceGmPanel.#onLiftForfeit,
      resetStrikes: ActionDiceGmPanel.#onResetStrikes,
      take: ActionDiceGmPanel.#onTake,
      startSession: ActionDiceGmPanel.#onStartSession,
      requestRoll: ActionDiceGmPanel.#onRequestRoll,
      agenda: ActionDiceGmPanel.#onAgenda,
    },
  };

  static override PARTS = {
    body: { template: systemPath("templates/action-dice/gm-panel.hbs") },
  };

  /** Awards a die to the player of the clicked row, asking for the reason first (it may be left blank). */
  static async #onAward(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const name = target.dataset.name ?? "";
    const reason = await askText({
      title: game.i18n.format("ROLLING_BONES.ActionDice.Panel.AwardTo", { name }),
      label: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.AwardReason"),
      hint: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.AwardReasonHint"),
      confirm: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.Award"),
      maxLength: MAX_NOTE,
    });
    if (reason === null) return;
    await this.#busy(target, () => award(target.dataset.user ?? "", reason));
  }

  /** Forfeits the awards of the player of the clicked row for the session, asking for the reason first (required). */
  static async #onForfeit(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const name = target.dataset.name ?? "";
    const reason = await askText({
      title: game.i18n.format("ROLLING_BONES.ActionDice.Panel.ForfeitFor", { name }),
      label: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.ForfeitReason"),
      hint: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.ForfeitReasonHint"),
      confirm: game.i18n.localize("ROLLING_BONES.ActionDice.Panel.Forfeit"),
      maxLength: MAX_NOTE,
      required: true,
    });
    if (reason === null) return;
    await this.#busy(target, () => forfeitAwards(target.dataset.user ?? "", reason));
  }

  /** Lifts a player's forfeit: undoes the pool action recorded on its card. */
  static async #onLiftForfeit(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const message = game.messages.get(target.dataset.message ?? "");
    if (!message) return;
    await this.#busy(target, () => undoPoolAction(message));
  }

  /** Resets the strikes (three-strike leniency) of the player of the clicked row. */
  static async #onResetStrikes(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#busy(target, () => resetStrikes(target.dataset.user ?? ""));
  }

  /** Spends GM dice for a villain's insight (the GM's secret agenda), whispered to the GMs. */
  static async #onAgenda(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const villain = this.#text("agendaVillain");
    const subject = this.#text("agendaSubject");
    const dice = Number(this.#text("agendaDice") || "1");
    await this.#busy(target, () => secretAgenda(villain, subject, dice));
  }

  /** The text of one of the panel's fields (empty when absent). */
  #text(name: string): string {
    return this.element.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value.trim() ?? "";
  }

  /** Takes a die from the pool of the clicked row. */
  static async #onTake(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#busy(target, () => take(target.dataset.user ?? ""));
  }

  /** Starts a new session. */
  static async #onStartSession(this: ActionDiceGmPanel, _event: PointerEvent, target: HTMLElement): Promise<void> {
    // Unused dice are lost when pools refill (RULES §2): ask first.
    const sure = await confirmAction({
      title: game.i18n.localize("ROLLING_BONES.Confirm.StartSession.Title"),
      body: game.i18n.localize("ROLLING_BONES.Confirm.StartSession.Body"),
      confirm: game.i18n.localize("ROLLING_BONES.Confirm.StartSession.Yes"),
    });
    if (!sure) return;
    await this.#busy(target, () => startSession());
  }

  /** Opens the roll-request form, to ask characters for a roll. */
  static async #onRequestRoll(this: ActionDiceGmPanel): Promise<void> {
    await openRequestComposer();
  }

  /* -------------------------------------------- */

  #hooks: [string, number][] = [];

  /** Disables the clicked button while the request is on its way, then shows the new state. */
  async #busy(target: HTMLElement, run: () => Promise<boolean>): Promise<void> {
    (target as HTMLButtonElement).disabled = true;
    try {
      await run();
    } finally {
      await this.render();
    }
  }

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<GmPanelContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...gmPanelView(gmPanelFacts()) };
  }

  protected override async _onFirstRender(
    context: DeepPartial<GmPanelContext>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    listenToMenus(this.element);
    const refresh = () => void this.render();
    // Document hooks take the changed document first; the panel only needs to know that something changed.
    this.#hooks = REFRESH_HOOKS.map((hook) => [hook, Hooks.on(hook as never, refresh as never)]);
  }

  protected override _onClose(options: DeepPartial<ApplicationV2.RenderOptions>): void {
    super._onClose(options);
    for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
    this.#hooks = [];
  }
}
