/**
 * A Token Action HUD Core stand-in that follows its public system-integration API: in `ready` Core
 * gives its module an `api` with the `ActionHandler`, `RollHandler` and `SystemManager` base classes
 * and fires `tokenActionHudCoreApiReady` with it; a system answers `tokenActionHudSystemReady` with
 * `{ api: { requiredCoreModuleVersion, SystemManager } }`; Core refuses a system written for another
 * major version (or another minor, when one is named), builds the system's manager, takes its
 * default groups (`registerDefaults`), and for the selected tokens asks the action handler to
 * `buildSystemActions`, whose `addActions(actions, { id, type })` fills a group (an unknown group
 * takes nothing). A click on an action calls the roll handler's
 * `handleActionClick(event, buttonValue)` with the action's encoded value. [Larkinabout/fvtt-token-action-hud-core main.mjs
 * registerCoreModule, core/api.mjs registerApi, core/utils.mjs isSystemModuleCompatible,
 * managers/system-manager.mjs, handlers/action-handlers/action-handler.mjs createAction/addActions,
 * handlers/roll-handlers/roll-handler.mjs handleActionClickCore, renderItem, isRenderItem;
 * templates/action.hbs (the name and `info1.text` printed as text, `info1.title` as the tooltip)]
 */

/** The version of Core the stand-in plays (its manifest, main branch). */
export const TAH_CORE_VERSION = "2.1.0";

/** An action as Core keeps it (the fields the stand-in reads). */
export interface HudActionData {
  id: string;
  name: string;
  encodedValue?: string;
  cssClass?: string;
  info1?: { text?: string; title?: string };
  [key: string]: unknown;
}

/** An actor as the HUD's selection holds it. */
interface SelectedActor {
  id: string | null;
  items: { get(id: string): { sheet: { render(force: boolean): unknown } } | undefined };
}

/** What a test keeps of the stand-in. */
export interface TokenActionHudDouble {
  /** Whether a system handed its integration over and Core took it. */
  readonly registered: () => boolean;
  /** Why Core refused the system's integration, if it did. */
  readonly refused: () => string | null;
  /** The default layout and groups the system registered. */
  readonly defaults: () => {
    layout: { id: string; groups: { id: string; nestId: string }[] }[];
    groups: { id: string; name: string }[];
  } | null;
  /**
   * A user selects tokens of these actors on their client: the HUD builds the system's actions and
   * returns them by group (groups without actions are left out).
   */
  select(userId: string, actorIds: readonly string[]): Promise<Record<string, HudActionData[]>>;
  /** A user clicks an action of the HUD built for them (right click: `button: 2`), with keys held. */
  click(
    userId: string,
    actionId: string,
    init?: Pick<MouseEventInit, "shiftKey" | "ctrlKey" | "altKey" | "metaKey" | "button">,
  ): Promise<void>;
  /** Actions the system added to a group Core does not know (Core drops them silently). */
  readonly dropped: string[];
}

/** What the stand-in needs of the world. */
interface Host {
  hooks: { on(name: string, fn: (...args: never[]) => unknown): void; callAll(name: string, ...args: unknown[]): void };
  actorOn(userId: string, actorId: string): SelectedActor | undefined;
  runAs<T>(userId: string, fn: () => T): T;
  /** Sets `game.tokenActionHud`. */
  setHud(hud: object): void;
  /** Runs what a user started in the page; `settle` waits for it, and what it throws is recorded. */
  uiTask(work: () => unknown): void;
  settle(): Promise<void>;
}

type Ctor<T> = new (...args: never[]) => T;

/** Creates the stand-in's module (with its `api`) and its test handle; the host fires the hook. */
export function createTokenActionHud(host: Host): { module: Record<string, unknown>; handle: TokenActionHudDouble } {
  let manager: {
    getActionHandler(): unknown;
    getRollHandler(id: string): unknown;
    registerDefaults(): unknown;
  } | null = null;
  let refused: string | null = null;
  let defaults: ReturnType<TokenActionHudDouble["defaults"]> = null;
  const dropped: string[] = [];
  const built = new Map<string, { groups: Record<string, HudActionData[]>; actors: SelectedActor[] }>();

  /** The HUD's state of the selection being built or clicked. */
  class HudManager {
    actor: SelectedActor | null = null;
    actors: SelectedActor[] = [];
    token: { id: string; actor: SelectedActor } | null = null;
    tokens: { id: string; actor: SelectedActor }[] = [];
    isRightClick = false;
    isAlt = false;
    isCtrl = false;
    isShift = false;
  }

  class ActionHandler {
    hudManager = new HudManager();
    delimiter = "|";
    groups: Record<string, HudActionData[]> = {};
    get actor() {
      return this.hudManager.actor;
    }
    get actors() {
      return this.hudManager.actors;
    }
    get token() {
      return this.hudManager.token;
    }
    get tokens() {
      return this.hudManager.tokens;
    }
    buildSystemActions(_groupIds: string[]): Promise<void> {
      return Promise.resolve();
    }
    addActions(actions: HudActionData[], groupData: { id?: string; type?: string }): void {
      if (!actions.length || !groupData.id) return;
      const known = defaults?.groups.some((g) => g.id === groupData.id) ?? false;
      if (!known) {
        dropped.push(...actions.map((a) => `${String(groupData.id)}:${a.id}`));
        return;
      }
      (this.groups[groupData.id] ??= []).push(...actions.map((a) => ({ ...a })));
    }
  }

  class RollHandler {
    hudManager = new HudManager();
    delimiter = "|";
    get actor() {
      return this.hudManager.actor;
    }
    get actors() {
      return this.hudManager.actors;
    }
    get token() {
      return this.hudManager.token;
    }
    get tokens() {
      return this.hudManager.tokens;
    }
    get isRightClick() {
      return this.hudManager.isRightClick;
    }
    isRenderItem(): boolean {
      const m = this.hudManager;
      return m.isRightClick && !(m.isAlt || m.isCtrl || m.isShift);
    }
    renderItem(actor: SelectedActor | null, itemId: string): boolean {
      const item = (actor ?? this.actor)?.items.get(itemId);
      if (!item) return false;
      void item.sheet.render(true);
      return true;
    }
    handleActionClick(_event: Event, _buttonValue: string): unknown {
      return undefined;
    }
  }

  class SystemManager {
    coreModuleId: string;
    constructor(coreModuleId: string) {
      this.coreModuleId = coreModuleId;
    }
    getActionHandler(): unknown {
      return undefined;
    }
    getRollHandler(_id: string): unknown {
      return false;
    }
    getAvailableRollHandlers(): unknown {
      return undefined;
    }
    registerDefaults(): unknown {
      return undefined;
    }
  }

  const module: Record<string, unknown> = {
    id: "token-action-hud-core",
    active: true,
    version: TAH_CORE_VERSION,
    api: { ActionHandler, RollHandler, SystemManager },
  };

  // [main.mjs registerCoreModule; utils.mjs isSystemModuleCompatible: the major must match, and the
  // minor and patch when the system names them]
  host.hooks.on(
    "tokenActionHudSystemReady",
    (system: { api?: { requiredCoreModuleVersion?: unknown; SystemManager?: unknown } }) => {
      const version = system.api?.requiredCoreModuleVersion;
      const required = typeof version === "string" || typeof version === "number" ? String(version) : "";
      const [major, minor, patch] = required.split(".");
      const [cMajor, cMinor, cPatch] = TAH_CORE_VERSION.split(".");
      if (required && (major !== cMajor || (minor && minor !== cMinor) || (patch && patch !== cPatch))) {
        refused = `the system requires Core ${required}, ${TAH_CORE_VERSION} is installed`;
        return;
      }
      const Manager = system.api?.SystemManager as Ctor<NonNullable<typeof manager>> | undefined;
      if (typeof Manager !== "function") {
        refused = "the system handed over no SystemManager";
        return;
      }
      manager = new Manager("token-action-hud-core" as never);
      // [main.mjs registerHud: `game.tokenActionHud = new TokenActionHud(systemManager, …)`]
      host.setHud({ systemManager: manager });
      void Promise.resolve(manager.registerDefaults()).then((d) => {
        defaults = d as typeof defaults;
      });
    },
  );

  const selection = (userId: string, actorIds: readonly string[]) => {
    const actors = actorIds.map((id) => {
      const actor = host.actorOn(userId, id);
      if (!actor) throw new Error(`Token Action HUD stand-in: no actor ${id} on ${userId}'s client`);
      return actor;
    });
    return actors;
  };

  const setSelection = (hud: HudManager, actors: SelectedActor[]) => {
    // [action-handler.mjs: `actor` is set for one controlled token, `actors` for several]
    hud.actor = actors.length === 1 ? actors[0]! : null;
    hud.actors = actors;
    hud.tokens = actors.map((actor) => ({ id: `token-${actor.id ?? ""}`, actor }));
    hud.token = hud.tokens.length === 1 ? hud.tokens[0]! : null;
  };

  const handle: TokenActionHudDouble = {
    registered: () => manager !== null,
    refused: () => refused,
    defaults: () => defaults,
    dropped,
    async select(userId, actorIds) {
      await host.settle();
      if (!manager || !defaults) throw new Error("Token Action HUD stand-in: no system integration registered");
      const handler = host.runAs(userId, () => manager!.getActionHandler()) as ActionHandler;
      const actors = selection(userId, actorIds);
      setSelection(handler.hudManager, actors);
      await host.runAs(userId, () => handler.buildSystemActions(defaults!.groups.map((g) => g.id)));
      built.set(userId, { groups: handler.groups, actors });
      return handler.groups;
    },
    async click(userId, actionId, init = {}) {
      const state = built.get(userId);
      if (!manager || !state) throw new Error("Token Action HUD stand-in: nothing selected on this client");
      const action = Object.values(state.groups)
        .flat()
        .find((a) => a.id === actionId);
      if (!action) throw new Error(`Token Action HUD stand-in: no action ${actionId} on ${userId}'s HUD`);
      const rollHandler = (host.runAs(userId, () => manager!.getRollHandler("core")) ||
        new RollHandler()) as RollHandler;
      setSelection(rollHandler.hudManager, state.actors);
      Object.assign(rollHandler.hudManager, {
        isRightClick: init.button === 2,
        isAlt: init.altKey === true,
        isCtrl: init.ctrlKey === true,
        isShift: init.shiftKey === true,
      });
      const event = new MouseEvent(init.button === 2 ? "contextmenu" : "click", { bubbles: true, ...init });
      // [roll-handler.mjs handleActionClickCore: the button's value is the action's encoded value; Core
      // calls the system's handleActionClick without waiting for it, and logs what it throws]
      host.uiTask(() => host.runAs(userId, () => rollHandler.handleActionClick(event, action.encodedValue ?? "")));
      await host.settle();
    },
  };
  return { module, handle };
}
