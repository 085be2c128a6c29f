/**
 * The Rolling Bones lab: every chat card, sheet and dialog of the system on one local page, no
 * Foundry needed, rendered from the real templates (`templates/**`), the real built CSS
 * (`dist/rolling-bones.css`) and the real engines. Each engine has its roll dialog with live exact
 * odds and a Roll button throwing seeded dice; a gallery shows fixed card states; the sample
 * characters' sheets work as in Foundry; a fight can be played in every engine (attack, damage, Undo,
 * combat and timed conditions); the Action Results Table editor sets the lab world's table.
 * Served by `npm run lab` (or `npm start`); the browser tests use it as their fixture.
 */
import "../dist/rolling-bones.css";
import "./lab.css";
import "./fonts.css";
import type { DialogSettings } from "../src/applications/dialogs/types.ts";
import { DEFAULT_DIALOG_SETTINGS } from "../src/applications/dialogs/types.ts";
import { damageButton } from "../src/applications/chat/card-controls.ts";
import type { EngineId } from "../src/engines/index.ts";
import type { ArtTable } from "../src/engines/percentile/index.ts";
import { ArtPanel } from "./art-panel.ts";
import { BESTIARY, I18N, SAMPLE_ACTORS } from "./data.ts";
import { FightPanel } from "./fight-panel.ts";
import { afterEvent, showStatus } from "./dom.ts";
import { EnginePanel } from "./engine-panel.ts";
import {
  CARD_STATES,
  LAB_ENGINES,
  carryDialog,
  cardContext,
  cardStateCaption,
  cardTemplateFile,
  facesText,
  openDialog,
  rollCardState,
  tableSpecimens,
} from "./model.ts";
import { addLedgerControls, addPointsUndo, markAssistLine } from "../src/applications/chat/card-controls.ts";
import { controlSpecimens } from "./controls.ts";
import { requestSpecimens } from "./requests.ts";
import { harmSpecimens } from "./harm.ts";
import { SheetPanel } from "./sheet-panel.ts";
import { createRenderer } from "./templates.ts";

/** The percentile cap's range, as the world setting registers it. */
const CAP_RANGE = { min: 0, max: 20 };

/**
 * Makes a section's buttons say what they would do (the message `key` names): they would ask the GM
 * to change a world's pools, cards and requests, or roll a character's weapon, and the lab has no world.
 */
function inertButtons(
  section: HTMLElement,
  statusSelector: string,
  i18n: Lab["i18n"],
  key = "ROLLING_BONES.Lab.Table.Inert",
): void {
  section.addEventListener("submit", (event) => event.preventDefault());
  section.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button");
    if (!button || button.disabled || !section.contains(button)) return;
    event.preventDefault();
    const action = (button.getAttribute("aria-label") ?? button.textContent ?? "").replace(/\s+/g, " ").trim();
    showStatus(section.querySelector(statusSelector), i18n.format(key, { action }), "note");
  });
}

/** The page. */
class Lab {
  readonly i18n = I18N;

  readonly render = createRenderer(I18N);

  readonly panels = new Map<EngineId, EnginePanel>();

  /** The fight to play. */
  readonly fight: FightPanel;

  #settings: DialogSettings = DEFAULT_DIALOG_SETTINGS;

  constructor(readonly root: HTMLElement) {
    document.title = this.i18n.localize("ROLLING_BONES.Lab.Title");
    root.innerHTML = this.render.lab("page", { engines: LAB_ENGINES.map((id) => ({ id })) });
    this.#renderWorld();
    const host = { i18n: this.i18n, render: this.render, settings: () => this.#settings, random: Math.random };
    for (const engine of LAB_ENGINES) {
      const section = root.querySelector<HTMLElement>(`[data-lab-engine="${engine}"]`) as HTMLElement;
      this.panels.set(engine, new EnginePanel(engine, section, host));
    }
    this.#renderStates();
    this.#renderTable();
    this.#renderControls();
    this.#renderRequests();
    this.#renderHarm();
    this.fight = new FightPanel(this.#section("[data-lab-fight]"), [...SAMPLE_ACTORS, ...BESTIARY], host);
    new SheetPanel(this.#section("[data-lab-sheets]"), SAMPLE_ACTORS, {
      i18n: this.i18n,
      render: this.render,
      openRoll: (engine, request, title, settings) => this.#openRoll(engine, request, title, settings),
      rollNow: (engine, request, title) => {
        this.panels.get(engine)?.rollNow(request, title);
        this.#section(`[data-lab-engine="${engine}"]`).scrollIntoView({ block: "start" });
      },
    });
    new ArtPanel(this.#section("[data-lab-art]"), {
      i18n: this.i18n,
      render: this.render,
      saveArt: (table) => this.#saveArt(table),
    });
  }

  #section(selector: string): HTMLElement {
    return this.root.querySelector<HTMLElement>(selector) as HTMLElement;
  }

  /** Changes the world settings: every dialog is opened again on its request under the new settings. */
  #setSettings(next: DialogSettings): void {
    const before = this.#settings;
    this.#settings = next;
    for (const panel of this.panels.values()) panel.open(carryDialog(panel.state, before, next, this.i18n.lang));
  }

  #saveArt(table: ArtTable | null): void {
    const { percentileArt: _old, ...rest } = this.#settings;
    this.#setSettings(table ? { ...rest, percentileArt: table } : rest);
  }

  /** Opens an engine's dialog with a sheet trait's request, and takes the keyboard there. */
  #openRoll(engine: EngineId, request: unknown, title: string, settings: Partial<DialogSettings> = {}): void {
    const panel = this.panels.get(engine);
    if (!panel) return;
    panel.open(openDialog(engine, this.#settings, request, title, settings));
    const section = this.#section(`[data-lab-engine="${engine}"]`);
    section.scrollIntoView({ block: "start" });
    panel.form
      .querySelector<HTMLElement>("input:not([disabled]), select:not([disabled])")
      ?.focus({ preventScroll: true });
  }

  #renderWorld(): void {
    const section = this.#section("[data-lab-world]");
    const settings = this.#settings;
    section.innerHTML = this.render.lab("world", {
      settings,
      cap: CAP_RANGE,
      modes: (["dice", "shift"] as const).map((value) => ({
        value,
        label: `ROLLING_BONES.Settings.percentileMode.${value}`,
        selected: settings.percentileMode === value,
      })),
    });
    const form = section.querySelector<HTMLFormElement>("[data-lab-world-form]") as HTMLFormElement;
    form.addEventListener("submit", (event) => event.preventDefault());
    form.addEventListener("change", () => {
      const data = new FormData(form);
      const cap = Number(data.get("percentileCap"));
      const valid = Number.isInteger(cap) && cap >= CAP_RANGE.min && cap <= CAP_RANGE.max;
      this.#setSettings({
        ...this.#settings,
        percentileMode: data.get("percentileMode") === "shift" ? "shift" : "dice",
        percentileCap: valid ? cap : this.#settings.percentileCap,
        wildFirstOneCounts: data.get("wildFirstOneCounts") === "on",
      });
      // A cap outside the setting's range is not taken: the input shows the world's value again.
      if (!valid) afterEvent(() => this.#renderWorld());
    });
  }

  /**
   * Renders the action-dice table. Its buttons would ask the GM to change a world's pools and
   * cards; the lab has no world, so a press only says what it would do.
   */
  #renderTable(): void {
    const section = this.#section("[data-lab-table]");
    const specimens = tableSpecimens(this.i18n).map((specimen) => ({
      id: specimen.id,
      kind: specimen.kind,
      title: specimen.title ?? null,
      caption: `ROLLING_BONES.Lab.Table.${specimen.id}`,
      html: specimen.parts.map((part) => this.render.system(part.file, part.context)).join(""),
    }));
    section.innerHTML = this.render.lab("table", { specimens });
    inertButtons(section, "[data-lab-table-status]", this.i18n);
  }

  /**
   * Renders the cards with the controls one viewer sees, as the chat listeners build them: the
   * controls template inside the card, then the GM's Undo and Refund and an assist's state on the
   * ledger lines, by the listeners' own DOM functions. Like the table's, the buttons only say what
   * they would do.
   */
  #renderControls(): void {
    const section = this.#section("[data-lab-controls]");
    const specimens = controlSpecimens();
    section.innerHTML = this.render.lab("controls", {
      specimens: specimens.map((s) => ({
        id: s.id,
        caption: `ROLLING_BONES.Lab.Controls.${s.id}`,
        html: this.render.system(s.card.file, s.card.context),
      })),
    });
    for (const specimen of specimens) {
      const card = section.querySelector<HTMLElement>(`[data-control-specimen="${specimen.id}"] .rb-card`);
      if (!card) continue;
      if (specimen.controls)
        card.insertAdjacentHTML("beforeend", this.render.system(specimen.controls.file, specimen.controls.context));
      addLedgerControls(card, specimen.decorations.ledger, this.i18n);
      markAssistLine(card, specimen.decorations.assistState, this.i18n);
      addPointsUndo(card, specimen.decorations.pointsUndo, this.i18n);
    }
    inertButtons(section, "[data-lab-controls-status]", this.i18n);
  }

  /** Renders the roll-request specimens; like the table's, their buttons only say what they would do. */
  #renderRequests(): void {
    const section = this.#section("[data-lab-requests]");
    const render = (file: string, context: object) => this.render.system(file, context);
    const specimens = requestSpecimens(this.i18n).map((specimen) => ({
      id: specimen.id,
      kind: specimen.kind,
      title: specimen.title ?? null,
      caption: `ROLLING_BONES.Lab.Requests.${specimen.id}`,
      html: specimen.parts.map((part) => render(part.file, part.context)).join(""),
    }));
    section.innerHTML = this.render.lab("requests", { specimens });
    inertButtons(section, "[data-lab-requests-status]", this.i18n);
  }

  /** Renders the damage specimens; like the table's, their buttons only say what they would do. */
  #renderHarm(): void {
    const section = this.#section("[data-lab-harm]");
    const render = (file: string, context: object) => this.render.system(file, context);
    const specimens = harmSpecimens(this.i18n).map((specimen) => ({
      id: specimen.id,
      kind: specimen.kind,
      caption: `ROLLING_BONES.Lab.Harm.${specimen.id}`,
      // A damage panel sits under its card's title in chat; the lab gives it one (the healing card has its own).
      title: specimen.parts[0]?.file === "templates/chat/harm-controls.hbs",
      html: specimen.parts.map((part) => render(part.file, part.context)).join(""),
    }));
    // The goblin's token after the doubled blow: its health bar at 0, under the defeated overlay.
    const token = { name: "Goblin", value: 0, max: 10, defeated: true };
    section.innerHTML = this.render.lab("harm", { specimens, token });
    // The page shows another sheet's figures too: this one's region is named for what it shows (axe landmark-unique).
    const stats = section.querySelector('[data-harm-specimen="harmSheet"] .rb-stats');
    stats?.setAttribute("aria-label", this.i18n.localize("ROLLING_BONES.Lab.Harm.harmSheet"));
    inertButtons(section, "[data-lab-harm-status]", this.i18n);
  }

  #renderStates(): void {
    const states = CARD_STATES.map((state) => {
      const roll = rollCardState(state);
      const context = cardContext(roll, {
        isPrivate: state.isPrivate === true,
        stored: state.stored,
        conditions: state.conditions,
        equipment: state.equipment,
        attack: state.attack,
        flavor: state.flavor ?? null,
      });
      return {
        id: state.id,
        engine: state.engine,
        caption: cardStateCaption(state),
        faces: facesText(roll.throws),
        html: this.render.system(cardTemplateFile(state.engine), context),
      };
    });
    const section = this.#section("[data-lab-states]");
    section.innerHTML = this.render.lab("states", { states });
    // An attack card offers its owner the weapon's damage, as the chat hook adds the button in Foundry.
    const label = this.i18n.localize("ROLLING_BONES.Damage.CardButton");
    for (const state of CARD_STATES.filter((s) => s.offersDamage === true)) {
      section.querySelector(`[data-state="${state.id}"] .rb-card`)?.append(damageButton("lab-attacker", label));
    }
    inertButtons(section, "[data-lab-states-status]", this.i18n, "ROLLING_BONES.Lab.States.Inert");
  }
}

const root = document.getElementById("lab");
if (!root) throw new Error("Rolling Bones lab: the page has no #lab element");
new Lab(root);
document.body.dataset.labReady = "true";
