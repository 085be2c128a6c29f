/**
 * Class shells for what the system defines and registers at load and in `init` beyond dice and
 * chat: data models (`foundry.abstract.TypeDataModel` and `foundry.data.fields`), applications
 * (`foundry.applications.api.{ApplicationV2, HandlebarsApplicationMixin}`,
 * `foundry.applications.sheets.ActorSheetV2`) and sheet registration
 * (`foundry.documents.collections.Actors.registerSheet`) [FOUNDRY-NOTES §5, §6; TOOLCHAIN §3].
 *
 * They do **not** emulate Foundry: no cleaning, validation, preparation or rendering (DESIGN.md:
 * "It does not re-implement Foundry's DataModel"). They let system modules load, record what the
 * system declares (each field keeps its options, so a test can read a schema's field names,
 * ranges, choices and initial values), and record sheet registrations. Anything else a system
 * class would inherit from Foundry is absent, so calling it fails loudly.
 */

export {
  ArrayField,
  BooleanField,
  DataField,
  HTMLField,
  NumberField,
  SchemaField,
  StringField,
  TypedObjectField,
  TypeDataModel,
} from "./data-model.ts";

/**
 * The rendered applications by id. [API13 foundry.applications.instances: "a registry of currently
 * rendered ApplicationV2 instances"; public systems look an open window up there and call
 * `bringToFront()` rather than opening a second one (e.g. Draw Steel, dnd5e)]
 */
export const applicationInstances = new Map<string, ApplicationV2>();

/** A click action: called with the application as `this`, the event and the `[data-action]` element. [API13 ApplicationClickAction] */
type ClickAction = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;

/**
 * The base of applications: the statics a subclass overrides, its id, and a window life cycle of
 * render (registered under its id), `bringToFront` and `close` (unregistered). Two different
 * applications rendered under one id would share one DOM id: the double refuses it [no public page
 * says what Foundry does then: the stricter reading]. [API13 ApplicationV2#id, #render, #rendered,
 * #bringToFront, #close]
 *
 * With a DOM, `render` gives the application an element (nothing of its PARTS is drawn) on which one
 * listener delegates clicks on `[data-action]` to `options.actions` by name, and to the core actions
 * every application owns (`close`) [API13 ApplicationConfiguration.actions: "Click actions supported
 * by the Application and their event handler functions"; the window's close button is
 * `data-action="close"` (issue 15)]. `dispatched` records the names dispatched (double only).
 */
export class ApplicationV2 {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  readonly options: Record<string, unknown>;
  rendered = false;
  /** How often `bringToFront` was called (double only). */
  broughtToFront = 0;
  /** The application's element once rendered with a DOM, else `null`. */
  element: HTMLElement | null = null;
  /** The `[data-action]` names the element dispatched, in order (double only). */
  readonly dispatched: string[] = [];

  constructor(options: Record<string, unknown> = {}) {
    const defaults = (this.constructor as typeof ApplicationV2).DEFAULT_OPTIONS;
    this.options = { ...defaults, ...options };
    if (typeof this.options.id !== "string") this.options.id = `app-${Math.random().toString(36).slice(2, 10)}`;
  }

  get id(): string {
    return this.options.id as string;
  }

  async render(_options: unknown = {}): Promise<this> {
    const other = applicationInstances.get(this.id);
    if (other && other !== this) {
      throw new Error(`Foundry double: another application is already rendered with id "${this.id}"`);
    }
    applicationInstances.set(this.id, this);
    this.rendered = true;
    if (!this.element && typeof document !== "undefined") {
      const element = document.createElement("div");
      element.id = this.id;
      element.className = "application";
      element.addEventListener("click", (event) => this.#onClickAction(event));
      document.body.append(element);
      this.element = element;
    }
    return this;
  }

  /** The delegated click: the nearest `[data-action]` inside the element runs its action. */
  #onClickAction(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-action]") : null;
    if (!target || !this.element?.contains(target)) return;
    const name = target.dataset.action ?? "";
    const actions = (this.options.actions ?? {}) as Record<string, ClickAction | { handler: ClickAction }>;
    const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
    const handler = typeof action === "function" ? action : action?.handler;
    const core: Record<string, ClickAction> = { close: () => void this.close() };
    const run = handler ?? (Object.hasOwn(core, name) ? core[name] : undefined);
    if (!run) return;
    this.dispatched.push(name);
    void run.call(this, event, target);
  }

  bringToFront(): void {
    this.broughtToFront += 1;
  }

  async close(_options: unknown = {}): Promise<this> {
    if (applicationInstances.get(this.id) === this) applicationInstances.delete(this.id);
    this.rendered = false;
    this.element?.remove();
    this.element = null;
    return this;
  }
}

/**
 * The chat log as an application (enough to press card buttons inside it): `postOne` renders a
 * message for the current client (`ChatMessage#renderHTML`, which fires `renderChatMessageHTML`) and
 * appends it to the log, as the sidebar does with each new message. [API13 ChatLog#postOne; ChatLog
 * is an ApplicationV2 since v13 (Foundry v13 release notes)]
 */
export class ChatLog extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Record<string, unknown> = { id: "chat" };

  async postOne(message: { renderHTML(): Promise<HTMLElement> }): Promise<HTMLElement> {
    if (!this.rendered) await this.render();
    const html = await message.renderHTML();
    this.element?.append(html);
    return html;
  }
}

/** [API13 foundry.applications.api.HandlebarsApplicationMixin] */
// A mixin's base must take `any[]` arguments (TS2545); the shells take none.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function HandlebarsApplicationMixin<B extends abstract new (...args: any[]) => object>(Base: B) {
  abstract class HandlebarsApplication extends Base {
    static PARTS: Record<string, unknown> = {};
  }
  return HandlebarsApplication;
}

/** [API13 foundry.applications.api.DocumentSheetV2]: the document it shows is `options.document`. */
export class DocumentSheetV2 extends ApplicationV2 {
  get document(): unknown {
    return this.options.document;
  }
}

/** [API13 foundry.applications.sheets.ActorSheetV2]: `actor` is its document. */
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}

/** [API13 foundry.applications.sheets.ItemSheetV2] */
export class ItemSheetV2 extends DocumentSheetV2 {}

/** One `registerSheet` call. */
export interface SheetRegistration {
  readonly scope: string;
  readonly sheetClass: unknown;
  readonly options: Readonly<{ types?: string[]; makeDefault?: boolean; label?: string }>;
}

/**
 * `foundry.documents.collections.Actors` with `registerSheet` recording each call.
 * [FOUNDRY-NOTES §6 "Registration"; TOOLCHAIN §3]
 */
export function createActors(registrations: SheetRegistration[]) {
  return {
    registerSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}): void {
      registrations.push({ scope, sheetClass, options });
    },
  };
}
