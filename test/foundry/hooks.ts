/**
 * The `Hooks` global. [API13 foundry.helpers.Hooks; docs/foundry-notes.md §7]
 */
import { env } from "./state.ts";

/** A hook listener. */
export type HookFn = (...args: never[]) => unknown;

interface Listener {
  id: number;
  fn: HookFn;
  once: boolean;
}

/** The emulated `Hooks` surface. */
export interface HooksApi {
  /** Registers a listener; returns its numeric id. [API13 Hooks.on] */
  on(hook: string, fn: HookFn, options?: { once?: boolean }): number;
  /** Registers a listener that is removed after its first call. [API13 Hooks.once] */
  once(hook: string, fn: HookFn): number;
  /** Removes a listener by function or by id. [API13 Hooks.off] */
  off(hook: string, fn: HookFn | number): void;
  /** Calls every listener; a listener returning `false` stops the chain and `call` returns `false`. [API13 Hooks.call; docs/foundry-notes.md §7] */
  call(hook: string, ...args: unknown[]): boolean;
  /** Calls every listener, ignoring what they return; always `true`. [API13 Hooks.callAll; docs/foundry-notes.md §7] */
  callAll(hook: string, ...args: unknown[]): boolean;
  /** The registered listeners by hook name. [API13 Hooks.events] */
  readonly events: Record<string, readonly { id: number; fn: HookFn; once: boolean }[]>;
}

/**
 * Creates a fresh hook registry. Foundry catches an error thrown by a listener, reports it and goes on
 * with the next listener [uncertain: observed behaviour, no public page found]. The double records the
 * error in `double.hookErrors` and, by default, rethrows it so the test fails (`hookErrors: "record"`
 * keeps Foundry's behaviour).
 */
export function createHooks(): HooksApi {
  const events = new Map<string, Listener[]>();
  let nextId = 1;

  function listeners(hook: string): Listener[] {
    let list = events.get(hook);
    if (!list) events.set(hook, (list = []));
    return list;
  }

  function invoke(hook: string, listener: Listener, args: unknown[]): unknown {
    if (listener.once) api.off(hook, listener.id);
    try {
      return (listener.fn as (...a: unknown[]) => unknown)(...args);
    } catch (err) {
      const e = env();
      e.hookErrors.push(err);
      if (e.hookErrorMode === "throw") throw err;
      console.error(`Error thrown in hooked function for hook "${hook}"`, err);
      return undefined;
    }
  }

  const api: HooksApi = {
    on(hook, fn, { once = false } = {}) {
      const id = nextId++;
      listeners(hook).push({ id, fn, once });
      return id;
    },
    once(hook, fn) {
      return api.on(hook, fn, { once: true });
    },
    off(hook, fn) {
      const list = events.get(hook);
      if (!list) return;
      const index = list.findIndex((l) => (typeof fn === "number" ? l.id === fn : l.fn === fn));
      if (index >= 0) list.splice(index, 1);
    },
    call(hook, ...args) {
      for (const listener of [...listeners(hook)]) {
        if (invoke(hook, listener, args) === false) return false;
      }
      return true;
    },
    callAll(hook, ...args) {
      for (const listener of [...listeners(hook)]) invoke(hook, listener, args);
      return true;
    },
    get events() {
      return Object.fromEntries([...events].map(([k, v]) => [k, v.map((l) => ({ ...l }))]));
    },
  };
  return api;
}
