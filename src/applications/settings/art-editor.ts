/**
 * The Action Results Table editor: a GM settings menu that shows the world's table one column per
 * rating range and one row per result level, lets the GM change every number, import a table from
 * a JSON file or pasted text, export it as JSON, and save it to the world. Nothing is saved until
 * the table passes the engine's check; a refused table or file is named with its localized reason
 * and the saved table stays as it was. The logic lives in `src/data/settings/art-table.ts`.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { SYSTEM_ID, systemPath } from "../../constants.ts";
import {
  ART_EXPORT_FILE,
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
  checkArtSize,
  readArtForm,
  removeArtColumn,
  sameForm,
  storedArt,
  type ArtEditorView,
  type ArtForm,
  type ArtProblem,
} from "../../data/settings/art-table.ts";
import { EngineError } from "../../engines/core.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { notify } from "../../helpers/notify.ts";

/** What the editor's template renders. */
export interface ArtEditorTemplateContext {
  /** A prefix for element ids, unique per window. */
  readonly idPrefix: string;
  /** The table as inputs. */
  readonly view: ArtEditorView;
  /** Whether the world uses the default table (nothing saved). */
  readonly usingDefault: boolean;
  /** Whether the inputs differ from the saved table. */
  readonly dirty: boolean;
  /** The localization key of the last action's outcome, or `null`. */
  readonly status: string | null;
  /** The localized reason the last save, import or export was refused, or `null`. */
  readonly error: string | null;
}

/** The editor's render context. */
export type ArtEditorContext = ApplicationV2.RenderContext & ArtEditorTemplateContext;

/** The localized message of an Action Results Table error, in a GM's words. */
export function artErrorMessage(error: EngineError): string {
  return artErrorText(error, game.i18n);
}

/** The table the world has saved, as the editor's form. */
function savedForm(): { form: ArtForm; usingDefault: boolean } {
  const table = storedArt(game.settings.get(SYSTEM_ID, SETTING_KEYS.artTable));
  return table ? { form: artToForm(table), usingDefault: false } : { form: defaultArtForm(), usingDefault: true };
}

/** The Action Results Table editor (GM only; opened from the system's settings or the one-time notice). */
export class ArtEditor extends HandlebarsApplicationMixin(ApplicationV2)<ArtEditorContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["rolling-bones", "rb-art-editor"],
    tag: "form",
    window: { title: "ROLLING_BONES.ArtEditor.Title", icon: "fa-solid fa-table", resizable: true },
    position: { width: 1000, height: 760 },
    form: { handler: ArtEditor.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      addColumn: ArtEditor.#onAddColumn,
      removeColumn: ArtEditor.#onRemoveColumn,
      resetDefault: ArtEditor.#onResetDefault,
      importText: ArtEditor.#onImportText,
      exportJson: ArtEditor.#onExportJson,
      cancel: ArtEditor.#onCancel,
    },
  };

  static override PARTS = {
    editor: { template: systemPath("templates/settings/art-editor.hbs"), scrollable: [".rb-art__scroll"] },
  };

  /** Saves the table (the Save button, or Enter in a field). */
  static async #onSubmit(this: ArtEditor, event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    event.preventDefault();
    this.#read(form);
    await this.#save();
  }

  /** Adds a column after the last. */
  static async #onAddColumn(this: ArtEditor): Promise<void> {
    this.#update(addArtColumn(this.#form), null);
    await this.render();
  }

  /** Removes the last column. */
  static async #onRemoveColumn(this: ArtEditor): Promise<void> {
    this.#update(removeArtColumn(this.#form), null);
    await this.render();
  }

  /** Loads the default table into the inputs (saved only with Save). */
  static async #onResetDefault(this: ArtEditor): Promise<void> {
    this.#update(defaultArtForm(), "ROLLING_BONES.ArtEditor.DefaultLoaded");
    await this.render();
  }

  /** Imports the pasted JSON text. */
  static async #onImportText(this: ArtEditor): Promise<void> {
    const area = this.element.querySelector<HTMLTextAreaElement>("textarea[name=artPaste]");
    await this.#import(area?.value ?? "");
  }

  /** Downloads the table the inputs hold as JSON (refused with the reason when it is not valid). */
  static async #onExportJson(this: ArtEditor): Promise<void> {
    this.#read(this.element as HTMLFormElement);
    try {
      const table = formToArt(this.#form);
      foundry.utils.saveDataToFile(artToJson(table), "application/json", ART_EXPORT_FILE);
      this.#error = null;
      this.#problem = {};
    } catch (error) {
      this.#refuse(error);
    }
    await this.render();
  }

  /** Closes the editor without saving. */
  static async #onCancel(this: ArtEditor): Promise<void> {
    await this.close();
  }

  /* -------------------------------------------- */

  #form: ArtForm;

  #saved: ArtForm;

  #usingDefault: boolean;

  #status: string | null = null;

  #error: string | null = null;

  #problem: ArtProblem = {};

  /** @param options - Application options. */
  constructor(options: DeepPartial<ApplicationV2.Configuration> = {}) {
    super(options);
    const saved = savedForm();
    this.#saved = saved.form;
    this.#form = saved.form;
    this.#usingDefault = saved.usingDefault;
  }

  /** The table the inputs hold, as the editor's form. */
  get tableForm(): ArtForm {
    return this.#form;
  }

  /* -------------------------------------------- */

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<ArtEditorContext> {
    const context = await super._prepareContext(options);
    return {
      ...context,
      idPrefix: this.id,
      view: artEditorView(this.#form, this.#problem),
      usingDefault: this.#usingDefault,
      dirty: !sameForm(this.#form, this.#saved),
      status: this.#status,
      error: this.#error,
    };
  }

  protected override _onChangeForm(formConfig: ApplicationV2.FormConfiguration, event: Event): void {
    super._onChangeForm(formConfig, event);
    const target = event.target;
    if (target instanceof HTMLInputElement && target.type === "file") {
      const file = target.files?.[0];
      if (file) void this.#import(file);
      return;
    }
    // Typing only changes the working copy; the status line is refreshed on the next render.
    this.#read(this.element as HTMLFormElement);
  }

  /** Takes the inputs' values into the working copy. */
  #read(form: HTMLFormElement): void {
    const inputs: [string, unknown][] = [];
    for (const [name, value] of new FormData(form).entries()) inputs.push([name, value]);
    this.#form = readArtForm(this.#form, inputs);
  }

  /** Replaces the working copy and the status line, clearing any error. */
  #update(form: ArtForm, status: string | null): void {
    this.#form = form;
    this.#status = status;
    this.#error = null;
    this.#problem = {};
  }

  /** Shows why a table or file was refused, in the editor and as a notification; anything else is re-thrown. */
  #refuse(error: unknown): void {
    if (!(error instanceof EngineError)) throw error;
    this.#error = artErrorMessage(error);
    this.#problem = artProblemOf(error);
    this.#status = null;
    notify("error", this.#error);
  }

  /**
   * Reads a table from JSON text or a file into the inputs, or refuses it with the reason (the
   * inputs stay as they were); a file over the size limit is refused before it is read.
   */
  async #import(source: string | File): Promise<void> {
    try {
      if (typeof source !== "string") checkArtSize(source.size);
      const text = typeof source === "string" ? source : await source.text();
      this.#update(artToForm(parseArtJson(text)), "ROLLING_BONES.ArtEditor.Imported");
      notify("info", game.i18n.localize("ROLLING_BONES.ArtEditor.Imported"));
    } catch (error) {
      this.#refuse(error);
      // The refused table is not in the inputs, so no input is marked.
      this.#problem = {};
    }
    await this.render();
  }

  /** Checks the inputs and saves them as the world's table, or refuses them with the reason (nothing is saved). */
  async #save(): Promise<void> {
    let value;
    try {
      value = artSettingValue(formToArt(this.#form));
    } catch (error) {
      this.#refuse(error);
      await this.render();
      return;
    }
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.artTable, value);
    const saved = savedForm();
    this.#saved = saved.form;
    this.#form = saved.form;
    this.#usingDefault = saved.usingDefault;
    this.#update(this.#form, "ROLLING_BONES.ArtEditor.Saved");
    notify("info", game.i18n.localize("ROLLING_BONES.ArtEditor.Saved"));
    // The re-render replaces the control that saved (Save, or Enter in a field): give the focus back to its successor.
    const active = document.activeElement;
    const name = active instanceof HTMLElement && this.element.contains(active) ? active.getAttribute("name") : null;
    const had = active instanceof HTMLElement && this.element.contains(active);
    await this.render();
    if (had) this.element.querySelector<HTMLElement>(name ? `[name="${CSS.escape(name)}"]` : ".rb-art__save")?.focus();
  }
}
