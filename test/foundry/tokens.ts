/**
 * Scenes and tokens: the smallest canvas the system (and its tests) need. A world has scenes, each
 * with token documents that stand for actors; each client views one scene (`canvas.scene`), controls
 * some of its tokens (`canvas.tokens.controlled`) and targets some (`game.user.targets`), and opens
 * the token HUD to toggle status effects.
 *
 * Sources (each member names its own):
 * - A token is linked or not: a linked token's actor is the world actor; an unlinked token has a
 *   synthetic actor, the base actor with the token's own changes (`ActorDelta`), so a change to it
 *   stays on that token [API13 TokenDocument#actor ("a reference to the Actor this Token modifies"),
 *   TokenDocument#actorLink, TokenDocument#delta; API13 Actor#isToken, Actor#token; KB:tokens
 *   "Link Actor Data"].
 * - `canvas.scene` is the viewed scene; `canvas.tokens.controlled` the Token placeables the user
 *   controls, `canvas.tokens.placeables` all of them [API13 Canvas#scene, TokenLayer#controlled,
 *   PlaceablesLayer#placeables, PlaceablesLayer#get]. A user controls only tokens it owns (a GM any)
 *   [API13 PlaceableObject#control, Token#_canControl; KB:tokens "players can control tokens they own"].
 *   Controlling a token fires `controlToken(token, controlled)` [API13 hookEvents.controlObject].
 * - `User#targets` is a Set of the Token placeables that user targets (UserTargets); `Token#setTarget`
 *   changes them (`releaseOthers` clears the others first) and the change is broadcast to the other
 *   clients as the user's activity [API13 User#targets, UserTargets, Token#setTarget,
 *   User#broadcastActivity]; `targetToken(user, token, targeted)` fires [API13 hookEvents.targetToken].
 * - The token HUD offers the configured status effects (v13 `CONFIG.statusEffects` array; v14 record
 *   by id, an entry with `hud: false` not offered, `hud.actorTypes` only for those actor types) and a
 *   click toggles the status on the token's actor [API13 TokenHUD, Actor#toggleStatusEffect; API14
 *   CONFIG._StatusEffectConfig#hud].
 *
 * Simplifications: a synthetic actor's delta keeps the changed `system` values and flags and, once changed, its
 * whole list of effects (core keeps per-document deltas); tokens do not move, have no vision, no
 * elevation, no bars; only the tokens' own fields the system reads exist.
 */
import { actorIn, actorInstance, type ActorHome, type ActorInstance, type ActorSpec } from "./actors.ts";
import { broadcast, hop, latencyOf, viewOf, type OnClient } from "./server.ts";
import { currentUserId, env, runAs } from "./state.ts";
import { strictInstances, strictObject } from "./strict.ts";
import { deepClone, flattenObject, isPlainObject, mergeObject, setProperty, valuesEqual } from "./utils.ts";
import { userInstance } from "./users.ts";
import { statusEffectConfig } from "./actors.ts";
import type { EffectSpec } from "./effects.ts";

/** What an unlinked token changes of its base actor. [API13 ActorDelta] */
export interface TokenDelta {
  name?: string;
  /** The changed `system` values (nested). */
  system?: Record<string, unknown>;
  /** Once changed on the token: the token's own effects. */
  effects?: EffectSpec[];
  /** The token's own flags, written over its base actor's. [API13 ActorDelta: flags field] */
  flags?: Record<string, Record<string, unknown>>;
}

/** A token of a scene, as stored. [API13 foundry.documents.TokenDocument] */
export interface TokenSpec {
  _id: string;
  /** The token's name (shown on the canvas, the speaker's alias). */
  name: string;
  /** The actor it stands for. */
  actorId: string;
  /** Linked: the token is the world actor; unlinked: a synthetic actor of its own. Default `false`. */
  actorLink?: boolean;
  /** An unlinked token's own changes. */
  delta?: TokenDelta;
  /** Hidden from the players (the GM's eye icon). Default `false`. */
  hidden?: boolean;
}

/** A scene of the world, as stored. [API13 foundry.documents.Scene] */
export interface SceneSpec {
  id: string;
  name: string;
  /** The scene every client views at first (the active scene); default the first scene. */
  active?: boolean;
  tokens: TokenSpec[];
}

// ---- per-client state ----------------------------------------------------------------------

/** The running client's canvas state (created with the active scene in view). */
function canvasState(clientId = currentUserId()): { sceneId: string | null; controlled: string[] } {
  const e = env();
  let state = e.canvases.get(clientId);
  if (!state) {
    const scenes = [...viewOf(clientId).scenes.values()];
    const active = scenes.find((s) => s.active) ?? scenes[0];
    e.canvases.set(clientId, (state = { sceneId: active?.id ?? null, controlled: [] }));
  }
  return state;
}

/** The per-client cache of token documents, synthetic actors and placeables. */
function cache(clientId: string): Map<string, object> {
  const e = env();
  let map = e.clientTokens.get(clientId);
  if (!map) e.clientTokens.set(clientId, (map = new Map<string, object>()));
  return map;
}

function cached<T extends object>(clientId: string, key: string, make: () => T): T {
  const map = cache(clientId);
  let value = map.get(key) as T | undefined;
  if (!value) map.set(key, (value = make()));
  return value;
}

/** Who targets what, as `clientId` knows it: per user id, `sceneId.tokenId` keys. */
function targetsOf(clientId: string): Map<string, Set<string>> {
  const e = env();
  let map = e.targets.get(clientId);
  if (!map) e.targets.set(clientId, (map = new Map<string, Set<string>>()));
  return map;
}

// ---- data ----------------------------------------------------------------------------------

/** The stored token, as `clientId` (or the server) holds it. */
function tokenSpecOf(scenes: Map<string, SceneSpec>, sceneId: string, tokenId: string): TokenSpec | undefined {
  return scenes.get(sceneId)?.tokens.find((t) => t._id === tokenId);
}

/** A synthetic actor's data: its base actor's with the token's delta over it. [API13 ActorDelta] */
function syntheticSpec(base: ActorSpec, token: TokenSpec): ActorSpec {
  const delta = token.delta ?? {};
  const spec: ActorSpec = deepClone(base);
  if (typeof delta.name === "string") spec.name = delta.name;
  if (delta.system) spec.system = mergeObject(deepClone(base.system), deepClone(delta.system));
  if (delta.effects) spec.effects = deepClone(delta.effects);
  if (delta.flags) spec.flags = mergeObject(deepClone(base.flags ?? {}), deepClone(delta.flags));
  return spec;
}

/** What a synthetic actor's new data changes of its base: the delta to store on the token. */
function deltaOf(base: ActorSpec, next: ActorSpec, before: TokenDelta | undefined): TokenDelta {
  const delta: TokenDelta = {};
  if (next.name !== base.name) delta.name = next.name;
  const baseFlat = flattenObject(base.system);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flattenObject(next.system))) {
    if (!valuesEqual(baseFlat[key], value)) setProperty(changed, key, deepClone(value));
  }
  if (Object.keys(changed).length > 0) delta.system = changed;
  const baseFlags = flattenObject(base.flags ?? {});
  const flags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flattenObject(next.flags ?? {}))) {
    if (!valuesEqual(baseFlags[key], value)) setProperty(flags, key, deepClone(value));
  }
  if (Object.keys(flags).length > 0) delta.flags = flags as Record<string, Record<string, unknown>>;
  if (before?.effects || !valuesEqual(base.effects ?? [], next.effects ?? []))
    delta.effects = deepClone(next.effects ?? []);
  return delta;
}

/** The home of an unlinked token's synthetic actor: read through the delta, written into it. */
function syntheticHome(sceneId: string, tokenId: string, actorId: string): ActorHome {
  const home: ActorHome = {
    read: (clientId) => {
      const view = viewOf(clientId);
      const token = tokenSpecOf(view.scenes, sceneId, tokenId);
      const base = view.actors.get(actorId);
      return token && base ? syntheticSpec(base, token) : undefined;
    },
    server: () => {
      const { scenes, actors } = env().server;
      const token = tokenSpecOf(scenes, sceneId, tokenId);
      const base = actors.get(actorId);
      if (!token || !base) throw new Error(`Foundry double: Token ${tokenId} or its Actor ${actorId} is gone`);
      return syntheticSpec(base, token);
    },
    write: (next, onClient: OnClient) => {
      const { scenes, actors } = env().server;
      const token = tokenSpecOf(scenes, sceneId, tokenId);
      const base = actors.get(actorId);
      if (!token || !base) throw new Error(`Foundry double: Token ${tokenId} or its Actor ${actorId} is gone`);
      token.delta = deltaOf(base, next, token.delta);
      const delta = deepClone(token.delta);
      return broadcast(
        (view) => {
          const mine = tokenSpecOf(view.scenes, sceneId, tokenId);
          if (mine) mine.delta = deepClone(delta);
        },
        (clientId) => {
          onClient(clientId);
          home.instance(clientId)._renderApps();
        },
      );
    },
    instance: (clientId) => cached(clientId, `actor:${sceneId}.${tokenId}`, () => actorIn(home, actorId, clientId)),
    token: (clientId) => tokenDocument(sceneId, tokenId, clientId),
  };
  return home;
}

// ---- documents and placeables --------------------------------------------------------------

/** A token document as one client sees it. [API13 foundry.documents.TokenDocument] */
class TokenDocument {
  readonly #sceneId: string;
  readonly #tokenId: string;
  readonly #clientId: string;

  constructor(sceneId: string, tokenId: string, clientId: string) {
    this.#sceneId = sceneId;
    this.#tokenId = tokenId;
    this.#clientId = clientId;
  }

  get #spec(): TokenSpec {
    const spec = tokenSpecOf(viewOf(this.#clientId).scenes, this.#sceneId, this.#tokenId);
    if (!spec) throw new Error(`Foundry double: Token ${this.#tokenId} is not on this client's scene`);
    return spec;
  }

  /** The document name. [API13 Document#documentName] */
  get documentName(): "Token" {
    return "Token";
  }

  get id(): string {
    return this.#tokenId;
  }

  /** The token's name (an unlinked token's delta may rename it). [API13 TokenDocument#name] */
  get name(): string {
    return this.#spec.name;
  }

  /** The id of the actor it stands for. [API13 TokenDocument#actorId] */
  get actorId(): string {
    return this.#spec.actorId;
  }

  /** Whether the token is its world actor. [API13 TokenDocument#actorLink, TokenDocument#isLinked] */
  get actorLink(): boolean {
    return this.#spec.actorLink === true;
  }

  get isLinked(): boolean {
    return this.actorLink;
  }

  /** Whether the token is hidden from the players. [API13 TokenDocument#hidden] */
  get hidden(): boolean {
    return this.#spec.hidden === true;
  }

  /** The scene holding the token. [API13 Document#parent] */
  get parent(): Scene {
    return sceneDocument(this.#sceneId, this.#clientId);
  }

  /** `Scene.<id>.Token.<id>`. [API13 Document#uuid] */
  get uuid(): string {
    return `Scene.${this.#sceneId}.Token.${this.#tokenId}`;
  }

  /**
   * The actor: a linked token's world actor, an unlinked token's synthetic actor (its base with the
   * token's delta); `null` when the base actor is gone. [API13 TokenDocument#actor]
   */
  get actor(): ActorInstance | null {
    const { actorId } = this.#spec;
    if (!viewOf(this.#clientId).actors.has(actorId)) return null;
    if (this.actorLink) return actorInstance(actorId, this.#clientId);
    return syntheticHome(this.#sceneId, this.#tokenId, actorId).instance(this.#clientId);
  }

  /** Whether the running client's user owns the token (as it owns the actor). [API13 TokenDocument#isOwner] */
  get isOwner(): boolean {
    return runAs(this.#clientId, () => this.actor?.isOwner ?? false);
  }

  /** The token's placeable on this client's canvas, when it views the token's scene. [API13 TokenDocument#object] */
  get object(): Token | null {
    return canvasState(this.#clientId).sceneId === this.#sceneId
      ? tokenObject(this.#sceneId, this.#tokenId, this.#clientId)
      : null;
  }
}
strictInstances(TokenDocument);
export type { TokenDocument };

/** A token on a client's canvas. [API13 foundry.canvas.placeables.Token] */
class Token {
  readonly document: TokenDocument;
  readonly #clientId: string;

  constructor(document: TokenDocument, clientId: string) {
    this.document = document;
    this.#clientId = clientId;
  }

  get id(): string {
    return this.document.id;
  }

  get name(): string {
    return this.document.name;
  }

  /** The token's actor. [API13 Token#actor] */
  get actor(): ActorInstance | null {
    return this.document.actor;
  }

  get isOwner(): boolean {
    return this.document.isOwner;
  }

  /** Whether this client controls the token. [API13 PlaceableObject#controlled] */
  get controlled(): boolean {
    return canvasState(this.#clientId).controlled.includes(this.id);
  }

  /**
   * Takes control of the token (an owner, or a GM); `releaseOthers` (default) releases the others
   * first. `false` when the user may not. [API13 PlaceableObject#control]
   */
  control({ releaseOthers = true }: { releaseOthers?: boolean } = {}): boolean {
    if (!runAs(this.#clientId, () => this.isOwner)) return false;
    const state = canvasState(this.#clientId);
    if (releaseOthers)
      for (const id of [...state.controlled])
        if (id !== this.id) tokenObject(state.sceneId ?? "", id, this.#clientId).release();
    if (!state.controlled.includes(this.id)) {
      state.controlled.push(this.id);
      runAs(this.#clientId, () => hooks().callAll("controlToken", this, true));
    }
    return true;
  }

  /** Releases control. [API13 PlaceableObject#release] */
  release(): boolean {
    const state = canvasState(this.#clientId);
    const index = state.controlled.indexOf(this.id);
    if (index < 0) return false;
    state.controlled.splice(index, 1);
    runAs(this.#clientId, () => hooks().callAll("controlToken", this, false));
    return true;
  }

  /** Whether the running client's user targets this token. [API13 Token#isTargeted] */
  get isTargeted(): boolean {
    return targetsOf(this.#clientId).get(this.#clientId)?.has(keyOf(this.document)) ?? false;
  }

  /**
   * Targets the token, or stops, for this client's user: `releaseOthers` (default) clears the user's
   * other targets first. The other clients learn it after their latency (the user's broadcast
   * activity). [API13 Token#setTarget, User#broadcastActivity; hookEvents.targetToken]
   */
  setTarget(targeted = true, { releaseOthers = true }: { releaseOthers?: boolean } = {}): void {
    const userId = this.#clientId;
    const key = keyOf(this.document);
    const apply = (clientId: string) => {
      const mine = targetsOf(clientId);
      let set = mine.get(userId);
      if (!set) mine.set(userId, (set = new Set<string>()));
      if (releaseOthers) set.clear();
      if (targeted) set.add(key);
      else set.delete(key);
    };
    apply(userId);
    runAs(userId, () => hooks().callAll("targetToken", userInstance(userId), this, targeted));
    for (const clientId of env().server.users.keys()) {
      if (clientId === userId) continue;
      const e = env();
      e.workCount += 1;
      const arrival = hop(latencyOf(userId) + latencyOf(clientId)).then(() => {
        if (env() === e) apply(clientId);
      });
      e.uiTasks.add(arrival);
      void arrival.finally(() => e.uiTasks.delete(arrival));
    }
  }
}
strictInstances(Token);
export type { Token };

/** A scene as one client sees it. [API13 foundry.documents.Scene] */
class Scene {
  readonly #sceneId: string;
  readonly #clientId: string;

  constructor(sceneId: string, clientId: string) {
    this.#sceneId = sceneId;
    this.#clientId = clientId;
  }

  get documentName(): "Scene" {
    return "Scene";
  }

  get id(): string {
    return this.#sceneId;
  }

  get name(): string {
    return viewOf(this.#clientId).scenes.get(this.#sceneId)?.name ?? "";
  }

  /** Whether it is the world's active scene. [API13 Scene#active] */
  get active(): boolean {
    return viewOf(this.#clientId).scenes.get(this.#sceneId)?.active === true;
  }

  /** The token documents. [API13 Scene#tokens: an EmbeddedCollection] */
  get tokens(): { contents: TokenDocument[]; get(id: string): TokenDocument | undefined; size: number } {
    const all = () =>
      (viewOf(this.#clientId).scenes.get(this.#sceneId)?.tokens ?? []).map((t) =>
        tokenDocument(this.#sceneId, t._id, this.#clientId),
      );
    return strictObject(
      {
        get contents() {
          return all();
        },
        get size() {
          return all().length;
        },
        get: (id: string) => all().find((t) => t.id === id),
        [Symbol.iterator]: () => all()[Symbol.iterator](),
      },
      `Scene ${this.#sceneId} tokens`,
    );
  }
}
strictInstances(Scene);

function keyOf(token: TokenDocument): string {
  return `${token.parent.id}.${token.id}`;
}

function hooks(): { callAll(hook: string, ...args: unknown[]): boolean } {
  return env().globals.Hooks as { callAll(hook: string, ...args: unknown[]): boolean };
}

/** `clientId`'s token document (one instance per client). */
export function tokenDocument(sceneId: string, tokenId: string, clientId: string): TokenDocument {
  return cached(clientId, `doc:${sceneId}.${tokenId}`, () => new TokenDocument(sceneId, tokenId, clientId));
}

/** `clientId`'s Token placeable. */
function tokenObject(sceneId: string, tokenId: string, clientId: string): Token {
  return cached(
    clientId,
    `obj:${sceneId}.${tokenId}`,
    () => new Token(tokenDocument(sceneId, tokenId, clientId), clientId),
  );
}

/** `clientId`'s scene document. */
function sceneDocument(sceneId: string, clientId: string): Scene {
  return cached(clientId, `scene:${sceneId}`, () => new Scene(sceneId, clientId));
}

// ---- globals -------------------------------------------------------------------------------

/** The tokens of the scene the running client views. */
function viewedTokens(): Token[] {
  const clientId = currentUserId();
  const { sceneId } = canvasState(clientId);
  if (!sceneId) return [];
  return (viewOf(clientId).scenes.get(sceneId)?.tokens ?? []).map((t) => tokenObject(sceneId, t._id, clientId));
}

/**
 * `canvas` for the running client: its viewed scene and the token layer. [API13 Canvas#ready,
 * Canvas#scene, Canvas#tokens; TokenLayer#controlled, #placeables, #get]
 */
export function createCanvas() {
  const tokens = strictObject(
    {
      get placeables() {
        return viewedTokens();
      },
      get controlled() {
        const { controlled } = canvasState();
        return viewedTokens().filter((t) => controlled.includes(t.id));
      },
      get: (id: string) => viewedTokens().find((t) => t.id === id),
    },
    "canvas.tokens",
  );
  return strictObject(
    {
      get ready() {
        return canvasState().sceneId !== null;
      },
      get scene() {
        const { sceneId } = canvasState();
        return sceneId ? sceneDocument(sceneId, currentUserId()) : null;
      },
      tokens,
    },
    "canvas",
  );
}

/** `game.scenes` for the running client. [API13 foundry.documents.collections.Scenes: get, contents, active, viewed] */
export function createScenes() {
  const all = () => [...viewOf(currentUserId()).scenes.keys()].map((id) => sceneDocument(id, currentUserId()));
  return strictObject(
    {
      get contents() {
        return all();
      },
      get: (id: string) => all().find((s) => s.id === id),
      get active() {
        return all().find((s) => s.active) ?? null;
      },
      get viewed() {
        const { sceneId } = canvasState();
        return sceneId ? sceneDocument(sceneId, currentUserId()) : null;
      },
      [Symbol.iterator]: () => all()[Symbol.iterator](),
    },
    "game.scenes",
  );
}

/** A user's targets as the running client knows them: the Token placeables of its canvas. [API13 User#targets] */
export function userTargets(userId: string): Set<Token> {
  const clientId = currentUserId();
  const keys = targetsOf(clientId).get(userId) ?? new Set<string>();
  // Only Token placeables of this client's own canvas: a target on a scene this client does not view
  // is not there at all (issue 41 fault 7; another client's copy "cannot be relied on", FI#8295).
  const viewed = canvasState(clientId).sceneId;
  const out = new Set<Token>();
  for (const key of keys) {
    const [sceneId = "", tokenId = ""] = key.split(".");
    if (sceneId === viewed && tokenSpecOf(viewOf(clientId).scenes, sceneId, tokenId))
      out.add(tokenObject(sceneId, tokenId, clientId));
  }
  return out;
}

/** A token's speaker (scene, token, actor, alias). [API13 ChatMessage.getSpeaker; public v14 notes on speaker selection] */
export function tokenSpeaker(token: TokenDocument, alias?: string) {
  return { scene: token.parent.id, actor: token.actor?.id ?? null, token: token.id, alias: alias ?? token.name };
}

/** The running client's first controlled token on its viewed scene, if any. */
export function firstControlled(): Token | undefined {
  const { controlled } = canvasState();
  return viewedTokens().find((t) => t.id === controlled[0]);
}

/** A linked token of this actor on the running client's viewed scene (its "active token"), if any. [API13 Actor#getActiveTokens] */
export function activeTokenOf(actorId: string): TokenDocument | undefined {
  return viewedTokens().find((t) => t.document.actorLink && t.document.actorId === actorId)?.document;
}

// ---- the double's handles ------------------------------------------------------------------

/** A status effect as the token HUD offers it. */
export interface HudStatus {
  id: string;
  name: string;
  img: string;
  /** Whether the token's actor has it now. */
  active: boolean;
}

/** The token HUD of one token on one client. */
export interface TokenHudDouble {
  /** The status effects offered, in order, each with whether it is on. */
  readonly statuses: HudStatus[];
  /** Clicks a status's toggle (as the HUD's user), then the world settles. */
  toggle(statusId: string): Promise<void>;
}

/** The status effects configured for the HUD, per generation (v14 `hud` filtering). */
function hudStatuses(actorType: string): { id: string; name: string; img: string }[] {
  const config: unknown = (env().globals.CONFIG as { statusEffects: unknown }).statusEffects;
  const entries = (Array.isArray(config) ? config : Object.values(config as object)) as ({ id: string } & Record<
    string,
    unknown
  >)[];
  return entries
    .filter((s) => {
      const hud = s.hud;
      if (hud === false) return false;
      if (isPlainObject(hud) && Array.isArray(hud.actorTypes)) return (hud.actorTypes as unknown[]).includes(actorType);
      return true;
    })
    .map((s) => ({
      id: s.id,
      name: typeof s.name === "string" ? s.name : "",
      img: typeof s.img === "string" ? s.img : "",
    }));
}

/**
 * The token HUD a user opens on a token (an owner or a GM: the HUD opens on a controlled token).
 * [API13 TokenHUD; Actor#toggleStatusEffect]
 */
export function tokenHud(
  userId: string,
  sceneId: string,
  tokenId: string,
  settle: () => Promise<void>,
): TokenHudDouble {
  return runAs(userId, () => {
    const token = tokenDocument(sceneId, tokenId, userId);
    if (!token.isOwner)
      throw new Error(
        `Foundry double: ${userInstance(userId)?.name ?? userId} cannot open the HUD of a token they do not own`,
      );
    const actor = token.actor;
    if (!actor) throw new Error(`Foundry double: token ${tokenId} has no actor`);
    return {
      get statuses() {
        return runAs(userId, () => {
          const on = new Set(
            actor.effects.contents.flatMap((e) => [...(e as unknown as { statuses: Set<string> }).statuses]),
          );
          return hudStatuses(actor.type).map((s) => ({ ...s, active: on.has(s.id) }));
        });
      },
      async toggle(statusId: string) {
        if (!statusEffectConfig(statusId)) throw new Error(`Foundry double: the HUD offers no status ${statusId}`);
        await runAs(userId, () =>
          (actor as unknown as { toggleStatusEffect(id: string): Promise<unknown> }).toggleStatusEffect(statusId),
        );
        await settle();
      },
    };
  });
}

/** Makes a client view another scene (its controlled tokens are released). [API13 Scene#view] */
export function viewScene(userId: string, sceneId: string): void {
  const state = canvasState(userId);
  state.sceneId = sceneId;
  state.controlled = [];
}

/** A token's delta as the server stores it (what changed on that token only), if any. */
export function storedDelta(sceneId: string, tokenId: string): TokenDelta | undefined {
  return deepClone(tokenSpecOf(env().server.scenes, sceneId, tokenId)?.delta);
}
