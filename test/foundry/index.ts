/**
 * A strict test double of the Foundry VTT API subset Rolling Bones uses (docs/design.md "Verifying what
 * cannot run here", point 3). `installFoundry()` puts `foundry`, `Roll`, `CONFIG`, `CONST`, `game`,
 * `Hooks`, `ChatMessage` and `ui` on `globalThis`; `uninstall()` removes them.
 *
 * One world (users, messages, world settings) is shared by several simulated clients: `actAs(userId)`
 * switches which user's client runs the code, and `actAs(userId, fn)` runs `fn` as that user without
 * switching the others. Every emulated behaviour cites its public source; anything not emulated
 * throws `Foundry double: unknown member …` when read.
 *
 * Usage in an integration test:
 * - Install first, then `await import(...)` the system modules: their classes extend
 *   `foundry.dice.Roll` when the module is evaluated. The double's classes are the same objects for
 *   every installation, so a module imported once keeps working after `uninstall()` and a new
 *   `installFoundry()` in the same file; run the system's `init` registration again per install
 *   (`Hooks.callAll("init")` after re-registering, or call the registration function directly).
 * - Drive dice through `double.CONFIG.Dice.randomUniform` (`fixedFaces`, `mixedFaces`, `seededUniform`).
 * - Check what persisted with `double.storedMessages()`, and simulate a page reload with `double.reload()`.
 * - Assert `double.warnings` is empty to catch deprecated or dropped message data.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createHandlebars } from "../support/handlebars.ts";
import { format, hasKey, localize, ROOT } from "../support/i18n.ts";
import {
  CHAT_MESSAGE_STYLES,
  ChatMessage,
  type ChatMessageInstance,
  createMessageModes,
  createMessages,
  escapeHtml,
  DICE_ROLL_MODES,
  type MessageMode,
  type MessagesCollection,
} from "./chat.ts";
import {
  DiceTerm,
  type DiceConfig,
  Die,
  NumericTerm,
  OperatorTerm,
  restoreDiceStatics,
  Roll,
  RollTerm,
} from "./dice.ts";
import {
  ActorSheetV2,
  ApplicationV2,
  applicationInstances,
  ItemSheetV2,
  DocumentSheetV2,
  ArrayField,
  BooleanField,
  createActors,
  DataField,
  HandlebarsApplicationMixin,
  HTMLField,
  NumberField,
  SchemaField,
  type SheetRegistration,
  StringField,
  ObjectField,
  TypedObjectField,
  TypeDataModel,
} from "./documents.ts";
import {
  Actor,
  type ActorSpec,
  createPacks,
  type EffectSpec,
  createWorldActors,
  DOCUMENT_OWNERSHIP_LEVELS,
  type PackSpec,
  worldActorData,
} from "./actors.ts";
import { createHooks, type HooksApi } from "./hooks.ts";
import { createKeybindings, type KeybindingsDouble } from "./keybindings.ts";
import { createDiceSoNice, type DiceSoNiceDouble } from "./dice-so-nice.ts";
import { createTokenActionHud, type TokenActionHudDouble } from "./token-action-hud.ts";
import { createTablePack, createWorldTables, type TablePackSpec, type TableSpec } from "./tables.ts";
import { type ChatCommandEntry, ChatLog, chatLogOf, clientRoot, uiTask } from "./applications.ts";
import { ForcedDeletion, ForcedReplacement } from "./operators.ts";
import { ACTIVE_EFFECT_CHANGE_TYPES, ACTIVE_EFFECT_MODES, ActiveEffect, storedEffect } from "./effects.ts";
import { seededUniform } from "./random.ts";
import { broadcast, type ClientView, settle, snapshot, viewOf } from "./server.ts";
import { createSettings, type SettingsApi } from "./settings.ts";
import {
  type ChatMessageSource,
  currentUserId,
  type Env,
  peekEnv,
  type RecordedNotification,
  runAs,
  setEnv,
  type World,
} from "./state.ts";
import { snapshotStatics, strictObject } from "./strict.ts";
import {
  createCanvas,
  createScenes,
  type SceneSpec,
  storedDelta,
  tokenDocument,
  type TokenDelta,
  type TokenDocument,
  tokenHud,
  type TokenHudDouble,
  viewScene,
} from "./tokens.ts";
import { Combat, createCombats, useCombats, type CombatantSpec } from "./combat.ts";
import type { WorldCollection } from "./collection.ts";
import { Folder, createWorldFolders } from "./folders.ts";
import { loadTemplates, renderTemplate } from "./templates.ts";
import {
  createUsers,
  type RoleName,
  User,
  USER_ROLES,
  type UserInstance,
  userInstance,
  type UsersCollection,
} from "./users.ts";
import {
  deepClone,
  expandObject,
  flattenObject,
  getProperty,
  isNewerVersion,
  mergeObject,
  randomID,
  setProperty,
} from "./utils.ts";

export { fixedFaces, mixedFaces, seededUniform, uniformFor } from "./random.ts";
export { ChatMessage, DiceTerm, Die, NumericTerm, OperatorTerm, Roll, RollTerm, User };
export type { ChatMessageInstance, ChatMessageSource, RecordedNotification, UserInstance };
export type { SheetRegistration } from "./documents.ts";
export { ChatLog } from "./documents.ts";
export { DataModelValidationError } from "./data-model.ts";
export type { ActorSpec, EffectSpec, PackSpec } from "./actors.ts";
export type { SceneSpec, TokenDelta, TokenDocument, TokenHudDouble, TokenSpec } from "./tokens.ts";
export type { DiceTermInstance, DiceTermResult, DieInstance, RollData, RollInstance } from "./dice.ts";

/** A user of the simulated world. */
export interface UserSpec {
  /** Document id (Foundry uses 16 alphanumeric characters). */
  id: string;
  name: string;
  /** `GM` is short for `GAMEMASTER`. */
  role: RoleName;
  /** Logged in; default `true`. */
  active?: boolean;
  /** The id of the user's assigned character (an actor of the world); default none. */
  character?: string;
}

/** Options of {@link installFoundry}. */
export interface InstallOptions {
  /** Foundry generation; default 13. */
  generation?: 13 | 14;
  /** The world's users; default a GM and two players. */
  users?: UserSpec[];
  /** The user whose client runs first; default the first user. */
  userId?: string;
  /** Seed of the default `CONFIG.Dice.randomUniform`; default 1. */
  seed?: number;
  /** `throw` (default) rethrows errors from hook listeners; `record` only records them, as Foundry logs them. */
  hookErrors?: "throw" | "record";
  /** Milliseconds each direction of a `User#query` takes; default 0. */
  queryLatency?: number;
  /** The world's actors (`game.actors`); default none. */
  actors?: ActorSpec[];
  /** The actor compendiums (`game.packs`); default none. */
  packs?: PackSpec[];
  /** The world's roll tables (`game.tables`). */
  tables?: TableSpec[];
  /** Compendiums of roll tables (in `game.packs`). */
  tablePacks?: TablePackSpec[];
  /**
   * The world's scenes with their tokens (tokens.ts); default none (no canvas). Every client views the
   * active scene (else the first) at first.
   */
  scenes?: SceneSpec[];
  /**
   * Milliseconds a change takes to reach a client, and a client's request to reach the server: one
   * value for every client or one per user id; default 0 (every change everywhere at once). Also the
   * default `queryLatency`.
   */
  latency?: number | Record<string, number>;
  /**
   * Milliseconds `loadTemplates` takes to fetch templates; unset (default), every system template is
   * a partial from the start. Set, no partial exists until `loadTemplates` registered it.
   */
  templateLoad?: number;
}

/** `game` as the double provides it. */
export interface DoubleGame {
  readonly user: UserInstance;
  readonly userId: string;
  readonly users: UsersCollection;
  readonly messages: MessagesCollection;
  readonly actors: ReturnType<typeof createWorldActors>;
  /** The world's folders (`game.folders`; of actors). */
  readonly folders: ReturnType<typeof createWorldFolders>;
  readonly packs: ReturnType<typeof createPacks>;
  /** The world's roll tables (tables.ts). [API13 game.tables] */
  readonly tables: ReturnType<typeof createWorldTables>;
  readonly data: { readonly actors: ReturnType<typeof worldActorData> };
  readonly settings: SettingsApi;
  readonly i18n: {
    lang: string;
    localize(key: string): string;
    format(key: string, data?: Record<string, unknown>): string;
    has(key: string): boolean;
  };
  readonly release: { generation: 13 | 14; version: string; build: number };
  readonly system: { id: string; title: string; version: string; [key: string]: unknown };
  readonly modules: {
    get(id: string): { id: string; active: boolean } | undefined;
    values(): IterableIterator<{ id: string; active: boolean; [key: string]: unknown }>;
  };
  /**
   * The active combat of the viewed scene, or `null` (no combat). Only the fields the system reads; a
   * test sets it to start or advance a combat. [API13 Game#combat, Combat#round, Combat#started, Combat#combatants]
   */
  combat: CombatDouble | null;
  /** The world's combat encounters (combat.ts). [API13 game.combats] */
  readonly combats: WorldCollection<Combat>;
  /** The running client's keybindings (keybindings.ts). [API13 ClientKeybindings] */
  readonly keybindings: KeybindingsDouble["api"];
  /** The running client's keyboard: the keys held down (keybindings.ts). [API13 KeyboardManager#downKeys] */
  readonly keyboard: KeybindingsDouble["keyboard"];
  /** The world's scenes (tokens.ts). [API13 game.scenes] */
  readonly scenes: ReturnType<typeof createScenes>;
}

/** The part of a Combat the double offers through `game.combat`. */
export interface CombatDouble {
  id: string;
  round: number;
  turn: number;
  started: boolean;
  combatants: { actorId: string | null }[];
}

/** A scene control as the double prepares it (v13: tools are a record keyed by name). */
export interface SceneControlDouble {
  name: string;
  title: string;
  icon: string;
  order: number;
  activeTool: string;
  tools: Record<string, Record<string, unknown>>;
}

/** A `CONFIG.queries` handler; its data parameter may be typed freely (bivariant, like a method). */
export type QueryHandler = {
  handle(data: unknown, options: { timeout?: number }): unknown;
}["handle"];

/** `CONFIG` as the double provides it. */
export interface DoubleConfig {
  Dice: DiceConfig;
  ChatMessage: { documentClass: typeof ChatMessage; modes?: Record<string, MessageMode> };
  queries: Record<string, QueryHandler>;
  sounds: { dice: string };
  debug: Record<string, boolean>;
  [key: string]: unknown;
}

export type { DiceSoNiceDouble, TokenActionHudDouble, TablePackSpec, TableSpec };

/** The handle a test keeps on the installed double. */
export interface FoundryDouble {
  /**
   * Creates a combat of the configured class (`CONFIG.Combat.documentClass`, the system's) with these
   * combatants, in `game.combats`, not yet started. [API13 Combat.create]
   */
  createCombat(data: { id: string; combatants: CombatantSpec[] }): Combat;
  readonly generation: 13 | 14;
  readonly game: DoubleGame;
  readonly CONFIG: DoubleConfig;
  readonly Hooks: HooksApi;
  /** The user whose client is running now. */
  readonly user: UserInstance;
  /** Switches the running client to `userId`. */
  actAs(userId: string): void;
  /** Runs `fn` (and everything it awaits) as `userId`, leaving the running client unchanged. */
  actAs<T>(userId: string, fn: () => T): T;
  /**
   * Logs a user in or out (`User#active`, `game.users.activeGM`, queries); every other connected client
   * hears it through `userConnected` after its latency.
   */
  setActive(userId: string, active: boolean): void;
  /** Simulates reloading every client: message and Roll instances are rebuilt from the stored JSON. */
  reload(): void;
  /** The messages as the world stores them (rolls as JSON strings). */
  storedMessages(): ChatMessageSource[];
  /** The world's actors as the server stores them. */
  storedActors(): ActorSpec[];
  /** Every `ui.notifications` call. */
  readonly notifications: RecordedNotification[];
  /** Deprecations and dropped inputs Foundry would log. */
  readonly warnings: string[];
  /** Errors thrown by hook listeners. */
  readonly hookErrors: unknown[];
  /** Errors thrown by what a click or a form submission in an application ran (Foundry logs them). */
  readonly applicationErrors: unknown[];
  /** A client's chat log (`ui.chat` on that client), rendered; needs a DOM. */
  chatLog(userId: string): ChatLog;
  /** The part of the page a client's applications live in; needs a DOM. */
  clientRoot(userId: string): HTMLElement;
  /**
   * A user presses a control in their page: the click runs as the client whose page holds the
   * element (its application's actions and any listener on it), then the world settles.
   */
  press(element: Element, keys?: Pick<MouseEventInit, "shiftKey" | "ctrlKey" | "altKey" | "metaKey">): Promise<void>;
  /** Every `Actors.registerSheet` call, in order. */
  readonly sheetRegistrations: SheetRegistration[];
  /** Every `Items.registerSheet` call, in order. */
  readonly itemSheetRegistrations: SheetRegistration[];
  /** Every `DialogV2.confirm` question asked (its title and content), in order. */
  readonly confirmations: { title: string; content: string }[];
  /**
   * Scripts the next answers to `DialogV2.confirm` (true: yes, false: no, null: closed). A question
   * asked with no answer scripted fails the test: a destructive action must never go ahead unasked.
   */
  answerConfirm(...answers: (boolean | null)[]): void;
  /** Every `DialogV2.input` question asked (its title and content), in order. */
  readonly inputs: { title: string; content: string }[];
  /**
   * Scripts the next answers to `DialogV2.input` (the form's data, or null: closed). A question asked
   * with no answer scripted fails the test, as for {@link FoundryDouble.answerConfirm}.
   */
  answerInput(...answers: (Record<string, unknown> | null)[]): void;
  /**
   * Prepares the scene controls as the `SceneControls` application does before rendering: the core
   * controls as records keyed by name, each with its `tools` record, passed to
   * `Hooks.callAll("getSceneControlButtons", controls)` for systems and modules to add tools; returns
   * them. Only the token controls and a few of their tools stand in for the core set.
   * [docs/foundry-notes.md §13; FI#12761 and FI#12803 (v13 tools with `onChange`, controls keyed by name)]
   */
  sceneControls(): Record<string, SceneControlDouble>;
  /**
   * Sets the lowest role that holds a permission, as a GM does in the world's permission
   * configuration (e.g. revoking SETTINGS_MODIFY from assistants). [API13 CONST.USER_PERMISSIONS]
   */
  setPermission(permission: "SETTINGS_MODIFY", role: number): void;
  /** The ids of the effects whose (core) sheet was opened, in order. */
  readonly effectSheetsOpened: string[];
  /** Every effect v14 core's own expiry expired, by id (`expiry.ts`). */
  readonly coreExpired: string[];
  /**
   * A token document as a client sees it (`sceneId` defaults to the scene that client views). Its
   * `actor` is the world actor (linked) or the token's synthetic actor (unlinked). [tokens.ts]
   */
  token(userId: string, tokenId: string, sceneId?: string): TokenDocument;
  /** Makes a client view a scene (releasing its controlled tokens). [API13 Scene#view] */
  viewScene(userId: string, sceneId: string): void;
  /**
   * A user controls these tokens on its viewed scene, releasing the others (what a click on the
   * canvas does); throws when the user may not control one (not its owner). [API13 PlaceableObject#control]
   */
  control(userId: string, tokenIds: readonly string[]): void;
  /**
   * A user targets these tokens on its viewed scene, releasing its other targets; the other clients
   * learn it after their latency. [API13 Token#setTarget]
   */
  target(userId: string, tokenIds: readonly string[]): void;
  /** The token HUD a user opens on a token of its viewed scene: its status toggles. [API13 TokenHUD] */
  tokenHud(userId: string, tokenId: string): TokenHudDouble;
  /** A token's delta as the server stores it (what changed on that unlinked token only). */
  storedDelta(sceneId: string, tokenId: string): TokenDelta | undefined;
  /** Milliseconds each direction of a `User#query` takes. */
  queryLatency: number;
  /** Milliseconds a change takes to reach each client (one value, or per user id). */
  latency: number | Record<string, number>;
  /**
   * Resolves once every change sent so far has reached every client and what users started in the
   * page (clicks, form submissions, chat log drawing) has settled.
   */
  settle(): Promise<void>;
  /**
   * A client connects late: it loads the world as the server holds it now (its own copy, its message
   * instances rebuilt) and becomes active. Its `ready` work is the test's to run (`actAs(id, onReady)`).
   */
  connect(userId: string): void;
  /** Shows or hides a client's page (its browser tab); Dice So Nice animates only on a visible page. */
  setPageVisible(userId: string, visible: boolean): void;
  /**
   * Activates a Dice So Nice stand-in (dice-so-nice.ts): `game.modules.get("dice-so-nice").active` and
   * `game.dice3d`, of the 6.x line (dice roles) on v14 and the 5.x line on v13 unless `version` says
   * otherwise, and fires `diceSoNiceReady` with it. Its `showForRoll` resolves once the animation
   * played on the calling client, which happens only while that client's page is visible (a hidden
   * page queues it).
   */
  installDiceSoNice(options?: { version?: 5 | 6 }): DiceSoNiceDouble;
  /**
   * Activates a Token Action HUD Core stand-in (token-action-hud.ts) and fires
   * `tokenActionHudCoreApiReady` with its module, as Core does in `ready`.
   */
  installTokenActionHud(): TokenActionHudDouble;
  /**
   * The keybindings of every client: what a user chose in Configure Controls (`rebind`) and the keys
   * they hold (`hold`), and what the system registered.
   */
  readonly keybindings: Omit<KeybindingsDouble, "api" | "keyboard">;
  /**
   * Makes a client enter its dice by hand (the core "Dice Configuration" setting set to manual
   * entry): every die a Roll evaluated with `allowInteractive` throws on that client is asked of
   * `answer(faces)`, a script standing for the user's physical dice, and recorded in the returned
   * list. [API13 CONFIG.Dice.fulfillment; DiceFulfillmentMethod "interactive"; RollResolver]
   */
  installManualDice(
    userId: string,
    answer: (faces: number) => number,
  ): { userId: string; faces: number; value: number }[];
  /**
   * The current client sends `text` from the chat input: the `chatMessage` hook receives it as typed
   * on v13, and as the editor's HTML on v14 (`<p>/pool 6 7</p>`); on v14, unless a listener stopped
   * it, a command registered in `ChatLog.CHAT_COMMANDS` whose pattern matches the text runs. Returns
   * `false` when a listener or a command took it (nothing is posted); the double posts nothing itself.
   */
  typeInChat(text: string): boolean;
  /** Removes the globals and forgets the world. */
  uninstall(): void;
}

/** The text a user reads from an HTML message: its tags dropped and character references decoded. */
function shownText(html: string): string {
  const refs: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
  return html.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) => refs[name] ?? "");
}

/** What the Dice So Nice stand-in records. */
const GLOBAL_NAMES = [
  "foundry",
  "Roll",
  "CONFIG",
  "CONST",
  "game",
  "Hooks",
  "ChatMessage",
  "ui",
  "Handlebars",
  "Combat",
  "Actor",
  "Folder",
  "canvas",
] as const;

const DEFAULT_USERS: UserSpec[] = [
  { id: "gamemaster000000", name: "Gamemaster", role: "GM" },
  { id: "playerAlice00000", name: "Alice", role: "PLAYER" },
  { id: "playerBob0000000", name: "Bob", role: "PLAYER" },
];

/** The users of {@link installWorld}: a GM, an assistant GM, two players, and a player who connects late. */
export const WORLD_USERS = Object.freeze({
  GM: "gamemaster000000",
  ASSISTANT: "assistantGm00000",
  ALICE: "playerAlice00000",
  BOB: "playerBob0000000",
  LATE: "playerLate000000",
});

/**
 * A world of several clients with latency: the GM, an assistant GM, two players (all connected) and a
 * player who is not connected yet (`double.connect(WORLD_USERS.LATE)`). Default latency 5 ms.
 */
export function installWorld(opts: InstallOptions = {}): FoundryDouble {
  const { GM, ASSISTANT, ALICE, BOB, LATE } = WORLD_USERS;
  return installFoundry({
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
      { id: LATE, name: "Lena", role: "PLAYER", active: false },
    ],
    latency: 5,
    ...opts,
  });
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
  id: string;
  title: string;
  version: string;
  documentTypes: Record<string, Record<string, unknown>>;
};

const staticRestorers = [snapshotStatics(ChatMessage), snapshotStatics(User)];

let uninstallCurrent: (() => void) | undefined;

/**
 * Installs the double on `globalThis` (replacing a previous installation) and returns its handle.
 *
 * @param opts - Generation, users, the first running user, the dice seed, hook error mode and query latency.
 * @returns The installed double.
 */
/** Core's defeated status, the one core entry the double keeps. [API13 CONFIG.statusEffects "dead"] */
const DEAD_STATUS = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };

export function installFoundry(opts: InstallOptions = {}): FoundryDouble {
  uninstallCurrent?.();
  const generation = opts.generation ?? 13;
  const specs = opts.users ?? DEFAULT_USERS;
  if (specs.length === 0) throw new Error("Foundry double: the world needs at least one user");
  const world: World = {
    users: new Map(
      specs.map((u) => [
        u.id,
        {
          _id: u.id,
          name: u.name,
          role: u.role === "GM" ? USER_ROLES.GAMEMASTER : USER_ROLES[u.role],
          flags: {},
          character: u.character ?? null,
        },
      ]),
    ),
    active: new Set(specs.filter((u) => u.active !== false).map((u) => u.id)),
    messages: new Map(),
    actors: new Map(),
    scenes: new Map((opts.scenes ?? []).map((scene) => [scene.id, structuredClone(scene)])),
    folders: new Map(),
    worldSettings: new Map(),
    clientSettings: new Map(),
    userSettings: new Map(),
  };
  const baseUserId = opts.userId ?? (specs[0] as UserSpec).id;
  if (!world.users.has(baseUserId)) throw new Error(`Foundry double: unknown user ${baseUserId}`);
  const globals: Record<string, unknown> = {};
  const views = new Map<string, ClientView>();
  const modules = new Map<string, { id: string; active: boolean; [key: string]: unknown }>();
  const waiting = new Map<string, (() => void)[]>();
  const env: Env = {
    generation,
    // Each client reads its own copy of the replicated collections; presence and the client/user
    // settings are one store. [server.ts]
    get world(): World {
      const view = viewOf(currentUserId());
      return {
        ...world,
        users: view.users,
        messages: view.messages,
        worldSettings: view.worldSettings,
        actors: view.actors,
        scenes: view.scenes,
        folders: view.folders,
        // Presence as this client knows it (User#active, Users#activeGM): a join or a leave reaches
        // each client after its latency, with the userConnected hook. [API13 hookEvents.userConnected]
        active: view.active,
      };
    },
    server: world,
    views,
    latency: opts.latency ?? 0,
    deliveries: new Map(),
    openQueries: new Set(),
    hidden: new Set(),
    manualDice: new Map(),
    manualAsked: [],
    queryRole: USER_ROLES.PLAYER,
    // SETTINGS_MODIFY defaults to Assistant. [API13 CONST.USER_PERMISSIONS,
    // https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html]
    permissions: { SETTINGS_MODIFY: USER_ROLES.ASSISTANT },
    effectSheetsOpened: [],
    coreExpired: [],
    templateLoad: opts.templateLoad,
    globals,
    notifications: [],
    warnings: [],
    hookErrors: [],
    hookErrorMode: opts.hookErrors ?? "throw",
    queryLatency: opts.queryLatency ?? (typeof opts.latency === "number" ? opts.latency : 0),
    handlebars: createHandlebars({ partials: opts.templateLoad === undefined }),
    templates: new Map(),
    clientMessages: new Map(),
    clientActors: new Map(),
    canvases: new Map(),
    targets: new Map(),
    clientTokens: new Map(),
    applications: new Map(),
    clientRoots: new Map(),
    chatLogs: new Map(),
    uiTasks: new Set(),
    actionTasks: new Map(),
    workCount: 0,
    windowOpens: 0,
    waitingForUser: () => [...waiting.values()].some((plays) => plays.length > 0),
    applicationErrors: [],
    sheetRegistrations: { actors: [], items: [] },
    baseUserId,
  };
  setEnv(env);
  // The world's actors as the running generation stores them: a v13-shaped effect in a v14 world is
  // migrated as a core update migrates a world (silently). [effects.ts]
  for (const spec of opts.actors ?? []) {
    const actor = structuredClone(spec);
    const load = (effects: EffectSpec[] | undefined) =>
      effects?.map((e) => storedEffect(e as unknown as Record<string, unknown>, false));
    if (actor.effects) actor.effects = load(actor.effects);
    for (const item of actor.items ?? []) if (item.effects) item.effects = load(item.effects);
    world.actors.set(actor.id, actor);
  }
  // Every client has loaded the world before the test starts.
  for (const id of world.users.keys()) views.set(id, snapshot());

  // CONST [API13 CONST.DICE_ROLL_MODES, CONST.USER_ROLES, CONST.CHAT_MESSAGE_STYLES]
  const CONST = strictObject(
    {
      DICE_ROLL_MODES: strictObject(DICE_ROLL_MODES, "CONST.DICE_ROLL_MODES"),
      USER_ROLES: strictObject(USER_ROLES, "CONST.USER_ROLES"),
      CHAT_MESSAGE_STYLES: strictObject(CHAT_MESSAGE_STYLES, "CONST.CHAT_MESSAGE_STYLES"),
      DOCUMENT_OWNERSHIP_LEVELS: strictObject(DOCUMENT_OWNERSHIP_LEVELS, "CONST.DOCUMENT_OWNERSHIP_LEVELS"),
      // The permissions the double checks, each with its default role (the world's table may differ:
      // `double.setPermission`). [API13 CONST.USER_PERMISSIONS,
      // https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html: SETTINGS_MODIFY defaultRole ASSISTANT]
      USER_PERMISSIONS: strictObject(
        { SETTINGS_MODIFY: { defaultRole: USER_ROLES.ASSISTANT } },
        "CONST.USER_PERMISSIONS",
      ),
      // v13's numeric change modes; v14 names change types by strings (effects.ts). [API13
      // CONST.ACTIVE_EFFECT_MODES; API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES]
      ...(generation === 13
        ? { ACTIVE_EFFECT_MODES: strictObject(ACTIVE_EFFECT_MODES, "CONST.ACTIVE_EFFECT_MODES") }
        : {
            ACTIVE_EFFECT_CHANGE_TYPES: strictObject(ACTIVE_EFFECT_CHANGE_TYPES, "CONST.ACTIVE_EFFECT_CHANGE_TYPES"),
          }),
    },
    "CONST",
  );

  // CONFIG.Dice [API13/API14 CONFIG.Dice: rollModes only in v13, docs/foundry-notes.md §1.2, §13]
  const Dice = strictObject<DiceConfig>(
    {
      rolls: [Roll],
      terms: { d: Die },
      termTypes: { RollTerm, DiceTerm, Die, NumericTerm, OperatorTerm },
      types: [Die],
      randomUniform: seededUniform(opts.seed ?? 1),
      fulfillment: { defaultMethod: "", dice: {}, methods: {} },
      ...(generation === 13
        ? {
            rollModes: {
              publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
              gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
              blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
              selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
            },
          }
        : {}),
    },
    "CONFIG.Dice",
    generation === 14 ? ["rollModes"] : [],
  );
  const CONFIG = strictObject<DoubleConfig>(
    {
      Dice,
      // [API14 CONFIG.ChatMessage.modes; absent in v13]
      ChatMessage: strictObject(
        // [API13 CONFIG.ChatMessage.dataModels / typeLabels, as for actors; docs/foundry-notes.md §3, §13]
        {
          documentClass: ChatMessage,
          dataModels: {},
          typeLabels: {},
          ...(generation === 14 ? { modes: createMessageModes() } : {}),
        },
        "CONFIG.ChatMessage",
        generation === 13 ? ["modes"] : [],
      ),
      // [docs/foundry-notes.md §4: handlers registered by name; plain record]
      queries: {},
      sounds: strictObject({ dice: "sounds/dice.wav" }, "CONFIG.sounds"),
      // [docs/foundry-notes.md §5: CONFIG.Actor.dataModels per subtype; typeLabels name the subtypes]
      Actor: strictObject({ documentClass: Actor, dataModels: {}, typeLabels: {} }, "CONFIG.Actor"),
      // [API13 CONFIG.ActiveEffect.documentClass: the class effects are built from] (actors.ts)
      // v14 adds the expiry configuration: packages' own events (id → label) and what core does to an
      // expired effect, by default "update" (marks it expired) [API14 CONFIG.ActiveEffect expiryEvents,
      // expiryAction, https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html] (expiry.ts).
      ActiveEffect: strictObject(
        {
          documentClass: ActiveEffect,
          ...(generation === 14 ? { expiryEvents: {}, expiryAction: "update" } : {}),
        },
        "CONFIG.ActiveEffect",
        generation === 13 ? ["expiryEvents", "expiryAction"] : [],
      ),
      // [API13 CONFIG.Combat.documentClass: the class combats are built from] (combat.ts)
      Combat: strictObject({ documentClass: Combat }, "CONFIG.Combat"),
      // [API13 CONFIG.Item.dataModels / typeLabels, as for actors]
      Item: strictObject({ dataModels: {}, typeLabels: {} }, "CONFIG.Item"),
      // The token HUD's status effects: v13 an array of { id, name, img, changes? } [API13
      // CONFIG.statusEffects]; v14 a record keyed by id, each a StatusEffectConfig (`id`, `hud`, `order`
      // and ActiveEffect data) [API14 CONFIG.statusEffects,
      // https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html; FI#13122]. Of the core
      // entries only the defeated status is kept, which the system marks (its name a core key).
      statusEffects: generation === 14 ? { dead: { ...DEAD_STATUS } } : [{ ...DEAD_STATUS }],
      // [API13 CONFIG.specialStatusEffects: the status ids core gives a meaning; DEFEATED is "dead"]
      specialStatusEffects: strictObject(
        { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind", BURROW: "burrow", HOVER: "hover", FLY: "fly" },
        "CONFIG.specialStatusEffects",
      ),
      // [API13 CONFIG.TextEditor.enrichers: TextEditorEnricherConfig[] ({ pattern, enricher })]
      TextEditor: strictObject({ enrichers: [] }, "CONFIG.TextEditor"),
      // [API13 CONFIG.debug keys, docs/foundry-notes.md §7]
      debug: strictObject(
        Object.fromEntries(
          [
            "applications",
            "audio",
            "av",
            "avclient",
            "canvas",
            "combat",
            "dice",
            "documents",
            "fog",
            "gamepad",
            "hooks",
            "i18n",
            "keybindings",
            "loader",
            "mouseInteraction",
            "polygons",
            "queries",
            "rollParsing",
            "time",
          ].map((k) => [k, false]),
        ),
        "CONFIG.debug",
      ),
    },
    "CONFIG",
  );

  const Hooks = strictObject(createHooks(), "Hooks");
  const sheetRegistrations: SheetRegistration[] = env.sheetRegistrations.actors;
  const itemSheetRegistrations: SheetRegistration[] = env.sheetRegistrations.items;
  const confirmations: { title: string; content: string }[] = [];
  const confirmAnswers: (boolean | null)[] = [];
  const inputs: { title: string; content: string }[] = [];
  const inputAnswers: (Record<string, unknown> | null)[] = [];
  // [API13 foundry.applications.api.DialogV2.confirm: a yes/no prompt; resolves true for yes, false
  // for no, and null when closed with rejectClose false]. The user's answer comes from the test.
  const DialogV2 = {
    confirm(options: { window?: { title?: string }; content?: string }): Promise<boolean | null> {
      confirmations.push({ title: options.window?.title ?? "", content: options.content ?? "" });
      if (!confirmAnswers.length)
        return Promise.reject(new Error("test double: DialogV2.confirm asked with no answer scripted (answerConfirm)"));
      return Promise.resolve(confirmAnswers.shift() ?? null);
    },
    // [API13 foundry.applications.api.DialogV2.input: a dialog for user input that resolves with the
    // submitted form's data as an object, or null when closed with rejectClose false; public systems
    // read `result.<name>` (mgt2, projectfu, acks)]. The user's answer comes from the test; an empty
    // field the form marks `required` cannot be submitted in a browser, so such an answer is refused.
    input(options: { window?: { title?: string }; content?: string }): Promise<Record<string, unknown> | null> {
      const content = options.content ?? "";
      inputs.push({ title: options.window?.title ?? "", content });
      if (!inputAnswers.length)
        return Promise.reject(new Error("test double: DialogV2.input asked with no answer scripted (answerInput)"));
      const answer = inputAnswers.shift() ?? null;
      for (const [, name] of content.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\brequired\b/g)) {
        const value = answer?.[name as string];
        if (answer !== null && (value === undefined || (typeof value === "string" && value.trim() === "")))
          return Promise.reject(
            new Error(`test double: DialogV2.input cannot submit with the required "${name}" empty`),
          );
      }
      return Promise.resolve(answer);
    },
  };
  const settings = createSettings();
  const usersCollection = createUsers();
  const messages = createMessages();
  const combats = new Map<string, Combat>();
  useCombats(combats);
  const keybindings = createKeybindings(currentUserId);

  // [API13 game.i18n.localize/format/has, via the real lang/en.json]
  const i18n = strictObject(
    {
      lang: "en",
      localize,
      format: (key: string, data: Record<string, unknown> = {}) => format(key, data),
      has: hasKey,
    },
    "game.i18n",
  );
  const game = strictObject<DoubleGame>(
    {
      get user() {
        return userInstance(currentUserId()) as UserInstance;
      },
      get userId() {
        return currentUserId();
      },
      users: usersCollection,
      messages,
      actors: createWorldActors(),
      folders: createWorldFolders(),
      packs: createPacks(structuredClone(opts.packs ?? []), (opts.tablePacks ?? []).map(createTablePack)),
      tables: createWorldTables(opts.tables ?? []),
      data: strictObject(
        {
          get actors() {
            return worldActorData();
          },
        },
        "game.data",
      ),
      settings,
      i18n,
      // [docs/foundry-notes.md §13: branch on game.release.generation]
      release: strictObject(
        generation === 13
          ? { generation, version: "13.351", build: 351 }
          : { generation, version: "14.369", build: 369 },
        "game.release",
      ),
      // The package's manifest fields, `documentTypes` among them [API14 SystemManifestData].
      system: strictObject(
        {
          id: manifest.id,
          title: manifest.title,
          version: manifest.version,
          documentTypes: structuredClone(manifest.documentTypes),
        },
        "game.system",
      ),
      // Only modules a test installs (`installDiceSoNice`); else `game.modules.get(id)` is undefined. [docs/foundry-notes.md §9; API13 Game#modules]
      // A Collection (a Map of the installed modules by id): `get`, and `values()` for every one. [API13 Game#modules; Collection]
      modules: strictObject({ get: (id: string) => modules.get(id), values: () => modules.values() }, "game.modules"),
      combat: null,
      combats: createCombats(combats),
      keybindings: keybindings.api,
      keyboard: keybindings.keyboard,
      // The world's scenes (tokens.ts). [API13 game.scenes]
      scenes: createScenes(),
    },
    "game",
  );

  // [docs/foundry-notes.md §7: ui.notifications.error(key, {localize: true}) or {format: {...}}]
  const notify =
    (type: RecordedNotification["type"]) =>
    (message: string, options: Record<string, unknown> = {}): { id: string; type: string; message: string } => {
      const text = options.format
        ? format(message, options.format as Record<string, unknown>)
        : options.localize
          ? localize(message)
          : message;
      // A message is HTML [docs/foundry-notes.md §7; API14 NotificationOptions.clean]: the user reads its text.
      env.notifications.push({ type, message: shownText(text), html: text, options, userId: currentUserId() });
      return { id: randomID(), type, message: text };
    };
  const ui = strictObject(
    {
      notifications: strictObject(
        { info: notify("info"), warn: notify("warn"), error: notify("error") },
        "ui.notifications",
      ),
      // The running client's chat log (with a DOM; none without, as before the UI is ready). [applications.ts]
      get chat() {
        return chatLogOf(currentUserId());
      },
    },
    "ui",
  );

  const foundry = strictObject(
    {
      // [docs/foundry-notes.md §1.1 namespaces]
      dice: strictObject(
        {
          Roll,
          terms: strictObject({ RollTerm, DiceTerm, Die, NumericTerm, OperatorTerm }, "foundry.dice.terms"),
        },
        "foundry.dice",
      ),
      utils: strictObject(
        { deepClone, mergeObject, randomID, getProperty, setProperty, isNewerVersion, expandObject, flattenObject },
        "foundry.utils",
      ),
      // [docs/foundry-notes.md §6: foundry.applications.handlebars.{loadTemplates, renderTemplate}]
      applications: strictObject(
        {
          handlebars: strictObject({ renderTemplate, loadTemplates }, "foundry.applications.handlebars"),
          // Applications that render their parts and take clicks and forms (applications.ts).
          api: strictObject(
            { ApplicationV2, DialogV2, DocumentSheetV2, HandlebarsApplicationMixin },
            "foundry.applications.api",
          ),
          instances: applicationInstances,
          // [API13/API14 foundry.applications.sidebar.tabs.ChatLog; v14's CHAT_COMMANDS registry (applications.ts)]
          sidebar: strictObject(
            { tabs: strictObject({ ChatLog }, "foundry.applications.sidebar.tabs") },
            "foundry.applications.sidebar",
          ),
          sheets: strictObject({ ActorSheetV2, ItemSheetV2 }, "foundry.applications.sheets"),
        },
        "foundry.applications",
      ),
      documents: strictObject(
        {
          ChatMessage,
          User,
          // [docs/foundry-notes.md §6: foundry.documents.collections.Actors.registerSheet]
          collections: strictObject(
            {
              Actors: strictObject(createActors(sheetRegistrations), "Actors"),
              // [API13 foundry.documents.collections.Items.registerSheet, the same signature]
              Items: strictObject(createActors(itemSheetRegistrations), "Items"),
            },
            "foundry.documents.collections",
          ),
        },
        "foundry.documents",
      ),
      // [docs/foundry-notes.md §5: TypeDataModel and the field classes]; shells that keep their options (documents.ts).
      abstract: strictObject({ TypeDataModel }, "foundry.abstract"),
      data: strictObject(
        {
          fields: strictObject(
            {
              DataField,
              NumberField,
              StringField,
              BooleanField,
              HTMLField,
              SchemaField,
              ArrayField,
              ObjectField,
              TypedObjectField,
            },
            "foundry.data.fields",
          ),
          // [API14 foundry.data.operators; absent in v13] (operators.ts)
          ...(generation === 14
            ? { operators: strictObject({ ForcedDeletion, ForcedReplacement }, "foundry.data.operators") }
            : {}),
        },
        "foundry.data",
        generation === 13 ? ["operators"] : [],
      ),
      CONST,
    },
    "foundry",
  );

  // v14's chat-command registry starts empty; v13 has none. [applications.ts ChatLog.CHAT_COMMANDS]
  if (generation === 14) ChatLog.CHAT_COMMANDS = {};
  else delete ChatLog.CHAT_COMMANDS;

  // Foundry's global Handlebars environment (its `Handlebars.registerHelper` is how a system adds a helper). [API13 Handlebars]
  Object.assign(globals, {
    foundry,
    Roll,
    CONFIG,
    CONST,
    game,
    Hooks,
    ChatMessage,
    ui,
    Handlebars: env.handlebars,
    Combat,
    Actor,
    Folder,
    // Each client's canvas: its viewed scene and token layer (tokens.ts). [API13 canvas]
    canvas: createCanvas(),
  });

  // Core settings: v13 core.rollMode; v14 core.messageMode, and the old key reads null. [docs/foundry-notes.md §3, §13]
  if (generation === 13) {
    settings.register("core", "rollMode", {
      scope: "client",
      default: DICE_ROLL_MODES.PUBLIC,
      choices: Object.fromEntries(Object.values(DICE_ROLL_MODES).map((m) => [m, m])),
    });
  } else {
    settings.register("core", "messageMode", {
      scope: "client",
      default: "public",
      choices: Object.fromEntries(Object.keys(createMessageModes()).map((m) => [m, m])),
    });
    settings.register("core", "rollMode", { scope: "client", legacyNull: true });
  }
  // The user's dice fulfilment by denomination (`{ d20: "manual" }`; `{}` means every die digital):
  // the Configure Dice menu's setting. [API13 Roll.DICE_CONFIGURATION_SETTING "diceConfiguration";
  // public module code reads `game.settings.get("core", "diceConfiguration")` and sets entries to "manual"]
  settings.register("core", "diceConfiguration", { scope: "client", default: {} });

  const previous = new Map<string, PropertyDescriptor | undefined>();
  for (const name of GLOBAL_NAMES) {
    previous.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: globals[name], writable: true, configurable: true });
  }

  const uninstall = () => {
    if (peekEnv() !== env) return;
    for (const name of GLOBAL_NAMES) {
      const descriptor = previous.get(name);
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
    restoreDiceStatics();
    for (const root of env.clientRoots.values()) root.remove();
    for (const restore of staticRestorers) restore();
    setEnv(undefined);
    uninstallCurrent = undefined;
  };
  uninstallCurrent = uninstall;

  function assertUser(userId: string): void {
    if (!world.users.has(userId)) throw new Error(`Foundry double: unknown user ${userId}`);
  }

  function actAs(userId: string): void;
  function actAs<T>(userId: string, fn: () => T): T;
  function actAs<T>(userId: string, fn?: () => T): T | undefined {
    assertUser(userId);
    if (fn) return runAs(userId, fn);
    env.baseUserId = userId;
    return undefined;
  }

  /**
   * Tells every other connected client, after its latency, that a user joined or left: the
   * `userConnected` hook. [API13/API14 hookEvents.userConnected "fires whenever some other User joins or
   * leaves the game session" (https://foundryvtt.com/api/v14/functions/hookEvents.userConnected.html)]
   */
  function announceConnection(userId: string, connected: boolean): void {
    // A client that left answers no query: what it was asked is no longer work in flight.
    if (!connected) for (const query of env.openQueries) if (query.target === userId) query.finish();
    void runAs(userId, () =>
      broadcast(
        (view) => {
          if (connected) view.active.add(userId);
          else view.active.delete(userId);
        },
        (clientId) => {
          if (clientId !== userId) Hooks.callAll("userConnected", userInstance(userId), connected);
        },
      ),
    );
  }

  return {
    keybindings: {
      rebind: (userId, namespace, action, bindings) => keybindings.rebind(userId, namespace, action, bindings),
      hold: (userId, codes) => keybindings.hold(userId, codes),
      registered: keybindings.registered,
    },
    createCombat(data) {
      const Class = CONFIG.Combat as { documentClass: new (d: typeof data) => Combat };
      const combat = new Class.documentClass(data);
      combats.set(data.id, combat);
      return combat;
    },
    generation,
    game,
    CONFIG,
    Hooks,
    get user() {
      return userInstance(currentUserId()) as UserInstance;
    },
    actAs,
    setActive(userId, active) {
      assertUser(userId);
      const was = world.active.has(userId);
      if (active) world.active.add(userId);
      else world.active.delete(userId);
      // A client that comes back knows at once that it is there; the others learn it after their latency.
      if (active) viewOf(userId).active.add(userId);
      if (was !== active) announceConnection(userId, active);
    },
    reload() {
      env.clientMessages.clear();
      env.clientActors.clear();
      env.clientTokens.clear();
      env.canvases.clear();
    },
    storedMessages() {
      return [...world.messages.values()].map((m) => deepClone(m.source));
    },
    storedActors() {
      return [...world.actors.values()].map((a) => structuredClone(a));
    },
    notifications: env.notifications,
    warnings: env.warnings,
    hookErrors: env.hookErrors,
    applicationErrors: env.applicationErrors,
    chatLog(userId) {
      assertUser(userId);
      const log = chatLogOf(userId);
      if (!log) throw new Error("Foundry double: a chat log needs a DOM; add `// @vitest-environment happy-dom`");
      return log;
    },
    clientRoot(userId) {
      assertUser(userId);
      return clientRoot(userId);
    },
    async press(element, keys) {
      const owner = element.closest<HTMLElement>("[data-client]")?.dataset.client;
      if (!owner) throw new Error("Foundry double: press() needs an element in a client's page (an application's)");
      // A click with the modifier keys held, as a browser's click event carries them (MDN MouseEvent).
      runAs(owner, () =>
        keys
          ? element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...keys }))
          : (element as HTMLElement).click(),
      );
      await settle();
    },
    sheetRegistrations,
    itemSheetRegistrations,
    confirmations,
    answerConfirm(...answers) {
      confirmAnswers.push(...answers);
    },
    inputs,
    answerInput(...answers) {
      inputAnswers.push(...answers);
    },
    sceneControls() {
      const tool = (name: string, title: string, icon: string, order: number) => ({ name, title, icon, order });
      const controls: Record<string, SceneControlDouble> = {
        tokens: {
          name: "tokens",
          title: "CONTROLS.GroupToken",
          icon: "fa-solid fa-user-alt",
          order: 1,
          activeTool: "select",
          tools: {
            select: tool("select", "CONTROLS.BasicSelect", "fa-solid fa-expand", 1),
            target: tool("target", "CONTROLS.TargetSelect", "fa-solid fa-bullseye", 2),
            ruler: tool("ruler", "CONTROLS.BasicMeasure", "fa-solid fa-ruler", 3),
          },
        },
      };
      Hooks.callAll("getSceneControlButtons", controls);
      return controls;
    },
    token(userId, tokenId, sceneId) {
      assertUser(userId);
      const scene = sceneId ?? actAs(userId, () => (globals.canvas as { scene: { id: string } | null }).scene?.id);
      if (!scene) throw new Error(`Foundry double: ${userId} views no scene`);
      return tokenDocument(scene, tokenId, userId);
    },
    viewScene(userId, sceneId) {
      assertUser(userId);
      if (!world.scenes.has(sceneId)) throw new Error(`Foundry double: no scene ${sceneId}`);
      viewScene(userId, sceneId);
    },
    control(userId, tokenIds) {
      assertUser(userId);
      runAs(userId, () => {
        const layer = (
          globals.canvas as {
            tokens: {
              controlled: { release(): boolean }[];
              get(id: string): { control(o: object): boolean } | undefined;
            };
          }
        ).tokens;
        for (const token of layer.controlled) token.release();
        for (const id of tokenIds) {
          const token = layer.get(id);
          if (!token) throw new Error(`Foundry double: no token ${id} on ${userId}'s scene`);
          if (!token.control({ releaseOthers: false }))
            throw new Error(`Foundry double: ${userId} may not control token ${id}`);
        }
      });
    },
    target(userId, tokenIds) {
      assertUser(userId);
      runAs(userId, () => {
        const layer = (
          globals.canvas as { tokens: { get(id: string): { setTarget(t: boolean, o: object): void } | undefined } }
        ).tokens;
        tokenIds.forEach((id, i) => {
          const token = layer.get(id);
          if (!token) throw new Error(`Foundry double: no token ${id} on ${userId}'s scene`);
          token.setTarget(true, { releaseOthers: i === 0 });
        });
      });
    },
    tokenHud(userId, tokenId) {
      assertUser(userId);
      const scene = actAs(userId, () => (globals.canvas as { scene: { id: string } | null }).scene?.id);
      if (!scene) throw new Error(`Foundry double: ${userId} views no scene`);
      return tokenHud(userId, scene, tokenId, settle);
    },
    storedDelta,
    setPermission(permission, role) {
      env.permissions[permission] = role;
    },
    effectSheetsOpened: env.effectSheetsOpened,
    coreExpired: env.coreExpired,
    get queryLatency() {
      return env.queryLatency;
    },
    get latency() {
      return env.latency;
    },
    set latency(ms: number | Record<string, number>) {
      env.latency = ms;
    },
    settle,
    connect(userId) {
      assertUser(userId);
      views.set(userId, snapshot());
      env.clientMessages.delete(userId);
      env.clientActors.delete(userId);
      env.clientTokens.delete(userId);
      env.canvases.delete(userId);
      const was = world.active.has(userId);
      world.active.add(userId);
      // The client that connects loads the presence as the server holds it, itself included.
      viewOf(userId).active.add(userId);
      if (!was) announceConnection(userId, true);
    },
    setPageVisible(userId, visible) {
      assertUser(userId);
      if (visible) {
        env.hidden.delete(userId);
        for (const play of waiting.get(userId)?.splice(0) ?? []) play();
      } else env.hidden.add(userId);
    },
    installDiceSoNice(options = {}) {
      // Dice So Nice 6 is v14-only; a v13 world runs 5.x. [docs/foundry-notes.md §9, §13.1]
      const version = options.version ?? (generation >= 14 ? 6 : 5);
      const { api, handle } = createDiceSoNice(version, {
        currentUserId,
        hidden: env.hidden,
        waiting,
        callHook: (name, ...args) => (env.globals.Hooks as HooksApi).callAll(name, ...args),
      });
      modules.set("dice-so-nice", { id: "dice-so-nice", active: true });
      (game as unknown as Record<string, unknown>).dice3d = api;
      // [DSN Dice3D.js init: `Hooks.call("diceSoNiceReady", this)` once its textures load]
      (env.globals.Hooks as HooksApi).callAll("diceSoNiceReady", api);
      return handle;
    },
    installTokenActionHud() {
      const hooks = env.globals.Hooks as HooksApi;
      const { module, handle } = createTokenActionHud({
        hooks,
        actorOn: (userId, actorId) => runAs(userId, () => game.actors.get(actorId)) as never,
        runAs,
        uiTask: (work) => uiTask(work, "action"),
        setHud: (hud) => void ((game as unknown as Record<string, unknown>).tokenActionHud = hud),
        settle,
      });
      modules.set("token-action-hud-core", module as { id: string; active: boolean });
      // [token-action-hud-core main.mjs: `Hooks.on("ready", registerApi)`, which fires tokenActionHudCoreApiReady]
      hooks.callAll("tokenActionHudCoreApiReady", module);
      return handle;
    },
    typeInChat(text) {
      // v14 sends the chat editor's HTML, v13 plain text (public: AutarchLLC/foundryvtt-acks-core issue #191).
      const input = generation >= 14 ? `<p>${escapeHtml(text)}</p>` : text;
      const hooks = env.globals.Hooks as HooksApi;
      const chatData = { user: currentUserId(), speaker: {} };
      const log = chatLogOf(currentUserId()) ?? null;
      // v14 matches a `/word` against `ChatLog.CHAT_COMMANDS` first (at the start of the text, a space
      // after the word) and refuses an unknown one before the `chatMessage` hook fires, with
      // "{command} is not a valid chat message command." (CHAT.InvalidCommand, API13 HandlebarsHelpers
      // #localize example; public v14 notes: a v14 module's chat-stream.mjs comment, "v14 validates
      // messages starting with "/" against an internal command registry BEFORE the chatMessage hook").
      let command: [string, ChatCommandEntry, RegExpMatchArray] | null = null;
      if (generation >= 14) {
        for (const [name, entry] of Object.entries(ChatLog.CHAT_COMMANDS ?? {})) {
          const match = text.trim().match(entry.rgx);
          if (match) {
            command = [name, entry, match];
            break;
          }
        }
        const word = /^\s*(\/\S+)/.exec(text)?.[1];
        if (!command && word) {
          ui.notifications.error(`${word} is not a valid chat message command.`);
          return false;
        }
      }
      // The hook: a listener returning false stops the message (dnd5e 5.3 reads /award there on v14).
      if (!hooks.call("chatMessage", log, input, chatData)) return false;
      if (!command) return true;
      // A registered command runs with the chat log as `this`; when it resolves anything but `false`,
      // the message is posted as typed. [API14 foundry.ChatCommandCallback: "false" prevents the message]
      const [name, entry, match] = command;
      uiTask(async () => {
        const result: unknown = await entry.fn.call(log, name, match, chatData, {});
        if (result !== false) await ChatMessage.create({ content: input, author: currentUserId() });
      }, "action");
      return false;
    },
    installManualDice(userId, answer) {
      assertUser(userId);
      env.manualDice.set(userId, answer);
      // The user chose manual entry for every die the Configure Dice menu lists (d4 … d100).
      let client = env.world.clientSettings.get(userId);
      if (!client) env.world.clientSettings.set(userId, (client = new Map<string, unknown>()));
      const manual = Object.fromEntries(["d4", "d6", "d8", "d10", "d12", "d20", "d100"].map((d) => [d, "manual"]));
      client.set("core.diceConfiguration", manual);
      return env.manualAsked;
    },
    set queryLatency(ms: number) {
      env.queryLatency = ms;
    },
    uninstall,
  };
}
