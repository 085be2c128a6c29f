/**
 * One engine's panel on the lab page: its roll dialog rendered from the system's dialog templates
 * with the context `RollDialog` builds (live exact odds as the inputs change, the inline error of a
 * bad input, Roll disabled meanwhile), and below it the chat card of the last roll, thrown from a
 * seeded face source (the seed is shown and can be typed or drawn at random).
 */
import type { DialogSettings } from "../src/applications/dialogs/types.ts";
import { followValues } from "../src/applications/dialogs/context.ts";
import { attackRollOptions } from "../src/applications/dialogs/equipment.ts";
import { readFormValues } from "../src/applications/dialogs/form-values.ts";
import { withConditions, type NamedCondition } from "../src/data/conditions/index.ts";
import { shared, type EngineId } from "../src/engines/index.ts";
import { toVisibility } from "../src/helpers/compat.ts";
import { addAdviceHost } from "../src/applications/chat/advice-host.ts";
import { actionAdviceView, piAdviceView } from "../src/applications/chat/advice-view.ts";
import { actionAdvice, piAdvice } from "../src/engines/advice.ts";
import type { ActionOutcome } from "../src/engines/action/index.ts";
import type { PiOutcome } from "../src/engines/pi/index.ts";
import { afterEvent, renderParts } from "./dom.ts";
import type { Localization } from "./i18n.ts";
import {
  MAX_SEED,
  cardContext,
  cardTemplateFile,
  dialogContext,
  dialogRequest,
  facesText,
  openDialog,
  parseSeed,
  randomSeed,
  rollEngine,
  STARTING_REQUESTS,
  storedRarity,
  LAB_HELD_DICE,
  type DialogState,
  type LabRoll,
} from "./model.ts";
import type { Renderer } from "./templates.ts";

/** What a panel reads from the page. */
export interface PanelHost {
  readonly i18n: Localization;
  readonly render: Renderer;
  /** The world settings now. */
  settings(): DialogSettings;
  /** A uniform generator in [0, 1) for new seeds. */
  readonly random: () => number;
}

/** The dialog parts, in the order `RollDialog.PARTS` lists them. */
const PARTS = ["form", "odds", "footer"] as const;

/** One engine's dialog and its chat card. */
export class EnginePanel {
  /** The dialog now. */
  state: DialogState;

  /** The dialog as last opened (Cancel returns to it). */
  #opened: DialogState;

  readonly #host: PanelHost;

  readonly #section: HTMLElement;

  constructor(
    readonly engine: EngineId,
    section: HTMLElement,
    host: PanelHost,
  ) {
    this.#host = host;
    this.#section = section;
    this.state = openDialog(engine, host.settings(), STARTING_REQUESTS[engine]);
    this.#opened = this.state;
    section.innerHTML = host.render.lab("engine", { id: engine, seed: randomSeed(host.random), maxSeed: MAX_SEED });
    this.#listen();
    this.renderDialog();
  }

  /** The dialog's form element. */
  get form(): HTMLFormElement {
    return this.#section.querySelector<HTMLFormElement>("form[data-lab-dialog]") as HTMLFormElement;
  }

  /** The seed input. */
  get seedInput(): HTMLInputElement {
    return this.#section.querySelector<HTMLInputElement>("[data-lab-seed]") as HTMLInputElement;
  }

  /** Opens the dialog on a new state (a sheet's trait, or changed world settings). */
  open(state: DialogState): void {
    this.state = state;
    this.#opened = state;
    this.renderDialog();
  }

  /** Renders the dialog's title and parts from its state. */
  renderDialog(only: readonly (typeof PARTS)[number][] = PARTS): void {
    const { i18n, render } = this.#host;
    const title = this.#section.querySelector("[data-lab-dialog-title]");
    if (title) title.textContent = this.state.title ?? i18n.localize(`ROLLING_BONES.Engine.${this.engine}`);
    const context = dialogContext(this.state, this.#host.settings(), i18n);
    const container = this.#section.querySelector<HTMLElement>("[data-lab-parts]") as HTMLElement;
    const file = (part: string) =>
      part === "footer" ? "templates/dialogs/footer.hbs" : `templates/dialogs/${this.engine}/${part}.hbs`;
    renderParts(container, Object.fromEntries(only.map((part) => [part, render.system(file(part), context)])));
    this.#section.querySelectorAll<HTMLDetailsElement>("details[data-more]").forEach((details) => {
      details.addEventListener("toggle", () => {
        this.state = { ...this.state, showMore: details.open };
      });
    });
  }

  /**
   * Throws the dialog's request from the seed shown and renders its card (for a blind roll, also the
   * card its players see); a bad input only re-renders the dialog. Unless the seed is kept, a new
   * random seed is drawn for the next roll.
   */
  roll(): void {
    this.#read();
    const evaluation = dialogRequest(this.state, this.#host.settings(), this.#host.i18n.lang);
    if (!evaluation.ok) {
      this.renderDialog();
      return;
    }
    const seed = this.#nextSeed();
    // The chosen equipment and the character's conditions adjust the roll and are named on the card,
    // as `rollWithPoints` does.
    const settings = { ...this.#host.settings(), ...this.state.character };
    const equipment = evaluation.equipment.named;
    const conditions = settings.conditions ?? [];
    const adjustments = [...equipment, ...conditions];
    const request =
      adjustments.length > 0 ? withConditions(this.engine, evaluation.request, adjustments) : evaluation.request;
    const attack = attackRollOptions(this.state.values, settings).attack;
    this.#show(rollEngine(this.engine, request, shared.seededFaces(seed)), seed, this.state.title, {
      equipment,
      conditions,
      attack,
    });
  }

  /** Rolls a request at once, without the dialog (a sheet's direct roll), and shows its card. */
  rollNow(request: unknown, title: string): void {
    const seed = this.#nextSeed();
    this.#show(rollEngine(this.engine, request, shared.seededFaces(seed)), seed, title, {});
  }

  /** The seed shown; unless it is kept, a new random one is drawn for the next roll. */
  #nextSeed(): number {
    const seed = parseSeed(this.seedInput.value) ?? randomSeed(this.#host.random);
    const keep = this.#section.querySelector<HTMLInputElement>("[data-lab-keep]")?.checked === true;
    this.seedInput.value = String(keep ? seed : randomSeed(this.#host.random));
    return seed;
  }

  /** Renders a roll's card in the panel's chat log. */
  #show(
    roll: LabRoll,
    seed: number,
    flavor: string | null,
    stored: { equipment?: readonly NamedCondition[]; conditions?: readonly NamedCondition[]; attack?: unknown },
  ): void {
    const { render, i18n } = this.#host;
    const template = cardTemplateFile(this.engine, roll.request);
    // The card says how rare its result was, as the world's default setting shows it.
    const card = render.system(
      template,
      cardContext(roll, { flavor, ...stored, rarity: storedRarity(roll), lang: i18n.lang }),
    );
    const playersCard =
      this.state.visibility === "blind"
        ? render.system(template, cardContext(roll, { flavor, isPrivate: true }))
        : null;
    const log = this.#section.querySelector<HTMLElement>("[data-lab-result]") as HTMLElement;
    log.innerHTML = render.lab("result", {
      card,
      playersCard,
      seed,
      faces: facesText(roll.throws),
      request: JSON.stringify(roll.request, null, 2),
    });
    const section = log.querySelector<HTMLElement>('[data-lab-view="full"] .rb-card');
    if (section) this.#addAdvisor(section, roll, seed);
  }

  /**
   * Adds the card's advisor as the chat hook does for its owner (`action-card-listeners.ts`,
   * `points-card-listeners.ts`): an action card priced with {@link LAB_HELD_DICE}, a Precision &
   * Impact card with two dice or more judged pick by pick, worked out when opened or hovered.
   */
  #addAdvisor(section: HTMLElement, roll: LabRoll, seed: number): void {
    const { render, i18n } = this.#host;
    const template = "templates/chat/advice.hbs";
    if (roll.engine === "action") {
      const outcome = roll.outcome as ActionOutcome;
      addAdviceHost(section, `lab-${seed}`, "action", i18n, () =>
        Promise.resolve(
          render.system(template, { ...actionAdviceView(actionAdvice.cardAdvice(outcome, LAB_HELD_DICE), i18n.lang) }),
        ),
      );
    } else if (roll.engine === "pi" && !(roll.outcome as PiOutcome).singleDie) {
      const outcome = roll.outcome as PiOutcome;
      addAdviceHost(section, `lab-${seed}`, "pi", i18n, () =>
        Promise.resolve(render.system(template, { ...piAdviceView(piAdvice.pickVerdicts(outcome)) })),
      );
    }
  }

  /** Takes the form's values and the chosen visibility, as `RollDialog` reads them (a changed choice refills what follows it). */
  #read(): void {
    const values = readFormValues(this.form);
    const visibility = toVisibility(typeof values.visibility === "string" ? values.visibility : undefined);
    delete values.visibility;
    const settings = { ...this.#host.settings(), ...this.state.character };
    this.state = { ...this.state, values: followValues(this.engine, values, this.state.values, settings), visibility };
  }

  /** The dial's Use: the form takes the target the dial solved for, as `RollDialog` does. */
  #useDial(button: HTMLElement): void {
    this.#read();
    const fields = (button.dataset.fields ?? "").split(",");
    const values = (button.dataset.values ?? "").split(",");
    const next = { ...this.state.values };
    fields.forEach((field, i) => {
      if (field !== "" && Object.hasOwn(next, field)) next[field] = values[i] ?? "";
    });
    this.state = { ...this.state, values: next };
    this.renderDialog();
  }

  #listen(): void {
    const form = this.form;
    // Typing updates the odds at once; the inputs themselves are re-rendered when a value is committed.
    form.addEventListener("input", (event) => {
      if (!(event.target instanceof HTMLInputElement) || event.target.type === "checkbox") return;
      this.#read();
      this.renderDialog(["odds", "footer"]);
    });
    form.addEventListener("change", () => {
      this.#read();
      afterEvent(() => this.renderDialog());
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.roll();
    });
    form.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLElement>("[data-action]");
      if (button?.dataset.action === "dialUse") this.#useDial(button);
      if (button?.dataset.action !== "cancel") return;
      this.state = this.#opened;
      this.renderDialog();
    });
    this.#section.querySelector("[data-lab-action=newSeed]")?.addEventListener("click", () => {
      this.seedInput.value = String(randomSeed(this.#host.random));
    });
  }
}
