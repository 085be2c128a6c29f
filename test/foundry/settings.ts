/**
 * `game.settings`: register/get/set with the world, client and user scopes. [docs/foundry-notes.md §7; API14 SettingConfig]
 */
import { broadcast, toServer } from "./server.ts";
import { currentUserId, env } from "./state.ts";
import { strictObject } from "./strict.ts";
import { deepClone } from "./utils.ts";
import { userInstance, users } from "./users.ts";
import { ApplicationV2 } from "./applications.ts";
import { localize } from "../support/i18n.ts";

/** A setting's configuration. [API13 ClientSettings#register] */
export interface SettingConfig {
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step?: number };
  requiresReload?: boolean;
  onChange?: (value: unknown, options: Record<string, unknown>, userId: string) => void;
  /** Double only: reading answers `null` (v14's old `core.rollMode`, docs/foundry-notes.md §13). */
  legacyNull?: boolean;
}

/**
 * A settings menu's configuration: a button in the settings window that opens an application.
 * [API13 SettingSubmenuConfig: name, label, hint, icon, type (an Application or ApplicationV2 class), restricted]
 */
export interface SettingMenuConfig {
  name?: string;
  label?: string;
  hint?: string;
  icon?: string;
  type: unknown;
  restricted?: boolean;
}

/** The emulated `game.settings`. */
export interface SettingsApi {
  /**
   * Core's settings window on the running client (one per client): a button per registered menu,
   * labelled with its localized label (a restricted menu for a GM only, [API13
   * SettingSubmenuConfig#restricted]); pressing one makes the menu's class and renders it. The markup
   * and the call (`new type()`, `render(true)`) are not settled by a public page: the Quench batch
   * `rolling-bones.world` presses the button in a real world. [API13 ClientSettings#sheet]
   */
  readonly sheet: ApplicationV2;
  /** Registered settings menus by `namespace.key`. [API13 ClientSettings#menus] */
  readonly menus: Map<string, SettingMenuConfig & { namespace: string; key: string }>;
  /** Registers a settings menu; its `type` must be a class. [API13 ClientSettings#registerMenu] */
  registerMenu(namespace: string, key: string, config: SettingMenuConfig): void;
  /** Registered settings by `namespace.key`. [API13 ClientSettings#settings] */
  readonly settings: Map<string, SettingConfig & { namespace: string; key: string }>;
  /** Registers a setting; the scope defaults to `client`. [API13 ClientSettings#register] */
  register(namespace: string, key: string, config: SettingConfig): void;
  /** The stored value or the default; an unregistered key throws. [API13 ClientSettings#get] */
  get(namespace: string, key: string): unknown;
  /**
   * Stores a value and calls `onChange`. A world setting goes through the server and may be set by a
   * user holding the SETTINGS_MODIFY permission, an Assistant GM and up by default (a world may change
   * it: `double.setPermission`) [API13 CONST.USER_PERMISSIONS.SETTINGS_MODIFY defaultRole ASSISTANT,
   * https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html; error wording uncertain]; every
   * connected client receives it after its
   * latency and runs `onChange` there [API13 SettingConfig#onChange; the per-client call is the
   * stricter reading].
   * A value outside `choices` throws [uncertain]. [API13 ClientSettings#set]
   */
  set(namespace: string, key: string, value: unknown, options?: Record<string, unknown>): Promise<unknown>;
}

function store(scope: "world" | "client" | "user"): Map<string, unknown> {
  const world = env().world;
  if (scope === "world") return world.worldSettings;
  const byUser = scope === "client" ? world.clientSettings : world.userSettings;
  const id = currentUserId();
  let map = byUser.get(id);
  if (!map) byUser.set(id, (map = new Map<string, unknown>()));
  return map;
}

/** Core's settings window, as far as the system's menus need it (see {@link SettingsApi.sheet}). */
class SettingsConfig extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "settings-config",
    window: { title: "Configure Settings" },
    actions: {
      openMenu(this: SettingsConfig, _event: Event, target: HTMLElement) {
        const menu = this.menus.get(target.dataset.key ?? "");
        const Menu = menu?.type as (new () => { render(force: boolean): Promise<unknown> }) | undefined;
        if (Menu) return new Menu().render(true);
        return undefined;
      },
    },
  };

  constructor(readonly menus: Map<string, SettingMenuConfig & { namespace: string; key: string }>) {
    super();
  }

  override async _renderHTML(): Promise<unknown> {
    await Promise.resolve();
    const gm = userInstance(currentUserId())?.isGM === true;
    const list = document.createElement("ul");
    for (const [key, menu] of this.menus) {
      if (menu.restricted === true && !gm) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.action = "openMenu";
      button.dataset.key = key;
      button.textContent = localize(menu.label ?? "");
      const item = document.createElement("li");
      item.append(button);
      list.append(item);
    }
    return list;
  }

  override _replaceHTML(result: unknown, content: HTMLElement): void {
    content.replaceChildren(result as Node);
  }
}

/** Builds the strict `game.settings`. */
export function createSettings(): SettingsApi {
  const settings = new Map<string, SettingConfig & { namespace: string; key: string }>();
  const menus = new Map<string, SettingMenuConfig & { namespace: string; key: string }>();

  function lookup(namespace: string, key: string): SettingConfig & { namespace: string; key: string } {
    const config = settings.get(`${namespace}.${key}`);
    if (!config) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return config;
  }

  const sheets = new Map<string, ApplicationV2>();
  const api: SettingsApi = {
    get sheet() {
      const id = currentUserId();
      let sheet = sheets.get(id);
      if (!sheet) sheets.set(id, (sheet = new SettingsConfig(menus)));
      return sheet;
    },
    settings,
    menus,
    registerMenu(namespace, key, config) {
      if (typeof config.type !== "function") {
        throw new Error(`Settings menu ${namespace}.${key} needs an application class`);
      }
      // Since v12 a menu's type may be an ApplicationV2 class (foundryvtt issue #10680); a class of
      // anything else is refused, the stricter reading of what core checks.
      const api = (env().globals.foundry as { applications?: { api?: { ApplicationV2?: unknown } } } | undefined)
        ?.applications?.api?.ApplicationV2;
      const proto = (config.type as { prototype?: unknown }).prototype;
      if (typeof api === "function" && !(proto instanceof (api as abstract new () => object))) {
        throw new Error(`Settings menu ${namespace}.${key}: its type must be an ApplicationV2 class`);
      }
      menus.set(`${namespace}.${key}`, { ...config, namespace, key });
    },
    register(namespace, key, config) {
      const scope = config.scope ?? "client";
      if (!["world", "client", "user"].includes(scope)) throw new Error(`Invalid setting scope "${scope}"`);
      settings.set(`${namespace}.${key}`, { ...config, scope, namespace, key });
    },
    get(namespace, key) {
      const config = lookup(namespace, key);
      if (config.legacyNull) return null;
      const values = store(config.scope ?? "client");
      const id = `${namespace}.${key}`;
      return deepClone(values.has(id) ? values.get(id) : config.default);
    },
    async set(namespace, key, value, options = {}) {
      await Promise.resolve();
      const config = lookup(namespace, key);
      if (config.legacyNull) throw new Error(`Foundry double: setting ${namespace}.${key} is not emulated in v14`);
      const scope = config.scope ?? "client";
      const actor = users().get(currentUserId());
      if (scope === "world" && (actor?.role ?? 0) < env().permissions.SETTINGS_MODIFY) {
        throw new Error(`User ${actor?.name ?? "?"} lacks permission to update Setting ${namespace}.${key}`);
      }
      if (config.choices && !(String(value) in config.choices)) {
        throw new Error(`Invalid value for setting ${namespace}.${key}: ${String(value)} is not one of its choices`);
      }
      const stored = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
      const id = `${namespace}.${key}`;
      if (scope !== "world") {
        store(scope).set(id, stored);
        config.onChange?.(deepClone(stored), options, currentUserId());
        return deepClone(stored);
      }
      // A stored setting is a Setting document: the same value again is a no-op update (nothing sent, no
      // onChange); one never stored is created. [API13 ClientSettings#set; DatabaseUpdateOperation#diff]
      const mine = env().world.worldSettings;
      if (mine.has(id) && JSON.stringify(mine.get(id)) === JSON.stringify(stored)) return deepClone(stored);
      await toServer();
      env().server.worldSettings.set(id, stored);
      const by = currentUserId();
      await broadcast(
        (view) => view.worldSettings.set(id, deepClone(stored)),
        () => {
          // Every connected client runs onChange with the new value, as the change reaches it.
          config.onChange?.(deepClone(stored), options, by);
        },
      );
      return deepClone(stored);
    },
  };
  return strictObject(api, "game.settings");
}
