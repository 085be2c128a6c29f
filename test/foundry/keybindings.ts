/**
 * Keybindings and the keyboard, per client: `game.keybindings` (actions registered by a namespace,
 * each with default bindings a user may change in Configure Controls) and `game.keyboard.downKeys`
 * (the keys held on that client). [API13/API14 foundry.helpers.interaction.ClientKeybindings:
 * `register(namespace, action, data)`, `get(namespace, action)` → KeybindingActionBinding[];
 * KeybindingActionConfig: `name`, `hint`, `editable`, `uneditable`, `restricted`, `onDown`, `onUp`;
 * KeybindingActionBinding: `key` (a KeyboardEvent#code), `modifiers` (KeyboardManager.MODIFIER_KEYS
 * values); KeyboardManager#downKeys]
 */
import { strictObject } from "./strict.ts";

/** A binding: a key code and the modifiers it needs. */
export interface KeyBinding {
  key: string;
  modifiers?: string[];
}

/** What `game.keybindings.register` takes (the fields the double checks). */
interface ActionConfig {
  name: string;
  hint?: string;
  editable?: KeyBinding[];
  uneditable?: KeyBinding[];
  restricted?: boolean;
  [key: string]: unknown;
}

/** The modifier names a binding may require. [API14 KeybindingActionBinding.modifiers: KeyboardManager.MODIFIER_KEYS] */
const MODIFIERS = new Set(["Control", "Shift", "Alt"]);

/** The keybindings and keyboard of every client, and the test's controls over them. */
export interface KeybindingsDouble {
  /** `game.keybindings` as the current client sees it. */
  readonly api: {
    register(namespace: string, action: string, data: ActionConfig): void;
    get(namespace: string, action: string): { key: string; modifiers: string[] }[];
    readonly actions: ReadonlyMap<string, ActionConfig>;
  };
  /** `game.keyboard` of the current client. */
  readonly keyboard: { readonly downKeys: Set<string> };
  /** What a user chose in Configure Controls for an action (replaces its editable bindings on that client). */
  rebind(userId: string, namespace: string, action: string, bindings: KeyBinding[]): void;
  /** The keys a user holds down on their client (KeyboardEvent#code values). */
  hold(userId: string, codes: string[]): void;
  /** The registered actions, by `namespace.action`. */
  readonly registered: ReadonlyMap<string, ActionConfig>;
}

/**
 * Creates the keybindings of a world: registrations are shared (every client runs the same `init`),
 * each user's chosen bindings and held keys are that user's own.
 *
 * @param currentUserId - The user whose client runs the current code.
 */
export function createKeybindings(currentUserId: () => string): KeybindingsDouble {
  const registered = new Map<string, ActionConfig>();
  const chosen = new Map<string, Map<string, KeyBinding[]>>();
  const held = new Map<string, Set<string>>();
  const normal = (b: KeyBinding) => ({ key: b.key, modifiers: [...(b.modifiers ?? [])] });
  const check = (b: KeyBinding, where: string) => {
    if (typeof b.key !== "string" || b.key.length === 0)
      throw new Error(`Foundry double: ${where}: a binding needs a key`);
    for (const m of b.modifiers ?? [])
      if (!MODIFIERS.has(m)) throw new Error(`Foundry double: ${where}: unknown modifier ${m}`);
  };
  const api = strictObject(
    {
      register(namespace: string, action: string, data: ActionConfig) {
        const id = `${namespace}.${action}`;
        // [API13 ClientKeybindings#register: a unique machine-readable id per namespace; `name` is required]
        if (registered.has(id)) throw new Error(`Foundry double: keybinding ${id} is already registered`);
        if (typeof data.name !== "string" || data.name.length === 0)
          throw new Error(`Foundry double: keybinding ${id} needs a name`);
        for (const b of [...(data.editable ?? []), ...(data.uneditable ?? [])]) check(b, id);
        registered.set(id, data);
      },
      get(namespace: string, action: string) {
        const id = `${namespace}.${action}`;
        const data = registered.get(id);
        // The stricter reading: asking for an action nobody registered is a bug in the caller.
        if (!data) throw new Error(`Foundry double: keybinding ${id} is not registered`);
        const editable = chosen.get(currentUserId())?.get(id) ?? data.editable ?? [];
        // [API14 ClientKeybindings#get: the current bindings, the uneditable ones included]
        return [...(data.uneditable ?? []), ...editable].map(normal);
      },
      // [API13 ClientKeybindings#actions: the registered actions by `namespace.action`]
      get actions(): ReadonlyMap<string, ActionConfig> {
        return registered;
      },
    },
    "game.keybindings",
  );
  const keyboard = strictObject(
    {
      get downKeys() {
        let keys = held.get(currentUserId());
        if (!keys) held.set(currentUserId(), (keys = new Set()));
        return keys;
      },
    },
    "game.keyboard",
  );
  return {
    api,
    keyboard,
    rebind(userId, namespace, action, bindings) {
      const id = `${namespace}.${action}`;
      if (!registered.has(id)) throw new Error(`Foundry double: keybinding ${id} is not registered`);
      for (const b of bindings) check(b, id);
      let mine = chosen.get(userId);
      if (!mine) chosen.set(userId, (mine = new Map<string, KeyBinding[]>()));
      mine.set(id, bindings.map(normal));
    },
    hold(userId, codes) {
      held.set(userId, new Set(codes));
    },
    registered,
  };
}
