/**
 * The GM's roll-request composer: choose the engine, what is rolled (a fixed trait or a skill or
 * ability by name), the target and whether it stays hidden, and the characters who should roll;
 * Send posts the request card. Changing the engine re-renders the form with that engine's traits
 * and characters; the other values are kept.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants.ts";
import { COMPOSER_ID } from "./open.ts";
import { postRollRequest, requestableActors } from "../../services/requests/requests.ts";
import { REQUEST_ENGINES, type RequestDraft } from "../../services/requests/spec.ts";
import type { CharacterEngine } from "../../data/actor/pure.ts";
import {
  composerView,
  specFromValues,
  valuesFromDraft,
  type ComposerCharacter,
  type ComposerValues,
  type ComposerView,
} from "./composer-view.ts";

/** The composer's render context. */
export type ComposerContext = ApplicationV2.RenderContext & ComposerView & { idPrefix: string };

/** Reads the form's values. */
export function readComposerForm(form: HTMLFormElement, before: ComposerValues): ComposerValues {
  const text = (name: string) =>
    (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
  const engine = text("engine") as CharacterEngine;
  const hidden = form.elements.namedItem("hidden") as HTMLInputElement | null;
  const actors = [...form.querySelectorAll<HTMLInputElement>('input[name="actors"]:checked')].map((i) => i.value);
  const values: ComposerValues = {
    engine: REQUEST_ENGINES.includes(engine) ? engine : before.engine,
    label: text("label"),
    trait: text("trait"),
    name: text("name"),
    target: text("target"),
    hidden: hidden?.checked ?? false,
    net: text("net") || "0",
    actors,
  };
  // Another engine has other traits and other characters: start its trait afresh, keep the rest.
  if (values.engine !== before.engine) {
    const fresh = valuesFromDraft({ engine: values.engine });
    return { ...values, trait: fresh.trait, actors: [] };
  }
  return values;
}

/** The characters of an engine's type with their players' names. */
function characters(engine: CharacterEngine): ComposerCharacter[] {
  const players = game.users.filter((u) => !u.isGM);
  return requestableActors(engine).map((actor) => ({
    id: actor.id ?? "",
    name: actor.name,
    players:
      players
        .filter((u) => actor.testUserPermission(u, "OWNER"))
        .map((u) => u.name)
        .join(", ") || "\u2014",
  }));
}

/** The roll-request composer (GM only). */
export class RequestComposer extends HandlebarsApplicationMixin(ApplicationV2)<ComposerContext> {
  static override DEFAULT_OPTIONS = {
    id: COMPOSER_ID,
    classes: ["rolling-bones", "rb-action-panel", "rb-request-composer"],
    tag: "form",
    position: { width: 380, height: "auto" as const },
    window: { title: "ROLLING_BONES.Request.ComposerTitle", resizable: true },
    form: { handler: RequestComposer.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  };

  static override PARTS = {
    body: { template: systemPath("templates/requests/composer.hbs") },
  };

  #values: ComposerValues;

  constructor(draft: Partial<RequestDraft> = {}) {
    super({});
    this.#values = valuesFromDraft(draft);
  }

  /** The values the form shows now. */
  get values(): ComposerValues {
    return this.#values;
  }

  /** Posts the request; closes on success, keeps the form (and says why) on a refusal. */
  static async #onSubmit(this: RequestComposer, event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    event.preventDefault();
    this.#values = readComposerForm(form, this.#values);
    const card = await postRollRequest(specFromValues(this.#values));
    if (card) await this.close();
  }

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<ComposerContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...composerView(this.#values, characters(this.#values.engine)), idPrefix: this.id };
  }

  protected override async _onRender(
    context: DeepPartial<ComposerContext>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    const form = this.element as HTMLFormElement;
    form.querySelector('select[name="engine"]')?.addEventListener("change", () => {
      this.#values = readComposerForm(form, this.#values);
      void this.render();
    });
  }
}
