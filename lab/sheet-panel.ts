/**
 * The sheet gallery of the lab page: a sample character of the actors compendium, shown by its
 * sheet's real templates with the context the sheet class builds. Its controls work as on a real
 * sheet, through the same pure checks: a roll button opens the engine's dialog on the page with the
 * trait's request, dots and die chips set ratings, entries are added and removed, and every change
 * is checked first (a refused change is explained and nothing changes).
 */
import type { TraitRef } from "../src/data/actor/pure.ts";
import { traitFromDataset } from "../src/data/actor/pure.ts";
import { EngineError, type EngineId } from "../src/engines/index.ts";
import type { DialogSettings } from "../src/applications/dialogs/types.ts";
import { errorMessage } from "../src/helpers/notify.ts";
import { afterEvent, renderParts, showStatus, type StatusKind } from "./dom.ts";
import {
  focusAfterDieRemoved,
  focusAfterRemove,
  focusCheckedDot,
  listenToDots,
} from "../src/applications/sheets/dots-keys.ts";
import { listenToMenus } from "../src/applications/menu-keys.ts";
import { readDurationPicker } from "../src/applications/sheets/duration-picker.ts";
import type { ConditionDuration } from "../src/applications/sheets/views/index.ts";
import type { Localization } from "./i18n.ts";
import {
  applyItemChanges,
  applySheetAction,
  itemSheetContext,
  sheetBodyFile,
  sheetContext,
  sheetRoll,
  withItemCreated,
  withItemDeleted,
  withItemToggled,
  withStatusToggled,
  type SampleActor,
  type SheetAction,
} from "./model.ts";
import type { Renderer } from "./templates.ts";

/** What the gallery reads from the page. */
export interface SheetHost {
  readonly i18n: Localization;
  readonly render: Renderer;
  /** Opens an engine's dialog with a trait's request, titled with the trait. */
  openRoll(engine: EngineId, request: unknown, title: string, settings?: Partial<DialogSettings>): void;
  /** Rolls a request at once (no dialog) and shows its card in the engine's panel. */
  rollNow(engine: EngineId, request: unknown, title: string): void;
}

/** The sheet controls that reach beyond the character (the world, chat, Foundry's own sheets): a press says what it would do. */
const INERT_ACTIONS: ReadonlyMap<string, string> = new Map(
  ["openActionDice", "cancelAssist", "loseFate", "createEffect", "editEffect", "deleteEffect"].map((action) => [
    action,
    `ROLLING_BONES.Lab.Sheets.Inert.${action}`,
  ]),
);

/** A control's accessible name (its label, else its text). */
function actionName(control: HTMLElement): string {
  return (control.getAttribute("aria-label") ?? control.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Reads a sheet input's value as Foundry's form reader does: numbers as numbers, checkboxes as booleans. */
function inputValue(control: HTMLInputElement | HTMLSelectElement): unknown {
  if (control instanceof HTMLInputElement && control.type === "checkbox") return control.checked;
  if (control instanceof HTMLInputElement && control.type === "number") {
    return control.value.trim() === "" ? null : Number(control.value);
  }
  if (control.dataset.dtype === "Number" && control.value !== "") return Number(control.value);
  return control.value;
}

/** The sheet gallery. */
export class SheetPanel {
  readonly #host: SheetHost;

  readonly #section: HTMLElement;

  /** The characters, as changed on the page. */
  readonly #actors: Map<string, SampleActor>;

  #current: string;

  /** The item whose sheet is open below the character's (`null`: none). */
  #item: string | null = null;

  #editable = true;
  /** The duration picker's last choice (until removed at first), kept across renders. */
  #duration: ConditionDuration = { units: "", value: 1 };

  #added = 0;

  #createdItems = 0;

  constructor(section: HTMLElement, actors: readonly SampleActor[], host: SheetHost) {
    this.#host = host;
    this.#section = section;
    this.#actors = new Map(actors.map((a) => [a.id, a]));
    this.#current = actors[0]?.id ?? "";
    const { i18n } = host;
    section.innerHTML = host.render.lab("sheets", {
      editable: this.#editable,
      actors: actors.map((a) => ({
        id: a.id,
        type: a.type,
        label: `${a.name} · ${i18n.localize(`ROLLING_BONES.Actor.${a.actorType}.label`)}`,
        selected: a.id === this.#current,
      })),
    });
    this.#listen();
    this.renderSheet();
  }

  /** The character shown. */
  get actor(): SampleActor | undefined {
    return this.#actors.get(this.#current);
  }

  /** Shows a character. */
  select(id: string): void {
    if (!this.#actors.has(id)) return;
    this.#current = id;
    this.#item = null;
    this.#status("");
    this.renderSheet();
  }

  /** Renders the sheet's header and body parts. */
  renderSheet(): void {
    const actor = this.actor;
    const form = this.#form;
    const container = this.#section.querySelector<HTMLElement>("[data-lab-sheet-parts]") as HTMLElement;
    if (!actor) {
      container.replaceChildren();
      return;
    }
    const { i18n, render } = this.#host;
    const context = sheetContext(actor, this.#editable, i18n, this.#duration);
    form.dataset.type = actor.type;
    const title = form.querySelector("[data-lab-sheet-title]");
    if (title) title.textContent = actor.name;
    // A new character's sheet replaces the old one's parts entirely.
    if (container.dataset.actor !== actor.id) container.replaceChildren();
    container.dataset.actor = actor.id;
    renderParts(container, {
      header: render.system("templates/sheets/shared/header.hbs", context),
      body: render.system(sheetBodyFile(actor.type), context),
    });
    this.#renderItem(actor);
  }

  /** Renders the sheet of the item opened from the character's equipment (or hides its window). */
  #renderItem(actor: SampleActor): void {
    const window = this.#section.querySelector<HTMLElement>("[data-lab-item-window]");
    const item = actor.items.find((i) => i.id === this.#item);
    if (!window) return;
    window.hidden = item === undefined;
    const container = window.querySelector<HTMLElement>("[data-lab-item-parts]") as HTMLElement;
    if (!item) {
      container.replaceChildren();
      return;
    }
    const context = itemSheetContext(actor, item, this.#editable, this.#host.i18n);
    const title = window.querySelector("[data-lab-item-title]");
    if (title) title.textContent = item.name;
    if (container.dataset.item !== item.id) {
      container.replaceChildren();
      this.#itemStatus("");
    }
    container.dataset.item = item.id;
    const { render } = this.#host;
    renderParts(container, {
      header: render.system("templates/sheets/shared/header.hbs", context),
      body: render.system("templates/sheets/item/body.hbs", context),
    });
  }

  get #form(): HTMLFormElement {
    return this.#section.querySelector<HTMLFormElement>("form[data-lab-sheet]") as HTMLFormElement;
  }

  #status(text: string, kind: StatusKind = "warning"): void {
    showStatus(this.#section.querySelector("[data-lab-sheet-status]"), text, kind);
  }

  /** Applies an action to the character shown (whether it was taken); a refused one is explained, and the sheet shows the stored values again. */
  #apply(action: SheetAction): boolean {
    const actor = this.actor;
    if (!actor) return false;
    const result = applySheetAction(actor, action);
    if (result.ok) {
      this.#actors.set(actor.id, result.actor);
      this.#status("");
    } else this.#status(errorMessage(result.error, this.#host.i18n));
    this.renderSheet();
    return result.ok;
  }

  /** Applies an item sheet's change to the item shown; a refused one is explained, and the item's sheet shows the stored values again. */
  #applyItem(changes: Readonly<Record<string, unknown>>): void {
    const actor = this.actor;
    if (!actor || this.#item === null || !this.#editable) return;
    const result = applyItemChanges(actor, this.#item, changes);
    if (result.ok) this.#actors.set(actor.id, result.actor);
    this.renderSheet();
    this.#itemStatus(result.ok ? "" : errorMessage(result.error, this.#host.i18n));
  }

  /** Opens the roll of a trait, as the sheet's roll button does. */
  #roll(trait: TraitRef): void {
    const actor = this.actor;
    if (!actor) return;
    try {
      const roll = sheetRoll(actor, trait, this.#host.i18n);
      this.#status("");
      if (roll.direct) this.#host.rollNow(roll.engine, roll.request, roll.title);
      else this.#host.openRoll(roll.engine, roll.request, roll.title, roll.settings);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      this.#status(errorMessage(error, this.#host.i18n));
    }
  }

  #onAction(target: HTMLElement): void {
    const data = target.dataset;
    const inert = INERT_ACTIONS.get(data.action ?? "");
    if (inert) {
      const text = this.#host.i18n.format(inert, { action: actionName(target) });
      if (this.#itemWindow?.contains(target)) this.#itemStatus(text, "note");
      else this.#status(text, "note");
      return;
    }
    switch (data.action) {
      case "roll": {
        const trait = traitFromDataset(data);
        if (trait) this.#roll(trait);
        return;
      }
      case "setDots":
        this.#apply({ action: "setDots", path: data.path ?? "", value: Number(data.value) });
        focusCheckedDot(this.#form, data.path ?? "");
        return;
      case "addEntry":
        this.#added += 1;
        this.#apply({
          action: "addEntry",
          collection: data.collection ?? "",
          id: `labEntry${String(this.#added).padStart(8, "0")}`,
        });
        return;
      case "removeEntry":
        // A refused removal is explained by #apply; a done one says what Foundry would ask first.
        if (this.#apply({ action: "removeEntry", collection: data.collection ?? "", id: data.id ?? "" }))
          this.#saidRemoved(target);
        focusAfterRemove(this.#form, data.collection ?? "");
        return;
      case "createItem": {
        const actor = this.actor;
        const type = data.collection ?? "";
        if (!actor || !this.#editable) return;
        this.#createdItems += 1;
        const id = `labItem${String(this.#createdItems).padStart(9, "0")}`;
        const next = withItemCreated(actor, type, id, this.#host.i18n.localize(`ROLLING_BONES.Sheet.Unnamed.${type}`));
        if (next === actor) return;
        this.#actors.set(actor.id, next);
        this.#item = id;
        this.renderSheet();
        this.#status(
          this.#host.i18n.format("ROLLING_BONES.Lab.Sheets.Created", { action: actionName(target) }),
          "done",
        );
        this.#itemWindow?.scrollIntoView({ block: "nearest" });
        this.#itemWindow?.querySelector<HTMLElement>("input[name='name']")?.focus();
        return;
      }
      case "deleteItem": {
        const actor = this.actor;
        const itemId = data.itemId ?? "";
        if (!actor || !this.#editable || !actor.items.some((i) => i.id === itemId)) return;
        const type = actor.items.find((i) => i.id === itemId)?.type ?? "";
        this.#actors.set(actor.id, withItemDeleted(actor, itemId));
        if (this.#item === itemId) this.#item = null;
        this.renderSheet();
        this.#saidRemoved(target);
        focusAfterRemove(this.#form, type);
        return;
      }
      case "toggleCondition": {
        const actor = this.actor;
        if (!actor || !this.#editable) return;
        // Until removed, or for the rounds or turns the sheet's duration picker names (docs/rules.md §6).
        this.#duration = readDurationPicker(target.closest("[data-stat]"));
        try {
          this.#actors.set(actor.id, withStatusToggled(actor, data.status ?? "", this.#duration));
        } catch (error) {
          if (!(error instanceof EngineError)) throw error;
          this.#status(errorMessage(error, this.#host.i18n));
          return;
        }
        this.#status("");
        this.renderSheet();
        this.#form
          .querySelector<HTMLElement>(`[data-action="toggleCondition"][data-status="${CSS.escape(data.status ?? "")}"]`)
          ?.focus();
        return;
      }
      case "toggleEquipped": {
        const actor = this.actor;
        if (!actor || !this.#editable) return;
        this.#actors.set(actor.id, withItemToggled(actor, data.itemId ?? ""));
        this.renderSheet();
        this.#form
          .querySelector<HTMLElement>(`[data-action="toggleEquipped"][data-item-id="${CSS.escape(data.itemId ?? "")}"]`)
          ?.focus();
        return;
      }
      case "editItem":
        this.#item = data.itemId ?? null;
        this.renderSheet();
        this.#section.querySelector<HTMLElement>("[data-lab-item-window]")?.scrollIntoView({ block: "nearest" });
        return;
      case "cycleDie":
      case "removeDie":
      case "addDie":
        this.#apply({ action: data.action, path: data.path ?? "", index: Number(data.index) });
        if (data.action === "removeDie") focusAfterDieRemoved(this.#form, data.path ?? "", Number(data.index));
        return;
    }
  }

  /** Says a Remove was done on the lab's copy, and what Foundry asks first. */
  #saidRemoved(button: HTMLElement): void {
    const { i18n } = this.#host;
    const question = i18n.localize("ROLLING_BONES.Confirm.Remove.Body");
    this.#status(i18n.format("ROLLING_BONES.Lab.Sheets.Removed", { action: actionName(button), question }), "done");
  }

  #itemStatus(text: string, kind: StatusKind = "warning"): void {
    showStatus(this.#itemWindow?.querySelector("[data-lab-item-status]"), text, kind);
  }

  get #itemWindow(): HTMLElement | null {
    return this.#section.querySelector<HTMLElement>("[data-lab-item-window]");
  }

  #listen(): void {
    const form = this.#form;
    form.addEventListener("submit", (event) => event.preventDefault());
    listenToMenus(form);
    listenToDots(form, (path, value) => {
      this.#apply({ action: "change", changes: { [path]: value } });
      focusCheckedDot(form, path);
    });
    form.addEventListener("click", (event) => {
      const target = (event.target as Element).closest<HTMLElement>("[data-action]");
      if (target && form.contains(target) && !(target as HTMLButtonElement).disabled) this.#onAction(target);
    });
    form.addEventListener("change", (event) => {
      const control = event.target;
      if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement) || !control.name) return;
      const changes = { [control.name]: inputValue(control) };
      afterEvent(() => this.#apply({ action: "change", changes }));
    });
    const itemForm = this.#section.querySelector<HTMLFormElement>("form[data-lab-item]");
    itemForm?.addEventListener("submit", (event) => event.preventDefault());
    itemForm?.addEventListener("click", (event) => {
      const target = (event.target as Element).closest<HTMLElement>("[data-action]");
      if (target && itemForm.contains(target) && !(target as HTMLButtonElement).disabled) this.#onAction(target);
    });
    itemForm?.addEventListener("change", (event) => {
      const control = event.target;
      if (
        !(
          control instanceof HTMLInputElement ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement
        ) ||
        !control.name
      )
        return;
      const value = control instanceof HTMLTextAreaElement ? control.value : inputValue(control);
      afterEvent(() => this.#applyItem({ [control.name]: value }));
    });
    this.#section.querySelector<HTMLSelectElement>("[data-lab-actor]")?.addEventListener("change", (event) => {
      this.select((event.target as HTMLSelectElement).value);
    });
    this.#section.querySelector<HTMLInputElement>("[data-lab-editable]")?.addEventListener("change", (event) => {
      this.#editable = (event.target as HTMLInputElement).checked;
      this.renderSheet();
    });
  }
}
