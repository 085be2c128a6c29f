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
import { dialView, type DialView } from "./dial-view.ts";
import { withWorldArt } from "../../data/settings/world-art.ts";
import {
  composerView,
  specFromValues,
  valuesFromDraft,
  type ComposerCharacter,
  type ComposerValues,
  type ComposerView,
} from "./composer-view.ts";

/** The composer's render context: the form, and the difficulty dial for the characters ticked. */
export type ComposerContext = ApplicationV2.RenderContext & ComposerView & { idPrefix: string; dial: DialView | null };

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
    dialChance: text("dialChance"),
    dialFor: text("dialFor") || before.dialFor,
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
    actions: { dialUse: RequestComposer.#onDialUse },
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

  /** Writes the dial's target into the form's target (percentile: its dice) and draws the form again. */
  static async #onDialUse(this: RequestComposer, _event: Event, target: HTMLElement): Promise<void> {
    const form = this.element as HTMLFormElement;
    this.#values = readComposerForm(form, this.#values);
    const value = target.dataset.target ?? "";
    this.#values =
      this.#values.engine === "percentile" ? { ...this.#values, net: value } : { ...this.#values, target: value };
    await this.render();
  }

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<ComposerContext> {
    const context = await super._prepareContext(options);
    return {
      ...context,
      ...composerView(this.#values, characters(this.#values.engine)),
      idPrefix: this.id,
      dial: this.#dial(),
    };
  }

  /** The difficulty dial for the characters ticked (none: no dial). */
  #dial(): DialView | null {
    const values = this.#values;
    const ticked = requestableActors(values.engine).filter((a) => values.actors.includes(a.id ?? ""));
    if (ticked.length === 0) return null;
    const spec = specFromValues(values);
    const number = (text: string) => (text.trim() === "" || !Number.isFinite(Number(text)) ? null : Number(text));
    return dialView({
      engine: values.engine,
      trait: spec.trait as { kind: string; key: string },
      target: values.engine === "percentile" ? (number(values.net) ?? 0) : number(values.target),
      characters: ticked.map((a) => ({ id: a.id ?? "", name: a.name, system: a.system })),
      wanted: values.dialChance,
      who: values.dialFor,
      prepare: (request) => withWorldArt(values.engine, request),
      lang: game.i18n.lang,
    });
  }

  protected override async _onRender(
    context: DeepPartial<ComposerContext>,
    options: DeepPartial<ApplicationV2.RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    const form = this.element as HTMLFormElement;
    // Every change draws the form again: another engine's traits, and the dial's figures. The body is
    // drawn anew on each render (the form element stays), so its listener is never added twice.
    form.querySelector(".rb-composer")?.addEventListener("change", () => {
      this.#values = readComposerForm(form, this.#values);
      void this.render();
    });
  }
}
