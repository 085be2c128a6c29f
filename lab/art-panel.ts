/**
 * The Action Results Table editor on the lab page: the editor's real template with the context
 * `ArtEditor` builds from its pure editor view, and its buttons doing what the editor's do through
 * the same pure functions (add or remove a column, load the default, import pasted JSON or a file,
 * export, save). Saving sets the lab world's table, so the percentile dialog and cards read it.
 */
import type { ArtEditorTemplateContext } from "../src/applications/settings/art-editor.ts";
import {
  addArtColumn,
  artEditorView,
  artErrorText,
  artProblemOf,
  artSettingValue,
  artToForm,
  artToJson,
  defaultArtForm,
  formToArt,
  parseArtJson,
  readArtForm,
  removeArtColumn,
  sameForm,
  storedArt,
  ART_EXPORT_FILE,
  type ArtForm,
  type ArtProblem,
} from "../src/data/settings/art-table.ts";
import { EngineError } from "../src/engines/index.ts";
import type { ArtTable } from "../src/engines/percentile/index.ts";
import { renderParts } from "./dom.ts";
import type { Localization } from "./i18n.ts";
import type { Renderer } from "./templates.ts";

/** What the editor reads from and writes to the page. */
export interface ArtHost {
  readonly i18n: Localization;
  readonly render: Renderer;
  /** Sets the world's table (`null`: the default table). */
  saveArt(table: ArtTable | null): void;
}

/** The Action Results Table editor. */
export class ArtPanel {
  readonly #host: ArtHost;

  readonly #section: HTMLElement;

  #form: ArtForm = defaultArtForm();

  #saved: ArtForm = this.#form;

  #usingDefault = true;

  #status: string | null = null;

  #error: string | null = null;

  #problem: ArtProblem = {};

  constructor(section: HTMLElement, host: ArtHost) {
    this.#host = host;
    this.#section = section;
    section.innerHTML = host.render.lab("art", {});
    this.#listen();
    this.renderEditor();
  }

  /** The editor's context, as `ArtEditor#_prepareContext` builds it. */
  get context(): ArtEditorTemplateContext {
    return {
      idPrefix: "lab-art-editor",
      view: artEditorView(this.#form, this.#problem),
      usingDefault: this.#usingDefault,
      dirty: !sameForm(this.#form, this.#saved),
      status: this.#status,
      error: this.#error,
    };
  }

  /** Renders the editor part. */
  renderEditor(): void {
    const container = this.#section.querySelector<HTMLElement>("[data-lab-art-parts]") as HTMLElement;
    renderParts(container, { editor: this.#host.render.system("templates/settings/art-editor.hbs", this.context) });
  }

  get #element(): HTMLFormElement {
    return this.#section.querySelector<HTMLFormElement>("form[data-lab-art-form]") as HTMLFormElement;
  }

  /** Takes the inputs' values into the working copy. */
  #read(): void {
    const inputs: [string, unknown][] = [];
    for (const [name, value] of new FormData(this.#element).entries()) inputs.push([name, value]);
    this.#form = readArtForm(this.#form, inputs);
  }

  /** Replaces the working copy and the status line, clearing any error. */
  #update(form: ArtForm, status: string | null): void {
    this.#form = form;
    this.#status = status;
    this.#error = null;
    this.#problem = {};
  }

  /** Shows why a table was refused; anything but an engine error is re-thrown. */
  #refuse(error: unknown): void {
    if (!(error instanceof EngineError)) throw error;
    const { i18n } = this.#host;
    this.#error = artErrorText(error, i18n);
    this.#problem = artProblemOf(error);
    this.#status = null;
  }

  #import(text: string): void {
    try {
      this.#update(artToForm(parseArtJson(text)), "ROLLING_BONES.ArtEditor.Imported");
    } catch (error) {
      this.#refuse(error);
      this.#problem = {};
    }
    this.renderEditor();
  }

  #save(): void {
    this.#read();
    let table: ArtTable | null;
    try {
      table = storedArt(artSettingValue(formToArt(this.#form)));
    } catch (error) {
      this.#refuse(error);
      this.renderEditor();
      return;
    }
    this.#host.saveArt(table);
    this.#saved = table ? artToForm(table) : defaultArtForm();
    this.#usingDefault = table === null;
    this.#update(this.#saved, "ROLLING_BONES.ArtEditor.Saved");
    this.renderEditor();
  }

  #export(): void {
    this.#read();
    try {
      const url = URL.createObjectURL(new Blob([artToJson(formToArt(this.#form))], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = ART_EXPORT_FILE;
      link.click();
      URL.revokeObjectURL(url);
      this.#error = null;
      this.#problem = {};
    } catch (error) {
      this.#refuse(error);
    }
    this.renderEditor();
  }

  #listen(): void {
    const form = this.#element;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#save();
    });
    form.addEventListener("change", (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.type === "file") {
        const file = target.files?.[0];
        if (file) void file.text().then((text) => this.#import(text));
        return;
      }
      this.#read();
    });
    form.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-action]");
      if (!button || button.disabled) return;
      switch (button.dataset.action) {
        case "addColumn":
          this.#read();
          this.#update(addArtColumn(this.#form), null);
          break;
        case "removeColumn":
          this.#read();
          this.#update(removeArtColumn(this.#form), null);
          break;
        case "resetDefault":
          this.#update(defaultArtForm(), "ROLLING_BONES.ArtEditor.DefaultLoaded");
          break;
        case "importText":
          this.#import(form.querySelector<HTMLTextAreaElement>("textarea[name=artPaste]")?.value ?? "");
          return;
        case "exportJson":
          this.#export();
          return;
        case "cancel":
          this.#update(this.#saved, null);
          break;
        default:
          return;
      }
      this.renderEditor();
    });
  }
}
