/**
 * The installed double: one shared world (users, messages, world settings) seen by several clients.
 * Each client is a user; which client is "running" is the current user, tracked per async context so a
 * query handler that runs as the GM does not change who the caller is.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type Handlebars from "handlebars";
import type { ActorSpec } from "./actors.ts";
import type { FolderSpec } from "./folders.ts";
import type { SceneSpec } from "./tokens.ts";
import type { SheetRegistration } from "./documents.ts";
import type { ClientView } from "./server.ts";

/** A recorded `ui.notifications` call. */
export interface RecordedNotification {
  /** `info`, `warn` or `error`. */
  type: "info" | "warn" | "error";
  /**
   * The text as shown (already localized when `localize` or `format` was passed). Foundry renders a
   * notification's message as HTML, so character references read as the characters they stand for.
   */
  message: string;
  /** The message exactly as passed, before it is shown: the HTML Foundry renders. */
  html: string;
  /** The options passed to the call. */
  options: Record<string, unknown>;
  /** The client that showed it (each client has its own `ui`). */
  userId: string;
}

/** The source data of one User document, as the world stores it. */
export interface UserSource {
  _id: string;
  name: string;
  role: number;
  flags: Record<string, Record<string, unknown>>;
  /** The id of the user's assigned character, or null. */
  character?: string | null;
}

/** The source data of one ChatMessage document, as the world stores it. */
export interface ChatMessageSource {
  _id: string | null;
  type: string;
  system: Record<string, unknown>;
  style: number;
  author: string;
  timestamp: number;
  flavor: string;
  content: string;
  speaker: { scene: string | null; actor: string | null; token: string | null; alias: string | null };
  whisper: string[];
  blind: boolean;
  rolls: string[];
  sound: string | null;
  emote: boolean;
  flags: Record<string, Record<string, unknown>>;
}

/** What the server would hold: shared by every client. */
export interface World {
  users: Map<string, UserSource>;
  /** Which users are logged in (presence, not document data). */
  active: Set<string>;
  messages: Map<string, { source: ChatMessageSource; rev: number }>;
  /** World actors: the server's stored data, or a client's copy of it. */
  actors: Map<string, ActorSpec>;
  /** Scenes with their tokens: the server's stored data, or a client's copy of it. */
  scenes: Map<string, SceneSpec>;
  /** Folders (of actors): the server's stored data, or a client's copy of it. */
  folders: Map<string, FolderSpec>;
  worldSettings: Map<string, unknown>;
  /** Client-scope settings, per client (user id). */
  clientSettings: Map<string, Map<string, unknown>>;
  /** User-scope settings, per user id. */
  userSettings: Map<string, Map<string, unknown>>;
}

/** Everything the double's classes need at run time. */
export interface Env {
  generation: 13 | 14;
  /** The world as the running client sees it: its own copy of users, messages, world settings and actors. */
  readonly world: World;
  /** The world as the server holds it (server.ts). */
  server: World;
  /** Each client's copy of the replicated collections (server.ts). */
  views: Map<string, ClientView>;
  /** Milliseconds a change takes to reach a client (and a request to reach the server): one for all, or per client. */
  latency: number | Record<string, number>;
  /** Per client: the last change still on its way there. */
  deliveries: Map<string, Promise<void>>;
  /** The queries still in flight, by the user asked: each ends its part in `settle()` when that user leaves. */
  openQueries: Set<{ readonly target: string; readonly finish: () => void }>;
  /** Milliseconds `loadTemplates` takes; unset, every partial is there from the start. */
  templateLoad: number | undefined;
  /** The lowest role that holds the QUERY_USER permission. */
  queryRole: number;
  /**
   * The lowest role holding each permission the double checks (the world's permission configuration).
   * [API13 CONST.USER_PERMISSIONS: each with its `defaultRole`]
   */
  permissions: { SETTINGS_MODIFY: number };
  /** Every effect sheet opened (`effect.sheet.render`), by effect id (core's sheet is not emulated). */
  effectSheetsOpened: string[];
  /** Every effect v14 core's own expiry expired, by id, in order (`expiry.ts`). */
  coreExpired: string[];
  /** Per client: whether its page is visible (Dice So Nice animates only then). */
  hidden: Set<string>;
  /** Per client that enters dice by hand: the script that answers each die asked of it. */
  manualDice: Map<string, (faces: number) => number>;
  /** Every die a manual-dice resolver was asked for, in order. */
  manualAsked: { userId: string; faces: number; value: number }[];
  globals: Record<string, unknown>;
  notifications: RecordedNotification[];
  warnings: string[];
  hookErrors: unknown[];
  hookErrorMode: "throw" | "record";
  queryLatency: number;
  handlebars: typeof Handlebars;
  /** Templates compiled so far, by path. */
  templates: Map<string, (context: object) => string>;
  /** Per client: message instances already built from the world's source. */
  clientMessages: Map<string, Map<string, object>>;
  /** Per client: actor instances already built from its copy of the world. */
  clientActors: Map<string, Map<string, object>>;
  /**
   * Per client: its canvas (the scene it views, the tokens it controls), the targets of every user as
   * that client knows them, and the token documents and placeables built for it (tokens.ts).
   */
  canvases: Map<string, { sceneId: string | null; controlled: string[] }>;
  /** Per client, per user: the ids (`sceneId.tokenId`) of the tokens that user targets, as the client knows them. */
  targets: Map<string, Map<string, Set<string>>>;
  /** Per client: token documents, synthetic actors and placeables built so far, by key. */
  clientTokens: Map<string, Map<string, object>>;
  /** Per client: its rendered applications by id (`foundry.applications.instances`). */
  applications: Map<string, Map<string, object>>;
  /** Per client: the element its applications live in (needs a DOM). */
  clientRoots: Map<string, HTMLElement>;
  /** Per client: its chat log (`ui.chat`), once used. */
  chatLogs: Map<string, object>;
  /** Page work (renders, the chat log drawing) that has not settled yet. */
  uiTasks: Set<Promise<unknown>>;
  /**
   * What users started (clicks, submissions) that has not settled yet, each with the number of
   * windows opened before it began; it may wait for the user (a dialog it opened).
   */
  actionTasks: Map<Promise<unknown>, number>;
  /** How many windows (framed applications) have opened since install. */
  windowOpens: number;
  /** Whether something waits for the user outside a window (an animation queued on a hidden page). */
  waitingForUser: () => boolean;
  /** How much work has started since install (deliveries, page work, actions): `settle()` sees progress by it. */
  workCount: number;
  /** Errors thrown by that work (Foundry logs them to the console). */
  applicationErrors: unknown[];
  /** Every `registerSheet` call, for Actors and for Items, in order. */
  sheetRegistrations: { actors: SheetRegistration[]; items: SheetRegistration[] };
  baseUserId: string;
}

let active: Env | undefined;
const context = new AsyncLocalStorage<string>();

/** The installed double, or a clear error when a test forgot `installFoundry()`. */
export function env(): Env {
  if (!active) throw new Error("Foundry double: not installed (call installFoundry() first)");
  return active;
}

/** The installed double, if any. */
export function peekEnv(): Env | undefined {
  return active;
}

/** Sets or clears the installed double. */
export function setEnv(next: Env | undefined): void {
  active = next;
}

/** The id of the user whose client is running the current code. */
export function currentUserId(): string {
  return context.getStore() ?? env().baseUserId;
}

/** Runs `fn` as another client: `game.user` is `userId` inside it and in everything it awaits. */
export function runAs<T>(userId: string, fn: () => T): T {
  return context.run(userId, fn);
}

/** Deprecations and dropped inputs that the system's own code caused, since last taken (any world). */
const systemWarnings: string[] = [];

/** A path of the system's own code (`src/…ts`) in a stack frame, as opposed to the tests' and the double's. */
const SYSTEM_FRAME = /[\\/]src[\\/][^\s()]*\.ts\b/;

/**
 * Records a deprecation or a silently dropped input, as Foundry would log it to the console. One the
 * system's own code caused (its call stack passes through `src/`) is also kept for
 * {@link takeSystemWarnings}: a test run fails on any (test/support/deprecations.ts).
 */
export function warn(message: string): void {
  env().warnings.push(message);
  if (fromSystemCode(new Error().stack ?? "")) systemWarnings.push(message);
}

/** Whether a call stack (as `Error#stack` gives it) passes through the system's own code, `src/`. */
export function fromSystemCode(stack: string): boolean {
  return stack
    .split("\n")
    .slice(1)
    .some((frame) => SYSTEM_FRAME.test(frame) && !frame.includes("node_modules"));
}

/** The warnings the system's own code caused since the last call, and forgets them. */
export function takeSystemWarnings(): string[] {
  return systemWarnings.splice(0);
}

/**
 * A lazy `import()` of the system's code as work in flight (the world's configs wrap each one of
 * `src/` in it: vitest.world.config.ts `trackLazyImports`), so `settle()` waits for the module to load
 * rather than returning while it loads, and no module loads after a test's world is gone.
 */
(globalThis as Record<string, unknown>).__rbTrackImport = <T>(load: Promise<T>): Promise<T> => {
  const e = peekEnv();
  loading += 1;
  const done = load.then(
    () => undefined,
    () => undefined,
  );
  void done.finally(() => {
    loading -= 1;
  });
  if (e) {
    e.uiTasks.add(done);
    void done.finally(() => e.uiTasks.delete(done));
  }
  return load;
};

/** How many of the system's modules are loading now (the virtual clock waits for them: a load takes real time). */
let loading = 0;

/** Whether one of the system's modules is loading now. */
export function modulesLoading(): boolean {
  return loading > 0;
}
