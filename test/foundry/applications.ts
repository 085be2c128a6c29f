/**
 * ApplicationV2, HandlebarsApplicationMixin, the document sheets and the chat log, as far as the
 * system uses them, each on the client that opened it: an application renders its PARTS from the
 * real templates (with the system's Handlebars helpers and partials) into its element, which sits
 * in its client's part of the page; `[data-action]` clicks inside it run its actions (and the core
 * `close`) as that client; a form submits through its handler, a document sheet's through the
 * document (`update`, checked by the document's data model).
 *
 * Sources (each member below names its own):
 * - "DEFAULT_OPTIONS is automatically merged with all super classes when the application is
 *   instantiated to create the options property" [API13/API14 foundry.applications module page,
 *   https://foundryvtt.com/api/modules/foundry.applications.html]: arrays such as `classes` are
 *   concatenated down the chain, objects assigned key by key, other values replaced [foundryvtt
 *   issue #11675 quotes the merge].
 * - `render(options)`: `force` — "If true, an application which does not yet exist in the DOM is
 *   added. If false, only applications which already exist are rendered"; `isFirstRender` is
 *   populated automatically; `parts` re-renders only those parts [API14 ApplicationRenderOptions].
 * - "Applications are not renderable unless a subclass defines the _renderHTML and _replaceHTML
 *   methods" [API12 ApplicationV2]; HandlebarsApplication renders "each configured application part
 *   using Handlebars templates" into "a single rendered HTMLElement for each requested part", after
 *   `_preparePartContext` ("Prepare context that is specific to only a single rendered part"; the
 *   shared context may be augmented) [API12 HandlebarsApplication]; `_configureRenderParts` lets a
 *   subclass configure its parts; a part's `templates` are the templates it needs [API13
 *   HandlebarsTemplatePart]. `_onFirstRender` runs after the first render, `_onRender` after each
 *   [API13 ApplicationV2]. Draw Steel and dnd5e build their sheets on exactly these hooks.
 * - Clicks on `[data-action]` go to `options.actions` by name ("Click actions supported by the
 *   Application and their event handler functions") [API13 ApplicationConfiguration.actions]; the
 *   window's close button is `data-action="close"` (issue 15).
 * - A form application (`tag: "form"`) submits through `options.form.handler(event, form, formData)`;
 *   `submitOnChange` submits on every change, `closeOnSubmit` closes after [API13
 *   ApplicationFormConfiguration; foundryvtt.wiki ApplicationV2 guide]; `formData` is a
 *   FormDataExtended, whose `object` reads numbers and checkboxes as numbers and booleans [API13
 *   foundry.applications.ux.FormDataExtended].
 * - DocumentSheetV2 is a form; its submission prepares the data (`_prepareSubmitData`) and updates
 *   the document (`_processSubmitData`); it is editable by an owner (`isEditable`); an opened sheet
 *   is in the document's `apps` [API13 DocumentSheetV2; ClientDocumentMixin#apps]. Draw Steel and
 *   dnd5e override `_processSubmitData(event, form, submitData, options)`.
 * - `foundry.applications.instances` is "a registry of currently rendered ApplicationV2 instances"
 *   [API14 foundry.applications.instances]; every client has its own.
 * - The chat log is an ApplicationV2 since v13 (release notes); a new visible message is posted to
 *   it (`postOne`), an updated one drawn again (`updateMessage`), a deleted one removed
 *   (`deleteMessage`) [API13 ChatLog#postOne, #updateMessage, #deleteMessage].
 *
 * Not settled by a public page, so the stricter reading is emulated: the core render context adds
 * nothing (a template sees only what the application's own `_prepareContext` gives); a part that
 * renders more than one root element is refused; two different applications rendered under one id
 * on one client are refused. Window position,
 * minimizing, tabs and header controls other than close are not emulated.
 */
import { loadTemplates, renderTemplate } from "./templates.ts";
import { currentUserId, env, runAs } from "./state.ts";
import { strictInstances } from "./strict.ts";
import { deepClone, expandObject, isPlainObject, mergeObject } from "./utils.ts";

/** A click action: called with the application as `this`, the event and the `[data-action]` element. [API13 ApplicationClickAction] */
type ClickAction = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;

/** A form handler. [API13 ApplicationFormSubmission] */
type FormHandler = (this: ApplicationV2, event: Event, form: HTMLFormElement, formData: FormDataExtended) => unknown;

/** The form configuration of an application. [API13 ApplicationFormConfiguration] */
interface FormConfiguration {
  handler?: FormHandler;
  submitOnChange?: boolean;
  closeOnSubmit?: boolean;
}

/** What `render` takes. [API14 ApplicationRenderOptions] */
export interface RenderOptions {
  force?: boolean;
  isFirstRender?: boolean;
  parts?: string[];
  [key: string]: unknown;
}

/** This client's registry of rendered applications by id. */
function registry(clientId: string): Map<string, ApplicationV2> {
  const e = env();
  let apps = e.applications.get(clientId) as Map<string, ApplicationV2> | undefined;
  if (!apps) e.applications.set(clientId, (apps = new Map<string, ApplicationV2>()));
  return apps;
}

/**
 * `foundry.applications.instances`, for the running client: the applications it has rendered, by id.
 * [API14 foundry.applications.instances]
 */
export const applicationInstances = {
  get: (id: string) => registry(currentUserId()).get(id),
  has: (id: string) => registry(currentUserId()).has(id),
  get size() {
    return registry(currentUserId()).size;
  },
  keys: () => registry(currentUserId()).keys(),
  values: () => registry(currentUserId()).values(),
  entries: () => registry(currentUserId()).entries(),
  [Symbol.iterator]: () => registry(currentUserId())[Symbol.iterator](),
};

/** The part of the page a client's applications live in (created on first use; needs a DOM). */
export function clientRoot(clientId: string): HTMLElement {
  const e = env();
  let root = e.clientRoots.get(clientId);
  if (!root || !root.isConnected) {
    root = document.createElement("div");
    root.className = "rb-test-client";
    root.dataset.client = clientId;
    document.body.append(root);
    e.clientRoots.set(clientId, root);
  }
  return root;
}

/**
 * Runs page work (a render, the chat log drawing a message) or, with `action`, what a user started
 * (a click's action, a form's submission, which may wait for the user again, e.g. in a dialog), and
 * keeps its promise until it settles so `double.settle()` waits for it; an error it throws is
 * recorded (Foundry logs it to the console).
 */
export function uiTask(work: () => unknown, kind: "page" | "action" = "page"): void {
  const e = env();
  const task = Promise.resolve()
    .then(work)
    .catch((error: unknown) => {
      e.applicationErrors.push(error);
    });
  e.workCount += 1;
  if (kind === "page") {
    e.uiTasks.add(task);
    void task.finally(() => e.uiTasks.delete(task));
  } else {
    e.actionTasks.set(task, e.windowOpens);
    void task.finally(() => e.actionTasks.delete(task));
  }
}

/**
 * Merges `DEFAULT_OPTIONS` from the base class down as core does: an array (`classes`) is
 * concatenated, an object (`window`, `actions`, `form`, `position`) assigned key by key, any other
 * value replaced. [API13 foundry.applications module page; foundryvtt issue #11675, which quotes
 * core's `_initializeApplicationOptions`: "Concatenate arrays", "Merge objects", "Override option"]
 */
function defaultOptionsOf(cls: typeof ApplicationV2): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let c: unknown = cls; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, "DEFAULT_OPTIONS"))
      chain.unshift((c as unknown as { DEFAULT_OPTIONS: Record<string, unknown> }).DEFAULT_OPTIONS);
  }
  const out: Record<string, unknown> = {};
  for (const options of chain) {
    for (const [key, value] of Object.entries(deepClone(options))) {
      const before = out[key];
      if (Array.isArray(before) && Array.isArray(value)) before.push(...(value as unknown[]));
      else if (isPlainObject(before) && isPlainObject(value)) Object.assign(before, value);
      else out[key] = value;
    }
  }
  return out;
}

/**
 * The form data of a form: each named control that is not disabled, numbers (`type="number"` and
 * `range`, or `data-dtype="Number"`) as numbers (empty → `null`), checkboxes as booleans, a radio
 * group as its checked value, a multiple select as a list. [API13 foundry.applications.ux.FormDataExtended]
 */
export class FormDataExtended {
  readonly object: Record<string, unknown> = {};

  constructor(form: HTMLFormElement) {
    const controls = form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "input[name], select[name], textarea[name]",
    );
    for (const control of controls) {
      if (control.disabled) continue;
      const name = control.name;
      if (control instanceof HTMLInputElement) {
        if (control.type === "checkbox") this.object[name] = control.checked;
        else if (control.type === "radio") {
          if (control.checked) this.object[name] = this.#typed(control, control.value);
          else if (!(name in this.object)) this.object[name] = null;
        } else if (control.type === "submit" || control.type === "button") continue;
        else this.object[name] = this.#typed(control, control.value);
      } else if (control instanceof HTMLSelectElement && control.multiple) {
        this.object[name] = [...control.selectedOptions].map((o) => this.#typed(control, o.value));
      } else this.object[name] = this.#typed(control, control.value);
    }
  }

  #typed(control: HTMLElement, value: string): unknown {
    const numeric =
      control.dataset.dtype === "Number" ||
      (control instanceof HTMLInputElement && (control.type === "number" || control.type === "range"));
    if (numeric) return value.trim() === "" ? null : Number(value);
    if (control.dataset.dtype === "Boolean") return value === "true";
    return value;
  }
}

/** The render states. [API12 ApplicationV2 #state: NONE, RENDERED, CLOSED…] */
const STATE = { NONE: 0, RENDERED: 2, CLOSED: -1 } as const;

/**
 * The base of applications. With a DOM, its element is built on the first forced render: the `tag`
 * (`div`, or `form` for a form application), a window header with its title and a close button
 * (unless `window.frame` is false), and a content section the parts go into. [API13 ApplicationV2]
 */
export class ApplicationV2 {
  static DEFAULT_OPTIONS: Record<string, unknown> = {
    tag: "div",
    classes: [],
    window: { frame: true, title: "" },
    actions: {},
  };

  readonly options: Record<string, unknown>;
  /** The client (user id) that opened the application: its actions run as that user. */
  readonly clientId: string;
  /** How often `bringToFront` was called (double only). */
  broughtToFront = 0;
  /** The `[data-action]` names the element dispatched, in order (double only). */
  readonly dispatched: string[] = [];
  #state: number = STATE.NONE;
  #renderQueue: Promise<unknown> = Promise.resolve();
  #element: HTMLElement | null = null;
  #content: HTMLElement | null = null;

  constructor(options: Record<string, unknown> = {}) {
    this.clientId = currentUserId();
    this.options = mergeObject(defaultOptionsOf(this.constructor as typeof ApplicationV2), deepClone(options));
    if (typeof this.options.id !== "string") this.options.id = `app-${Math.random().toString(36).slice(2, 10)}`;
  }

  get id(): string {
    return this.options.id as string;
  }

  /** Whether the application is rendered now. [API13 ApplicationV2#rendered] */
  get rendered(): boolean {
    return this.#state === STATE.RENDERED;
  }

  /** The application's outermost element, once rendered. [API13 ApplicationV2#element] */
  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  /** The form of a form application. [API13 ApplicationV2#form] */
  get form(): HTMLFormElement | null {
    const element = this.#element;
    if (!element) return null;
    return element instanceof HTMLFormElement ? element : element.querySelector("form");
  }

  /** The window title, localized. [API13 ApplicationV2#title] */
  get title(): string {
    const title = String((this.options.window as { title?: string } | undefined)?.title ?? "");
    return (env().globals.game as { i18n: { localize(k: string): string } }).i18n.localize(title);
  }

  /**
   * Renders the application: forced, it is drawn (its element added on the first render); not
   * forced, only an application already rendered is drawn again. `true` is short for `{ force: true }`.
   */
  async render(options: boolean | RenderOptions = {}): Promise<this> {
    const opts: RenderOptions = typeof options === "boolean" ? { force: options } : { ...options };
    // One render at a time: a render asked for while another runs follows it.
    const run = () => runAs(this.clientId, () => this.#render(opts));
    const next = this.#renderQueue.then(run, run);
    this.#renderQueue = next.catch(() => undefined);
    // `double.settle()` waits for renders too (a listener of the system's may render without awaiting).
    const tasks = env().uiTasks;
    const tracked = this.#renderQueue;
    env().workCount += 1;
    tasks.add(tracked);
    void tracked.finally(() => tasks.delete(tracked));
    return next;
  }

  async #render(opts: RenderOptions): Promise<this> {
    if (!this.rendered && !opts.force) return this;
    if (typeof document === "undefined") {
      throw new Error(
        `Foundry double: rendering ${this.constructor.name} needs a DOM; add \`// @vitest-environment happy-dom\``,
      );
    }
    const apps = registry(this.clientId);
    const other = apps.get(this.id);
    if (other && other !== this) {
      throw new Error(`Foundry double: another application is already rendered with id "${this.id}"`);
    }
    opts.isFirstRender = !this.rendered;
    this._configureRenderOptions(opts);
    const context = await this._prepareContext(opts);
    const result = await this._renderHTML(context, opts);
    if (opts.isFirstRender) {
      await this._preFirstRender(context, opts);
      this.#buildElement();
      if ((this.options.window as { frame?: boolean } | undefined)?.frame !== false) env().windowOpens += 1;
    }
    if (this.#content) this._replaceHTML(result, this.#content, opts);
    apps.set(this.id, this);
    this.#state = STATE.RENDERED;
    if (opts.isFirstRender) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    return this;
  }

  /** Builds the element, puts it in the client's part of the page and listens for clicks and forms. */
  #buildElement(): void {
    const tag = typeof this.options.tag === "string" ? this.options.tag : "div";
    const element = document.createElement(tag);
    element.id = this.id;
    element.classList.add("application", ...((this.options.classes as string[] | undefined) ?? []));
    const framed = (this.options.window as { frame?: boolean } | undefined)?.frame !== false;
    let content = element;
    if (framed) {
      const header = document.createElement("header");
      header.className = "window-header";
      const title = document.createElement("h1");
      title.className = "window-title";
      title.textContent = this.title;
      const close = document.createElement("button");
      close.type = "button";
      close.className = "header-control";
      close.dataset.action = "close";
      close.setAttribute("aria-label", "Close Window");
      header.append(title, close);
      content = document.createElement("section");
      content.className = "window-content";
      element.append(header, content);
    }
    element.addEventListener("click", (event) => this.#onClickAction(event));
    if (element instanceof HTMLFormElement) {
      const form = this.#formConfig();
      element.addEventListener("submit", (event) => {
        event.preventDefault();
        uiTask(() => runAs(this.clientId, () => this._onSubmitForm(form, event)), "action");
      });
      element.addEventListener("change", (event) =>
        uiTask(() => runAs(this.clientId, () => this._onChangeForm(form, event)), "action"),
      );
    }
    clientRoot(this.clientId).append(element);
    this.#element = element;
    this.#content = content;
  }

  #formConfig(): FormConfiguration {
    return this.options.form ?? {};
  }

  /** Fills the render options (the parts to render, for a Handlebars application). */
  _configureRenderOptions(_options: RenderOptions): void {}

  /** The context every part renders with: nothing of the core's (the stricter reading). [API13 ApplicationV2#_prepareContext] */
  async _prepareContext(_options: RenderOptions): Promise<Record<string, unknown>> {
    await Promise.resolve();
    return {};
  }

  /** Not renderable without a subclass that renders HTML. [API12 ApplicationV2 #renderable] */
  async _renderHTML(_context: unknown, _options: RenderOptions): Promise<unknown> {
    await Promise.resolve();
    throw new Error(`Foundry double: ${this.constructor.name} is not renderable (no _renderHTML)`);
  }

  /** Puts the rendered HTML into the content element. */
  _replaceHTML(_result: unknown, _content: HTMLElement, _options: RenderOptions): void {}

  /** Before the first render inserts the element. */
  async _preFirstRender(_context: unknown, _options: RenderOptions): Promise<void> {}

  /** After the first render. [API13 ApplicationV2#_onFirstRender] */
  async _onFirstRender(_context: unknown, _options: RenderOptions): Promise<void> {}

  /** After every render. [API13 ApplicationV2#_onRender] */
  async _onRender(_context: unknown, _options: RenderOptions): Promise<void> {}

  /** A control of the form changed: submits when `submitOnChange`. [API13 ApplicationV2#_onChangeForm] */
  _onChangeForm(formConfig: FormConfiguration, event: Event): void {
    if (formConfig.submitOnChange) uiTask(() => this._onSubmitForm(formConfig, event), "action");
  }

  /** The form was submitted: its handler runs with the form data; then it closes when `closeOnSubmit`. [API13 ApplicationV2#_onSubmitForm] */
  async _onSubmitForm(formConfig: FormConfiguration, event: Event): Promise<void> {
    event.preventDefault();
    const form = this.form;
    if (!form) return;
    await formConfig.handler?.call(this, event, form, new FormDataExtended(form));
    if (formConfig.closeOnSubmit) await this.close();
  }

  /** The delegated click: the nearest `[data-action]` inside the element runs its action, as the opening client. */
  #onClickAction(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
    if (!target || !this.#element?.contains(target)) return;
    // A disabled control takes no click (HTML: disabled form controls receive no click events).
    if ((target as HTMLButtonElement).disabled) return;
    const name = target.dataset.action ?? "";
    const actions = (this.options.actions ?? {}) as Record<string, ClickAction | { handler: ClickAction }>;
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    const handler = typeof action === "function" ? action : action?.handler;
    const core: Record<string, ClickAction> = { close: () => this.close() };
    const run = handler ?? (Object.hasOwn(core, name) ? core[name] : undefined);
    if (!run) return;
    this.dispatched.push(name);
    uiTask(() => runAs(this.clientId, () => run.call(this, event, target)), "action");
  }

  bringToFront(): void {
    this.broughtToFront += 1;
  }

  /** Closes the window: removed from the page and the registry, then `_onClose`. [API13 ApplicationV2#close] */
  async close(options: Record<string, unknown> = {}): Promise<this> {
    await Promise.resolve();
    const apps = registry(this.clientId);
    if (apps.get(this.id) === this) apps.delete(this.id);
    const wasRendered = this.rendered;
    this.#state = STATE.CLOSED;
    this.#element?.remove();
    this.#element = null;
    this.#content = null;
    if (wasRendered) runAs(this.clientId, () => this._onClose(options));
    return this;
  }

  /** After closing. [API13 ApplicationV2#_onClose] */
  _onClose(_options: Record<string, unknown>): void {}
}

// Reading a member nobody defined (a Foundry API the double does not emulate) fails loudly.
strictInstances(ApplicationV2);

/** A part of a Handlebars application. [API13 HandlebarsTemplatePart] */
interface TemplatePart {
  template: string;
  templates?: string[];
  [key: string]: unknown;
}

/** [API13 foundry.applications.api.HandlebarsApplicationMixin] */
// A mixin's base must take `any[]` arguments (TS2545).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function HandlebarsApplicationMixin<B extends abstract new (...args: any[]) => ApplicationV2>(Base: B) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, TemplatePart> = {};
    #parts: Record<string, HTMLElement> = {};

    /** The rendered parts. [API12 HandlebarsApplication#parts] */
    get parts(): Record<string, HTMLElement> {
      return this.#parts;
    }

    /** Renders every part unless `parts` names some. */
    override _configureRenderOptions(options: RenderOptions): void {
      super._configureRenderOptions(options);
      const all = Object.keys(this._configureRenderParts(options));
      options.parts = options.isFirstRender || !options.parts ? all : options.parts.filter((p) => all.includes(p));
    }

    /** The parts to render (a copy of `PARTS`). [API13 HandlebarsApplication#_configureRenderParts] */
    _configureRenderParts(_options: RenderOptions): Record<string, TemplatePart> {
      return deepClone((this.constructor as unknown as { PARTS: Record<string, TemplatePart> }).PARTS);
    }

    /** Loads the templates every part needs before the first render. [API13 HandlebarsTemplatePart#templates] */
    override async _preFirstRender(context: unknown, options: RenderOptions): Promise<void> {
      await super._preFirstRender(context, options);
      const parts = Object.values(this._configureRenderParts(options));
      await loadTemplates(parts.flatMap((p) => [p.template, ...(p.templates ?? [])]));
    }

    /** Each part's own context (the shared one, as given). [API12 HandlebarsApplication#_preparePartContext] */
    async _preparePartContext(
      _partId: string,
      context: Record<string, unknown>,
      _options: RenderOptions,
    ): Promise<Record<string, unknown>> {
      await Promise.resolve();
      return context;
    }

    /** Renders each requested part from its template into one element. [API12 HandlebarsApplication#_renderHTML] */
    override async _renderHTML(
      context: unknown,
      options: RenderOptions,
    ): Promise<Record<string, HTMLElement | string>> {
      const parts = this._configureRenderParts(options);
      const out: Record<string, HTMLElement | string> = {};
      for (const partId of options.parts ?? []) {
        const part = parts[partId];
        if (!part) continue;
        const partContext = await this._preparePartContext(partId, context as Record<string, unknown>, options);
        const html = await renderTemplate(part.template, partContext);
        if (typeof document === "undefined") {
          out[partId] = html;
          continue;
        }
        const holder = document.createElement("template");
        holder.innerHTML = html;
        const roots = [...holder.content.children];
        if (roots.length !== 1) {
          throw new Error(`Template part "${partId}" must render a single HTML element (it rendered ${roots.length}).`);
        }
        const element = roots[0] as HTMLElement;
        // A browser parsing `<option selected>` selects that option (HTML: an option's selectedness
        // starts from its `selected` attribute); happy-dom 21 leaves a re-parsed select on an earlier
        // option, so the double states it again.
        for (const option of element.querySelectorAll<HTMLOptionElement>("option[selected]")) option.selected = true;
        element.dataset.applicationPart = partId;
        out[partId] = element;
      }
      return out;
    }

    /** Puts each rendered part in place: new ones in order, re-rendered ones where they were. */
    override _replaceHTML(result: unknown, content: HTMLElement, _options: RenderOptions): void {
      for (const [partId, element] of Object.entries(result as Record<string, HTMLElement>)) {
        const before = this.#parts[partId];
        if (before?.isConnected) before.replaceWith(element);
        else content.append(element);
        this.#parts[partId] = element;
      }
    }
  }
  return HandlebarsApplication;
}

/** A document as a sheet uses it. */
interface SheetDocument {
  id: string | null;
  name: string;
  isOwner: boolean;
  apps: Record<string, unknown>;
  update(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  /** Cleans and validates proposed changes as an update would (actors and items; actors.ts). */
  validate?(options: { changes: Record<string, unknown>; clean?: boolean; fallback?: boolean }): boolean;
}

/**
 * A sheet of one document: a form, editable by the document's owners, whose submission updates the
 * document (checked by its data model). [API13 DocumentSheetV2]
 */
export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Record<string, unknown> = {
    tag: "form",
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  constructor(options: Record<string, unknown> = {}) {
    const shown = options.document as SheetDocument | undefined;
    super(options);
    // Documents are not plain data: the sheet keeps the instance it was given.
    this.options.document = shown;
    if (typeof options.id !== "string" && shown) {
      this.options.id = `${this.constructor.name}-${shown.constructor.name}-${String(shown.id)}`;
    }
  }

  /** The document shown. [API13 DocumentSheetV2#document] */
  get document(): SheetDocument {
    return this.options.document as SheetDocument;
  }

  /** Whether the current user may edit the document (an owner). [API13 DocumentSheetV2#isEditable] */
  get isEditable(): boolean {
    return this.document.isOwner;
  }

  override get title(): string {
    return this.document.name;
  }

  /** The opened sheet joins the document's `apps`. [API13 ClientDocumentMixin#apps] */
  override async _onFirstRender(context: unknown, options: RenderOptions): Promise<void> {
    await super._onFirstRender(context, options);
    this.document.apps[this.id] = this;
  }

  override _onClose(options: Record<string, unknown>): void {
    super._onClose(options);
    delete this.document.apps[this.id];
  }

  /**
   * The update the form asks for: its data expanded, then cleaned and validated against the document
   * as a dry run of the update (`document.validate({ changes, clean: true, fallback: false })`), so
   * a number out of its field's range arrives clamped and data that does not validate throws core's
   * raw error before `_processSubmitData` runs. [API13 DocumentSheetV2#_prepareSubmitData; API13/API14
   * DataModelValidationOptions#changes, #clean ("This option mutates the provided changes"); issue 23
   * fault 8 (core cleans a submission before the sheet's `_processSubmitData`); the exact call is not on
   * a public page: the stricter reading, checked by the Quench batch `rolling-bones.world`]
   */
  _prepareSubmitData(
    _event: Event,
    _form: HTMLFormElement,
    formData: FormDataExtended,
    updateData: Record<string, unknown> = {},
  ): Record<string, unknown> {
    const expanded = expandObject(formData.object);
    const submitData = isPlainObject(updateData) ? mergeObject(expanded, updateData) : expanded;
    this.document.validate?.({ changes: submitData, clean: true, fallback: false });
    return submitData;
  }

  /** Updates the document with the submitted data. [API13 DocumentSheetV2#_processSubmitData] */
  async _processSubmitData(
    _event: Event,
    _form: HTMLFormElement,
    submitData: Record<string, unknown>,
    options: Record<string, unknown> = {},
  ): Promise<void> {
    await this.document.update(submitData, options);
  }

  /** The form handler of a document sheet: an editable sheet prepares the data and updates the document. */
  static async #onSubmitDocumentForm(
    this: DocumentSheetV2,
    event: Event,
    form: HTMLFormElement,
    formData: FormDataExtended,
  ): Promise<void> {
    if (!this.isEditable) return;
    const submitData = this._prepareSubmitData(event, form, formData);
    await this._processSubmitData(event, form, submitData);
  }
}

/** [API13 foundry.applications.sheets.ActorSheetV2]: `actor` is its document. */
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}

/** [API13 foundry.applications.sheets.ItemSheetV2]: `item` is its document. */
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

/** A v14 chat command. [API14 foundry.ChatCommandCallback] */
export interface ChatCommandEntry {
  rgx: RegExp;
  fn: (this: ChatLog | null, command: string, match: RegExpMatchArray, chatData: object, options: object) => unknown;
}

/** A message as the chat log draws it. */
interface LoggedMessage {
  id: string | null;
  visible: boolean;
  renderHTML(): Promise<HTMLElement>;
}

/**
 * A client's chat log (`ui.chat`), a sidebar tab without a window frame: each message it is given
 * is drawn with `ChatMessage#renderHTML` (which fires `renderChatMessageHTML`) into its list, as
 * the sidebar draws each new message; an updated message is drawn again in place, a deleted one
 * removed. [API13 ChatLog#postOne, #updateMessage, #deleteMessage; ChatLog is an ApplicationV2
 * since v13 (Foundry v13 release notes)]
 */
export class ChatLog extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Record<string, unknown> = { id: "chat", window: { frame: false } };

  /**
   * v14's chat commands by name: each `{ rgx, fn }`, `fn(command, match, chatData, createOptions)`
   * called with the chat log as `this` when the typed text matches `rgx`; `false` posts no message.
   * Absent in v13 (set per installation). [API14 foundry.ChatCommandCallback; public v14 code
   * registers `ChatLog.CHAT_COMMANDS.<name> = { rgx, fn }` (Pokerole-Software-Development/foundry-pokerole
   * module/pokerole.mjs); the core commands are not emulated]
   */
  static CHAT_COMMANDS?: Record<string, ChatCommandEntry>;

  /** The list of messages. */
  get log(): HTMLElement {
    return this.element.querySelector<HTMLElement>("ol.chat-log") as HTMLElement;
  }

  override async _renderHTML(): Promise<null> {
    await Promise.resolve();
    return null;
  }

  override _replaceHTML(_result: unknown, content: HTMLElement): void {
    if (content.querySelector("ol.chat-log")) return;
    const list = document.createElement("ol");
    list.className = "chat-log";
    content.append(list);
  }

  /** The drawn message with this id, if any. */
  messageElement(id: string): HTMLElement | null {
    if (!this.rendered) return null;
    return this.log.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
  }

  /** Draws a message at the end of the log. [API13 ChatLog#postOne] */
  async postOne(message: LoggedMessage): Promise<HTMLElement> {
    if (!this.rendered) await this.render({ force: true });
    const html = await message.renderHTML();
    this.log.append(html);
    return html;
  }

  /** Draws a message again where it is (or posts it when it is not drawn yet). [API13 ChatLog#updateMessage] */
  async updateMessage(message: LoggedMessage): Promise<void> {
    const before = message.id ? this.messageElement(message.id) : null;
    if (!before) {
      if (message.visible) await this.postOne(message);
      return;
    }
    if (!message.visible) {
      before.remove();
      return;
    }
    const html = await message.renderHTML();
    // The message may have been drawn again meanwhile: replace whatever stands for it now.
    (message.id ? this.messageElement(message.id) : null)?.replaceWith(html);
  }

  /** Removes a message from the log. [API13 ChatLog#deleteMessage] */
  deleteMessage(id: string): void {
    this.messageElement(id)?.remove();
  }
}

/** A client's chat log, rendered on first use; `undefined` without a DOM (no UI, as before `ready`). */
export function chatLogOf(clientId: string): ChatLog | undefined {
  if (typeof document === "undefined") return undefined;
  const e = env();
  let log = e.chatLogs.get(clientId) as ChatLog | undefined;
  if (!log) {
    log = runAs(clientId, () => new ChatLog());
    e.chatLogs.set(clientId, log);
    const created = log;
    uiTask(() => created.render({ force: true }));
  }
  return log;
}

/**
 * What a change to a message does to each client's chat log when it arrives there: a new visible
 * message is posted, an updated one drawn again, a deleted one removed. Runs before the lifecycle
 * hooks, as a document's `_onCreate`/`_onUpdate`/`_onDelete` do. [API13 ChatMessage#_onCreate…]
 */
export function toChatLog(kind: "create" | "update" | "delete", clientId: string, message: LoggedMessage): void {
  const log = chatLogOf(clientId);
  if (!log) return;
  if (kind === "delete") {
    const id = message.id;
    if (id) uiTask(() => log.render().then(() => log.deleteMessage(id)));
    return;
  }
  uiTask(() =>
    runAs(clientId, () => (kind === "create" ? message.visible && log.postOne(message) : log.updateMessage(message))),
  );
}
