/**
 * The roll dialog: one ApplicationV2 class for the five engines, parameterised by the engine's
 * dialog module. Every form change rebuilds the request and re-renders the parts with the engine's
 * exact odds; every invalid input (or a spend the rolling character cannot pay) shows its localized
 * error under its own control, the odds panel says how many to correct, and Roll is disabled. Roll pays the character's points and posts the request
 * through `rollWithPoints` with the chosen visibility, and closes the dialog.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants.ts";
import type { EngineId } from "../../engines/core.ts";
import { currentVisibility, type Visibility } from "../../helpers/compat.ts";
import { errorMessage } from "../../helpers/notify.ts";
import { buildDialogContext, followValues, type DialogContext } from "./context.ts";
import { postDialogRoll } from "./direct.ts";
import { DIALOG_ENGINES } from "./engines.ts";
import { readFormValues, visibilityOfForm, type FormValues } from "./form-values.ts";
import { evaluateForm, type DialogSettings } from "./types.ts";

/** What a roll dialog is opened with. */
export interface RollDialogParams {
  /** The engine to roll. */
  readonly engine: EngineId;
  /** The rolling actor (speaks the chat card). */
  readonly actor?: Actor.Implementation | null;
  /** The window title and the card's flavor line (e.g. the trait rolled), already localized. */
  readonly title?: string;
  /** The form values to start from (see each engine's `requestToForm`). */
  readonly values: FormValues;
  /** The world settings the request depends on. */
  readonly settings: DialogSettings;
  /** More JSON-safe options stored with the roll (e.g. the GM roll request it answers). */
  readonly rollOptions?: Record<string, unknown>;
  /** The roll is a combatant's initiative: its message carries core's `initiativeRoll` flag. */
  readonly initiativeRoll?: boolean;
}

/** The context every part of the dialog renders with. */
export type RollDialogContext = ApplicationV2.RenderContext & DialogContext;

/**
 * The template of one part of an engine's dialog.
 *
 * @param engine - The engine.
 * @param part - The part.
 * @returns The system path of the template.
 */
export function dialogTemplate(engine: EngineId, part: "form" | "odds"): string {
  return systemPath(`templates/dialogs/${engine}/${part}.hbs`);
}

/**
 * The roll dialog. Open it with {@link RollDialog.wait}, which resolves with the posted chat message,
 * or `null` when the dialog is closed without rolling.
 */
export class RollDialog extends HandlebarsApplicationMixin(ApplicationV2)<RollDialogContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["rolling-bones", "rb-roll-dialog"],
    tag: "form",
    position: { width: 480, height: "auto" as const },
    window: { contentClasses: ["standard-form"] },
    form: { handler: RollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: RollDialog.#onCancel, dialUse: RollDialog.#onDialUse },
  };

  // The form and odds templates are chosen per engine in _configureRenderParts.
  static override PARTS = {
    form: { template: dialogTemplate("pool", "form") },
    odds: { template: dialogTemplate("pool", "odds") },
    footer: { template: systemPath("templates/dialogs/footer.hbs") },
  };

  /**
   * Opens a dialog and waits until it is closed.
   *
   * @param params - The engine, actor, title, starting values and settings.
   * @returns The posted chat message, or `null` when the dialog was closed without rolling.
   */
  static wait(params: RollDialogParams): Promise<ChatMessage.Implementation | null> {
    return new Promise((resolve) => {
      const dialog = new RollDialog(params, resolve);
      void dialog.render({ force: true });
    });
  }

  /** Handles the form's submission (the Roll button, or Enter in a field): rolls. */
  static async #onSubmit(this: RollDialog, event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    event.preventDefault();
    this.#readForm(form);
    await this.#roll();
  }

  /** Sets the fields the difficulty dial names (a GM rolling for an NPC) to its solved target, and draws the dialog again. */
  static async #onDialUse(this: RollDialog, _event: Event, target: HTMLElement): Promise<void> {
    this.#readForm(this.element as HTMLFormElement);
    const fields = (target.dataset.fields ?? "").split(",");
    const values = (target.dataset.values ?? "").split(",");
    const next: Record<string, string | boolean | undefined> = { ...this.#values };
    fields.forEach((field, i) => {
      if (field !== "" && Object.hasOwn(next, field)) next[field] = values[i] ?? "";
    });
    this.#values = next;
    await this.render();
  }

  /** Closes the dialog without rolling. */
  static async #onCancel(this: RollDialog): Promise<void> {
    await this.close();
  }

  /* -------------------------------------------- */

  #params: RollDialogParams;

  #values: FormValues;

  #visibility: Visibility;

  #message: ChatMessage.Implementation | null = null;

  #rolling = false;

  #showMore = false;

  #resolve: (message: ChatMessage.Implementation | null) => void;

  /**
   * @param params - The engine, actor, title, starting values and settings.
   * @param resolve - Called once with the posted message (or `null`) when the dialog closes.
   * @param options - Application options.
   */
  constructor(
    params: RollDialogParams,
    resolve: (message: ChatMessage.Implementation | null) => void = () => undefined,
    options: DeepPartial<ApplicationV2.Configuration> = {},
  ) {
    super({
      ...options,
      window: { ...options.window, title: params.title ?? `ROLLING_BONES.Engine.${params.engine}` },
    });
    this.#params = params;
    this.#values = { ...params.values };
    this.#visibility = currentVisibility();
    this.#resolve = resolve;
  }

  /** The engine this dialog rolls. */
  get engine(): EngineId {
    return this.#params.engine;
  }

  /** The current form values. */
  get values(): FormValues {
    return this.#values;
  }

  /* -------------------------------------------- */

  protected override _configureRenderParts(
    options: Parameters<HandlebarsApplicationMixin.AnyMixed["_configureRenderParts"]>[0],
  ): ReturnType<HandlebarsApplicationMixin.AnyMixed["_configureRenderParts"]> {
    const parts = super._configureRenderParts(options);
    const engine = this.#params.engine;
    return {
      ...parts,
      form: { ...parts.form, template: dialogTemplate(engine, "form") },
      odds: { ...parts.odds, template: dialogTemplate(engine, "odds") },
    };
  }

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<RollDialogContext> {
    const context = await super._prepareContext(options);
    return {
      ...context,
      ...buildDialogContext({
        engine: this.#params.engine,
        values: this.#values,
        settings: this.#params.settings,
        lang: game.i18n.lang,
        idPrefix: this.id,
        visibility: this.#visibility,
        showMore: this.#showMore,
        rolling: this.#rolling,
        localizeError: errorMessage,
      }),
    };
  }

  protected override async _onRender(
    context: RollDialogContext,
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<void> {
    await super._onRender(context, options);
    for (const details of this.element.querySelectorAll<HTMLDetailsElement>("details[data-more]")) {
      details.addEventListener("toggle", () => {
        this.#showMore = details.open;
      });
    }
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    const previous = this.#values;
    this.#readForm(this.element as HTMLFormElement);
    // Fields that follow a choice are refilled when it changes (a weapon attack's skill fills the pool).
    this.#values = followValues(this.#params.engine, this.#values, previous, this.#params.settings);
    void this.render();
  }

  protected override _onClose(options: DeepPartial<ApplicationV2.RenderOptions>): void {
    super._onClose(options);
    this.#resolve(this.#message);
  }

  /** Takes the form's current values and the chosen visibility. */
  #readForm(form: HTMLFormElement): void {
    const values = readFormValues(form);
    // The choice as the form gives it: one the dialog does not offer is refused when rolling (the roll's
    // options check, `BadPostOption`), never read as public.
    // (The cast carries a value not offered through to that check.)
    this.#visibility = visibilityOfForm(values) as Visibility;
    delete values.visibility;
    this.#values = values;
  }

  /** Validates the current values, posts the roll and closes; an invalid input only re-renders. */
  async #roll(): Promise<void> {
    if (this.#rolling) return;
    const dialog = DIALOG_ENGINES[this.#params.engine];
    const evaluation = evaluateForm(dialog, this.#values, this.#params.settings, game.i18n.lang);
    if (!evaluation.ok) {
      await this.render();
      return;
    }
    this.#rolling = true;
    this.#message = await postDialogRoll(this.#params.engine, evaluation, {
      actor: this.#params.actor ?? null,
      title: this.#params.title,
      settings: this.#params.settings,
      values: this.#values,
      visibility: this.#visibility,
      rollOptions: this.#params.rollOptions,
      ...(this.#params.initiativeRoll === true ? { initiativeRoll: true } : {}),
    });
    this.#rolling = false;
    if (this.#message) await this.close();
    else await this.render();
  }
}
