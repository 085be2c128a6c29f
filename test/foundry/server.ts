/**
 * The world's server and the clients' copies of it. The server owns the documents (users, chat
 * messages, world settings, actors) and applies each change; every client holds its own copy of the
 * users, messages, world settings and actors, which a change reaches only after that client's latency, in
 * the order the server sent it. Document lifecycle hooks run on each connected client when the change
 * arrives there.
 *
 * Sources:
 * - "preCreate…/preUpdate…/preDelete… only fire for the client who is initiating the request; create…/
 *   update…/delete… fire for all connected clients after the change has been processed"
 *   [API13 hookEvents.preCreateDocument, createDocument, preUpdateDocument, updateDocument,
 *   preDeleteDocument, deleteDocument; foundryvtt.com/api/v13/functions/hookEvents.*.html].
 * - A `pre*` listener returning `false` prevents the change [same pages; docs/foundry-notes.md §7].
 * - The database round trip: the client sends the request, the server validates permission and
 *   broadcasts the result to every client, the requester's promise resolving with its own copy
 *   [API13 DatabaseBackend, ClientDatabaseBackend "_handleUpdateDocuments"; the per-client order is
 *   the socket's order (socket.io delivers in order per connection)].
 */
import type { ActorSpec } from "./actors.ts";
import type { SceneSpec } from "./tokens.ts";
import type { FolderSpec } from "./folders.ts";
import { currentUserId, env, peekEnv, runAs, type ChatMessageSource, type UserSource } from "./state.ts";

/** What one client holds of the world. */
export interface ClientView {
  users: Map<string, UserSource>;
  messages: Map<string, { source: ChatMessageSource; rev: number }>;
  worldSettings: Map<string, unknown>;
  actors: Map<string, ActorSpec>;
  scenes: Map<string, SceneSpec>;
  folders: Map<string, FolderSpec>;
  /** Who this client knows to be logged in: it learns of a join or a leave after its own latency. */
  active: Set<string>;
}

/** What runs on each connected client when a change reaches it (as that client). */
export type OnClient = (clientId: string) => void;

/**
 * A lifecycle hook (`createChatMessage`, `updateUser`, …) fired with the arguments as each client
 * sees them (its own document instance).
 */
export function lifecycle(name: string, args: (clientId: string) => unknown[]): OnClient {
  return (clientId) => {
    const hooks = env().globals.Hooks as { callAll(h: string, ...a: unknown[]): boolean };
    hooks.callAll(name, ...args(clientId));
  };
}

/** Resolves after `ms` milliseconds, or on the next microtask when `ms` is 0 or less. */
export function hop(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** One client's latency in milliseconds (each direction). */
export function latencyOf(clientId: string): number {
  const { latency } = env();
  return typeof latency === "number" ? latency : (latency[clientId] ?? 0);
}

/** A copy of the server's replicated collections, as a client loads them when it connects. */
export function snapshot(): ClientView {
  const s = env().server;
  return {
    users: new Map([...s.users].map(([id, u]) => [id, structuredClone(u)])),
    messages: new Map([...s.messages].map(([id, m]) => [id, structuredClone(m)])),
    worldSettings: new Map([...s.worldSettings].map(([k, v]) => [k, structuredClone(v)])),
    actors: new Map([...s.actors].map(([id, a]) => [id, structuredClone(a)])),
    scenes: new Map([...s.scenes].map(([id, sc]) => [id, structuredClone(sc)])),
    folders: new Map([...s.folders].map(([id, f]) => [id, structuredClone(f)])),
    active: new Set(s.active),
  };
}

/** The copy of the world that `clientId` holds (every client loads one at install or when it connects). */
export function viewOf(clientId: string): ClientView {
  const view = env().views.get(clientId);
  if (!view) throw new Error(`Foundry double: unknown client ${clientId}`);
  return view;
}

/** Fires a `pre…` hook on the running client; `false` when a listener cancelled the change. */
export function preHook(name: string, ...args: unknown[]): boolean {
  const hooks = env().globals.Hooks as { call(hook: string, ...a: unknown[]): boolean };
  return hooks.call(name, ...args, currentUserId());
}

/** Sends a request from the running client to the server: resolves once it arrived there. */
export function toServer(): Promise<void> {
  return hop(latencyOf(currentUserId()));
}

/**
 * Broadcasts a change the server has just applied: every client's copy receives `apply` after that
 * client's latency and in the server's order, then (on a connected client) `hook` fires there. The
 * promise resolves once the running client (the requester) has received it.
 */
export function broadcast(apply: (view: ClientView) => void, onClient?: OnClient): Promise<void> {
  const e = env();
  const requester = currentUserId();
  const sent = Date.now();
  let mine: Promise<void> = Promise.resolve();
  for (const clientId of e.server.users.keys()) {
    const deliver = (): void => {
      // A change still on its way when the world is uninstalled never reaches the next world.
      if (peekEnv() !== e) return;
      apply(viewOf(clientId));
      // A disconnected client has no listeners running; it loads the current world when it connects.
      if (onClient && e.server.active.has(clientId)) runAs(clientId, () => onClient(clientId));
    };
    const latency = latencyOf(clientId);
    const previous = e.deliveries.get(clientId);
    e.workCount += 1;
    let done: Promise<void>;
    if (latency <= 0 && !previous) {
      // No latency and nothing in flight: the change is there at once (the one-client double's timing).
      try {
        deliver();
        done = Promise.resolve();
      } catch (error) {
        done = Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    } else {
      // Later changes wait for earlier ones: each client sees the server's order.
      done = (previous ?? Promise.resolve()).then(() => hop(sent + latency - Date.now())).then(deliver);
      const tracked = done.catch(() => undefined);
      e.deliveries.set(clientId, tracked);
      void tracked.then(() => {
        if (e.deliveries.get(clientId) === tracked) e.deliveries.delete(clientId);
      });
    }
    if (clientId === requester) mine = done;
    else done.catch(() => undefined);
  }
  return mine;
}

/**
 * Resolves once every change sent so far has reached every client, the page work has settled, and
 * what users started has settled too, or waits for the user: a window it opened is still open (a
 * dialog), or an animation waits for a hidden page. Anything else still running after 20 s fails.
 */
export async function settle(): Promise<void> {
  const e = env();
  const latencies = typeof e.latency === "number" ? [e.latency] : Object.values(e.latency);
  const quiet = 25 + 2 * Math.max(0, ...latencies) + 2 * e.queryLatency;
  const until = Date.now() + 20_000;
  for (;;) {
    while (e.deliveries.size > 0 || e.uiTasks.size > 0) {
      await Promise.all([...e.deliveries.values(), ...e.uiTasks]);
      // Work that settled may have started more (a click that updates a document, which is delivered…).
      await hop(1);
    }
    if (e.actionTasks.size === 0) return;
    const started = e.workCount;
    await Promise.race([Promise.all([...e.actionTasks.keys()]), hop(quiet)]);
    await hop(1);
    if (e.actionTasks.size === 0 || e.deliveries.size > 0 || e.uiTasks.size > 0 || e.workCount !== started) continue;
    // Only when every pending action waits for the user (a window opened since it began, or an
    // animation on a hidden page): an action started after that window (its submission) is still work.
    const waiting = [...e.actionTasks.values()].every((opens) => e.windowOpens > opens);
    if (waiting || e.waitingForUser()) return;
    if (Date.now() > until) throw new Error("Foundry double: settle() — a user's action is still running after 20 s");
  }
}
