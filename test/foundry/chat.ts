/**
 * ChatMessage: creation with roll/message modes, per-client visibility, Foundry's update permission,
 * flags, rendering and the `game.messages` collection. [docs/foundry-notes.md §3, §13]
 *
 * The world stores each message's source data with its rolls as JSON strings [API13/API14
 * ChatMessageData "rolls: Serialized content of any Roll instances"]. Every client builds its own
 * ChatMessage instance from that source and revives its own Roll instances with `Roll.fromData`, so a
 * second client, or `double.reload()`, sees exactly what was persisted.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { LEGACY_TO_MESSAGE_MODE, Roll, type RollData, type RollInstance } from "./dice.ts";
import { broadcast, lifecycle, preHook, toServer, viewOf } from "./server.ts";
import { type ChatMessageSource, currentUserId, env, peekEnv, runAs, warn } from "./state.ts";
import { strictClass, strictInstances, strictObject } from "./strict.ts";
import { assertFlagScope, userInstance, users, type UserInstance } from "./users.ts";
import { applyOperators, deletionOf } from "./operators.ts";
import { deepClone, diffUpdate, expandObject, getProperty, isPlainObject, mergeObject, randomID } from "./utils.ts";
import { worldCollection, type WorldCollection } from "./collection.ts";
import { toChatLog } from "./applications.ts";
import { activeTokenOf, firstControlled, type TokenDocument, tokenSpeaker } from "./tokens.ts";
import { changedSystem, createdSystem, preparedSystem } from "./actors.ts";
import { ROOT } from "../support/i18n.ts";

/** `CONST.DICE_ROLL_MODES`. [API13 CONST.DICE_ROLL_MODES; present in v14 too, uncertain] */
export const DICE_ROLL_MODES = Object.freeze({
  PUBLIC: "publicroll",
  PRIVATE: "gmroll",
  BLIND: "blindroll",
  SELF: "selfroll",
});

/** `CONST.CHAT_MESSAGE_STYLES`. [API13/API14 CONST.CHAT_MESSAGE_STYLES] */
export const CHAT_MESSAGE_STYLES = Object.freeze({ OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 });

/** Message data as accepted by `ChatMessage.create` / `new ChatMessage`. */
export type ChatMessageData = Record<string, unknown>;

/** A v14 message mode entry. [API14 CONFIG.ChatMessage.modes: `{handler(data), icon, label}`] */
export interface MessageMode {
  label: string;
  icon: string;
  handler: (data: ChatMessageData) => void;
}

const SOURCE_KEYS = new Set<keyof ChatMessageSource>([
  "_id",
  "type",
  "system",
  "style",
  "author",
  "timestamp",
  "flavor",
  "content",
  "speaker",
  "whisper",
  "blind",
  "rolls",
  "sound",
  "emote",
  "flags",
]);

function gmIds(): string[] {
  return users()
    .filter((u) => u.isGM)
    .map((u) => u.id);
}

/** The v14 modes. [docs/foundry-notes.md §13; handlers written from the v13 roll-mode behaviour; `ic` uncertain] */
export function createMessageModes(): Record<string, MessageMode> {
  const set = (data: ChatMessageData, whisper: string[], blind: boolean) => {
    data.whisper = whisper;
    data.blind = blind;
  };
  return {
    public: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe", handler: (d) => set(d, [], false) },
    ic: {
      label: "CHAT.MessageModeIC",
      icon: "fa-solid fa-masks-theater",
      handler: (d) => {
        set(d, [], false);
        d.style = CHAT_MESSAGE_STYLES.IC;
      },
    },
    gm: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret", handler: (d) => set(d, gmIds(), false) },
    blind: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash", handler: (d) => set(d, gmIds(), true) },
    self: { label: "CHAT.RollSelf", icon: "fa-solid fa-user", handler: (d) => set(d, [currentUserId()], false) },
  };
}

function normalizeRolls(rolls: unknown): string[] {
  if (!Array.isArray(rolls)) throw new Error("Foundry double: ChatMessage rolls must be an array");
  return rolls.map((r: unknown) => {
    const json = typeof r === "string" ? r : JSON.stringify(r);
    const data = JSON.parse(json) as Partial<RollData>;
    // A message carries evaluated rolls; Roll#toMessage always evaluates first [docs/foundry-notes.md §1.5; rejection uncertain].
    if (!data.evaluated) throw new Error("Foundry double: ChatMessage rolls must be evaluated Rolls");
    return json;
  });
}

/** Builds clean source data from creation data; unknown fields are dropped (and recorded), as schema cleaning drops them. */
function cleanSource(data: ChatMessageData): ChatMessageSource {
  const input: ChatMessageData = { ...data };
  if ("user" in input) {
    // v12 renamed `user` to `author` [FI#9843; FI#12126].
    warn('ChatMessage data: "user" is deprecated, use "author"');
    input.author ??= input.user;
    delete input.user;
  }
  for (const key of Object.keys(input)) {
    if (!SOURCE_KEYS.has(key as keyof ChatMessageSource)) {
      warn(`ChatMessage data: unknown field "${key}" was dropped`);
      delete input[key];
    }
  }
  const speaker = isPlainObject(input.speaker) ? input.speaker : {};
  const whisper = Array.isArray(input.whisper) ? input.whisper : [];
  return {
    _id: typeof input._id === "string" ? input._id : null,
    type: typeof input.type === "string" ? input.type : "base",
    system: isPlainObject(input.system) ? deepClone(input.system) : {},
    style: typeof input.style === "number" ? input.style : CHAT_MESSAGE_STYLES.OTHER,
    author: typeof input.author === "string" ? input.author : ((input.author as { id?: string } | undefined)?.id ?? ""),
    timestamp: typeof input.timestamp === "number" ? input.timestamp : Date.now(),
    flavor: typeof input.flavor === "string" ? input.flavor : "",
    content:
      typeof input.content === "string" ? input.content : input.content == null ? "" : JSON.stringify(input.content),
    speaker: {
      scene: (speaker.scene as string | null | undefined) ?? null,
      actor: (speaker.actor as string | null | undefined) ?? null,
      token: (speaker.token as string | null | undefined) ?? null,
      alias: (speaker.alias as string | null | undefined) ?? null,
    },
    whisper: whisper.map((w: unknown) => (typeof w === "string" ? w : String((w as { id: string }).id))),
    blind: Boolean(input.blind),
    rolls: input.rolls === undefined ? [] : normalizeRolls(input.rolls),
    sound: typeof input.sound === "string" ? input.sound : null,
    emote: Boolean(input.emote),
    flags: isPlainObject(input.flags) ? (deepClone(input.flags) as ChatMessageSource["flags"]) : {},
  };
}

/**
 * The message types a world knows: core's `base` and those the system's manifest declares in
 * `documentTypes.ChatMessage`; another type is refused when a message is created. [API13
 * foundry.documents.BaseChatMessage: `type` is a document type field, "base" its initial value;
 * docs/foundry-notes.md §3 (subtypes declared in `documentTypes.ChatMessage`) and §5]
 */
const MESSAGE_TYPES: ReadonlySet<string> = new Set([
  "base",
  ...Object.keys(
    (
      JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
        documentTypes?: { ChatMessage?: Record<string, unknown> };
      }
    ).documentTypes?.ChatMessage ?? {},
  ),
]);

function jsonClone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function globalsSettings(): { get(ns: string, key: string): unknown } {
  return (env().globals.game as { settings: { get(ns: string, key: string): unknown } }).settings;
}

function modes(): Record<string, MessageMode> {
  return (env().globals.CONFIG as { ChatMessage: { modes: Record<string, MessageMode> } }).ChatMessage.modes;
}

/** A chat message as one client sees it. [API13/API14 foundry.documents.ChatMessage] */
class ChatMessage {
  /** This client's copy of the source data. */
  _source: ChatMessageSource;
  /** The user whose client holds this instance. */
  _clientUserId: string;
  /** The world revision this copy reflects. */
  _rev = 0;
  /** This client's revived rolls. */
  _rolls: RollInstance[] | undefined = undefined;
  /** This client's `system` (its type's model, when it has one). */
  _system: Record<string, unknown> | undefined = undefined;

  /** `new ChatMessage(data)`: an unsaved message. */
  constructor(data: ChatMessageData = {}) {
    this._clientUserId = currentUserId();
    this._source = cleanSource(data);
  }

  /** The configured document class. [API13 Document.implementation] */
  static get implementation(): typeof ChatMessage {
    return (env().globals.CONFIG as { ChatMessage: { documentClass: typeof ChatMessage } }).ChatMessage.documentClass;
  }

  /**
   * Creates a message in the world and returns this client's instance. Options: v13 `{rollMode}`, v14
   * `{messageMode}` (a v14 `rollMode` is mapped, with a deprecation warning). A non-GM may only create
   * messages authored by itself [uncertain]. [docs/foundry-notes.md §3, §13; 5E basic-roll.mjs; SR5 PR #2065]
   */
  static async create(
    data: ChatMessageData | ChatMessage,
    options: { rollMode?: string; messageMode?: string; keepId?: boolean } = {},
  ): Promise<ChatMessage> {
    await Promise.resolve();
    if (Array.isArray(data)) throw new Error("Foundry double: ChatMessage.create with an array is not emulated");
    const e = env();
    const msg = data instanceof ChatMessage ? data : new this(data);
    const source = jsonClone(msg._source);
    if (!MESSAGE_TYPES.has(source.type)) {
      throw new Error(
        `ChatMessage validation errors:\n  type: "${source.type}" is not a valid type for the ChatMessage Document class`,
      );
    }
    // A type with a data model stores its `system` cleaned and validated by it. [docs/foundry-notes.md §5]
    source.system = createdSystem("ChatMessage", source.type, source.system);
    if (e.generation === 13) {
      if (options.messageMode !== undefined)
        warn("ChatMessage.create: messageMode is not a v13 option and was ignored");
      if (options.rollMode) ChatMessage.applyRollMode(source as unknown as ChatMessageData, options.rollMode);
    } else {
      let mode = options.messageMode;
      if (mode === undefined && options.rollMode !== undefined) {
        warn("ChatMessage.create: the rollMode option is deprecated in v14; use messageMode");
        mode = LEGACY_TO_MESSAGE_MODE[options.rollMode] ?? options.rollMode;
      }
      if (mode) ChatMessage.applyMode(source as unknown as ChatMessageData, mode);
    }
    const actor = userInstance(currentUserId()) as UserInstance;
    source.author ||= actor.id;
    // [API13 ChatMessage: created by its author; a GM may create for anyone]
    if (source.author !== actor.id && !actor.isGM) {
      throw new Error(`User ${actor.name} lacks permission to create ChatMessage with author [${source.author}]`);
    }
    if (!preHook("preCreateChatMessage", msg, jsonClone(source), options)) return undefined as unknown as ChatMessage;
    await toServer();
    // `keepId` keeps the `_id` the data gives (16 letters and digits, not in use). [API13 DatabaseCreateOperation#keepId]
    const given = (data instanceof ChatMessage ? undefined : (data as { _id?: unknown })._id) as string | undefined;
    if (options.keepId && (!/^[A-Za-z0-9]{16}$/.test(given ?? "") || e.server.messages.has(given ?? ""))) {
      throw new Error(`Foundry double: the id ${String(given)} cannot be kept`);
    }
    const id = options.keepId ? (given as string) : randomID();
    source._id = id;
    e.server.messages.set(id, { source, rev: 1 });
    await broadcast(
      (view) => view.messages.set(id, { source: jsonClone(source), rev: 1 }),
      (clientId) => {
        const message = messageInstance(id, clientId) as ChatMessage;
        toChatLog("create", clientId, message);
        lifecycle("createChatMessage", () => [message, options, actor.id])(clientId);
      },
    );
    return messageInstance(id, currentUserId()) as ChatMessage;
  }

  /**
   * Speaker data. With a token: that token (its scene, id, actor and name); with an actor: that actor;
   * with neither, the first token the user controls on the viewed scene, else the user's assigned
   * character (its linked token on the viewed scene when it has one, else the actor), else the user's
   * name. [API13 ChatMessage.getSpeaker; docs/foundry-notes.md §13.1; public v14 notes on speaker selection
   * ("the first token you control on the viewed scene … otherwise your assigned character: its active
   * token on the scene if it has one, else the actor … otherwise your user name")]
   */
  static getSpeaker({
    scene,
    actor,
    token,
    alias,
  }: {
    scene?: { id: string };
    actor?: { id: string; name: string };
    token?: TokenDocument;
    alias?: string;
  } = {}): ChatMessageSource["speaker"] {
    if (token) return tokenSpeaker(token, alias);
    const fromActor = (a: { id: string; name: string }) => ({
      scene: scene?.id ?? null,
      actor: a.id,
      token: null,
      alias: alias ?? a.name,
    });
    if (actor) return fromActor(actor);
    const controlled = firstControlled();
    if (controlled) return tokenSpeaker(controlled.document, alias);
    const user = userInstance(currentUserId()) as UserInstance;
    const character = user.character as { id: string; name: string } | null;
    if (character) {
      const active = activeTokenOf(character.id);
      return active ? tokenSpeaker(active, alias) : fromActor(character);
    }
    return { scene: scene?.id ?? null, actor: null, token: null, alias: alias ?? user.name };
  }

  /**
   * The actor a speaker stands for: its token's own actor when the speaker names a token of a scene,
   * else the world actor it names, else `null`. [API13 ChatMessage.getSpeakerActor: "Obtain an Actor
   * instance which represents the speaker of this message (if any)"]
   */
  static getSpeakerActor(speaker: ChatMessageSource["speaker"] | null | undefined): unknown {
    if (!speaker) return null;
    const game = env().globals.game as {
      scenes: { get(id: string): { tokens: { get(id: string): { actor: unknown } | undefined } } | undefined };
      actors: { get(id: string): unknown };
    };
    if (speaker.scene && speaker.token) {
      const actor = game.scenes.get(speaker.scene)?.tokens.get(speaker.token)?.actor;
      if (actor) return actor;
    }
    return speaker.actor ? (game.actors.get(speaker.actor) ?? null) : null;
  }

  /** `"GM"` → every GM user; `"players"` → every other user; else users with that name. [API13 ChatMessage.getWhisperRecipients] */
  static getWhisperRecipients(name: string): UserInstance[] {
    if (name.toLowerCase() === "gm") return users().filter((u) => u.isGM);
    if (name.toLowerCase() === "players") return users().filter((u) => !u.isGM);
    return users().filter((u) => u.name === name);
  }

  /**
   * v13: applies a roll mode to message data. gmroll → whisper to GMs; blindroll → whisper to GMs and
   * blind; selfroll → whisper to the current user; publicroll → no whisper; `"roll"` → the
   * `core.rollMode` setting. v14: deprecated, mapped to `applyMode`. [docs/foundry-notes.md §3, §13; KB:dice]
   */
  static applyRollMode(chatData: ChatMessageData, rollMode: string): ChatMessageData {
    if (env().generation === 14) {
      warn("ChatMessage.applyRollMode is deprecated in v14; use ChatMessage.applyMode");
      return ChatMessage.applyMode(chatData, LEGACY_TO_MESSAGE_MODE[rollMode] || undefined);
    }
    const mode = rollMode === "roll" ? String(globalsSettings().get("core", "rollMode")) : rollMode;
    const { PUBLIC, PRIVATE, BLIND, SELF } = DICE_ROLL_MODES;
    if (mode === PRIVATE || mode === BLIND) chatData.whisper = gmIds();
    else if (mode === SELF) chatData.whisper = [currentUserId()];
    else if (mode === PUBLIC) chatData.whisper = [];
    else throw new Error(`Foundry double: unknown roll mode "${mode}"`);
    chatData.blind = mode === BLIND;
    return chatData;
  }

  /**
   * v14: applies a message mode through `CONFIG.ChatMessage.modes[mode].handler`; no mode → the
   * `core.messageMode` setting. Absent in v13. [API14 CONFIG.ChatMessage.modes; docs/foundry-notes.md §13]
   */
  static applyMode(chatData: ChatMessageData, mode?: string): ChatMessageData {
    const key = mode ?? String(globalsSettings().get("core", "messageMode"));
    const entry = modes()[key];
    if (!entry) throw new Error(`Invalid message mode "${key}"`);
    entry.handler(chatData);
    return chatData;
  }

  /** Refreshes this client's copy when the world's source changed (the server's update broadcast). */
  _sync(): ChatMessageSource {
    const id = this._source._id;
    const entry = id ? viewOf(this._clientUserId).messages.get(id) : undefined;
    if (entry && entry.rev !== this._rev) {
      this._source = jsonClone(entry.source);
      this._rev = entry.rev;
      this._rolls = undefined;
      this._system = undefined;
    }
    return this._source;
  }

  private get _client(): UserInstance {
    return userInstance(this._clientUserId) as UserInstance;
  }

  /** The document id; `null` before creation. */
  get id(): string | null {
    return this._sync()._id;
  }

  /** The document id. */
  get _id(): string | null {
    return this.id;
  }

  /** The subtype. */
  get type(): string {
    return this._sync().type;
  }

  /** Subtype data: its type's data model (`CONFIG.ChatMessage.dataModels`), else the plain data. [docs/foundry-notes.md §5] */
  get system(): Record<string, unknown> {
    const source = this._sync();
    this._system ??= preparedSystem("ChatMessage", source.type, source.system, this) as Record<string, unknown>;
    return this._system;
  }

  /** `CONST.CHAT_MESSAGE_STYLES` value. */
  get style(): number {
    return this._sync().style;
  }

  /** The author as a User document (v12+). [FI#9843] */
  get author(): UserInstance | null {
    return userInstance(this._sync().author) ?? null;
  }

  /** Creation time. */
  get timestamp(): number {
    return this._sync().timestamp;
  }

  /** Flavor text. */
  get flavor(): string {
    return this._sync().flavor;
  }

  /** HTML content. */
  get content(): string {
    return this._sync().content;
  }

  /** Speaker data. */
  get speaker(): ChatMessageSource["speaker"] {
    return this._sync().speaker;
  }

  /** Ids of the users the message is whispered to. */
  get whisper(): string[] {
    return this._sync().whisper;
  }

  /** Whether the author cannot see the content. */
  get blind(): boolean {
    return this._sync().blind;
  }

  /** Sound path. */
  get sound(): string | null {
    return this._sync().sound;
  }

  /** Whether the message is an emote. */
  get emote(): boolean {
    return this._sync().emote;
  }

  /** Flags of this client's copy. */
  get flags(): ChatMessageSource["flags"] {
    return this._sync().flags;
  }

  /** The rolls, revived on this client with `Roll.fromData` from the stored JSON. [docs/foundry-notes.md §1.2–1.3] */
  get rolls(): RollInstance[] {
    const source = this._sync();
    this._rolls ??= source.rolls.map((json) => Roll.fromData(JSON.parse(json) as RollData));
    return this._rolls;
  }

  /** The speaker alias, else the author's name. [API13 ChatMessage#alias] */
  get alias(): string {
    return this.speaker.alias ?? this.author?.name ?? "";
  }

  /** Whether the message contains rolls. [API13 ChatMessage#isRoll] */
  get isRoll(): boolean {
    return this._sync().rolls.length > 0;
  }

  /** Whether this client's user wrote the message. [API13 ChatMessage#isAuthor] */
  get isAuthor(): boolean {
    return this._sync().author === this._clientUserId;
  }

  /** GM or author. [docs/foundry-notes.md §3] */
  get isOwner(): boolean {
    return this._client.isGM || this.isAuthor;
  }

  /**
   * Whether this client shows the message at all: not whispered, or a roll ("all players will be able
   * to see that a roll was performed" [KB:dice]), or authored by or whispered to this user.
   * [API13 ChatMessage#visible; uncertain: whether self rolls show to others as a placeholder (the newer
   * KB text says "only visible to the user who rolled it"), and whether GMs see other users' text whispers]
   */
  get visible(): boolean {
    const source = this._sync();
    if (source.whisper.length === 0 || this.isRoll) return true;
    return this.isAuthor || source.whisper.includes(this._clientUserId);
  }

  /**
   * Whether this client may see the content: public; else whispered to this user; else the author
   * unless the message is blind. [API13 ChatMessage#isContentVisible; KB:dice roll modes]
   */
  get isContentVisible(): boolean {
    if (!this.visible) return false;
    const source = this._sync();
    if (source.whisper.length === 0) return true;
    if (source.whisper.includes(this._clientUserId)) return true;
    return this.isAuthor && !source.blind;
  }

  /** Reads a flag. [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    assertFlagScope(scope);
    return getProperty(this.flags[scope], key);
  }

  /** Writes a flag through `update` (so it needs update permission). [docs/foundry-notes.md §3] */
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    assertFlagScope(scope);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  /** Deletes a flag through `update`. [API13 Document#unsetFlag] */
  async unsetFlag(scope: string, key: string): Promise<this> {
    assertFlagScope(scope);
    return this.update(deletionOf(`flags.${scope}.${key}`, env().generation));
  }

  private _assertCanModify(action: "update" | "delete"): { id: string; actor: UserInstance } {
    const id = this._sync()._id;
    if (!id || !env().world.messages.has(id))
      throw new Error(`Foundry double: cannot ${action} a ChatMessage that is not in the world`);
    const actor = this._client;
    if (!actor.isGM && this._source.author !== actor.id) {
      throw new Error(`User ${actor.name} lacks permission to ${action} ChatMessage [${id}]`);
    }
    return { id, actor };
  }

  /**
   * Updates the message in the world: only a GM or the author may, and only a GM may change the
   * author [FI#7831 quotes #canUpdate; docs/foundry-notes.md §3; error wording as reported in CoC7 #947].
   * Dot-notation keys and `-=` deletions are applied as `mergeObject` does.
   */
  async update(changes: ChatMessageData, options: Record<string, unknown> = {}): Promise<this> {
    const { id, actor } = this._assertCanModify("update");
    const expanded = expandObject(changes);
    delete expanded._id;
    if ("author" in expanded && expanded.author !== this._source.author && !actor.isGM) {
      throw new Error(
        `User ${actor.name} lacks permission to update ChatMessage [${id}]: only a GM may change the author`,
      );
    }
    if ("rolls" in expanded) expanded.rolls = normalizeRolls(expanded.rolls);
    if ("whisper" in expanded && Array.isArray(expanded.whisper)) {
      expanded.whisper = expanded.whisper.map((w: unknown) =>
        typeof w === "string" ? w : String((w as { id: string }).id),
      );
    }
    // Diffed against this client's copy first: a change to nothing is no update. [API13 DatabaseUpdateOperation#diff]
    const mine = this._sync() as unknown as Record<string, unknown>;
    const operated = applyOperators(expanded, env().generation, mine);
    const diff = options.diff === false ? operated : diffUpdate(mine, operated);
    if (Object.keys(diff).length === 0) return this;
    if (!preHook("preUpdateChatMessage", this, jsonClone(diff), options)) return this;
    await toServer();
    const entry = env().server.messages.get(id);
    if (!entry) throw new Error(`Foundry double: ChatMessage [${id}] was deleted meanwhile`);
    const merged = jsonClone(mergeObject(jsonClone(entry.source), diff, { performDeletions: true }));
    // A change of `system` is cleaned and validated by the type's model; one that fails changes nothing.
    if ("system" in diff) merged.system = changedSystem("ChatMessage", merged.type, entry.source.system, diff.system);
    const next = { source: merged, rev: entry.rev + 1 };
    env().server.messages.set(id, next);
    await broadcast(
      (view) => view.messages.set(id, jsonClone(next)),
      (clientId) => {
        const message = messageInstance(id, clientId) as ChatMessage;
        toChatLog("update", clientId, message);
        lifecycle("updateChatMessage", () => [message, jsonClone(diff), options, actor.id])(clientId);
      },
    );
    this._sync();
    return this;
  }

  /** Deletes the message (GM or author). [API13 Document#delete] */
  async delete(options: Record<string, unknown> = {}): Promise<this> {
    const { id, actor } = this._assertCanModify("delete");
    if (!preHook("preDeleteChatMessage", this, options)) return this;
    await toServer();
    if (!env().server.messages.delete(id)) throw new Error(`Foundry double: ChatMessage [${id}] was deleted meanwhile`);
    await broadcast(
      (view) => view.messages.delete(id),
      (clientId) => {
        const message = (env().clientMessages.get(clientId)?.get(id) as ChatMessage | undefined) ?? this;
        toChatLog("delete", clientId, message);
        lifecycle("deleteChatMessage", () => [message, options, actor.id])(clientId);
      },
    );
    for (const cache of env().clientMessages.values()) cache.delete(id);
    return this;
  }

  /** The source data (rolls as JSON strings). [API13 DataModel#toObject] */
  toObject(): ChatMessageSource {
    return jsonClone(this._sync());
  }

  /** Same as `toObject()`. */
  toJSON(): ChatMessageSource {
    return this.toObject();
  }

  /** v13: applies a roll mode to this (unsaved) message's data. v14: deprecated. [docs/foundry-notes.md §3] */
  applyRollMode(rollMode: string): this {
    ChatMessage.applyRollMode(this._source as unknown as ChatMessageData, rollMode);
    return this;
  }

  /** v14: applies a message mode to this message's data; `undefined` in v13. [Black Flag basic-roll.mjs `msg.applyMode`] */
  get applyMode(): ((mode?: string) => this) | undefined {
    if (env().generation === 13) return undefined;
    return (mode?: string) => {
      ChatMessage.applyMode(this._source as unknown as ChatMessageData, mode);
      return this;
    };
  }

  /**
   * Renders the message as an `<li>` element (needs a DOM: `// @vitest-environment happy-dom`) and
   * fires `renderChatMessageHTML(message, html, context)`. Rolls are rendered with `isPrivate` when
   * the content is not visible to this client, and receive the message as `options.message`.
   * Stand-in markup, not Foundry's template. [FI#11333; FI#13593; FI#12569; API14 hookEvents.renderChatMessageHTML]
   */
  async renderHTML(): Promise<HTMLElement> {
    return runAs(this._clientUserId, async () => {
      if (typeof document === "undefined") {
        throw new Error("Foundry double: ChatMessage#renderHTML needs a DOM; add `// @vitest-environment happy-dom`");
      }
      const source = this._sync();
      const contentVisible = this.isContentVisible;
      const rolls = await Promise.all(this.rolls.map((r) => r.render({ isPrivate: !contentVisible, message: this })));
      const whisperTo = source.whisper.map((id) => userInstance(id)?.name ?? id);
      const context = {
        message: this.toObject(),
        user: this._client,
        author: this.author,
        alias: this.alias,
        isWhisper: source.whisper.length > 0,
        whisperTo: whisperTo.join(", "),
      };
      const li = document.createElement("li");
      li.className = [
        "chat-message",
        "message",
        "flexcol",
        context.isWhisper ? "whisper" : "",
        source.blind ? "blind" : "",
      ]
        .filter(Boolean)
        .join(" ");
      li.dataset.messageId = source._id ?? "";
      const flavor = contentVisible && source.flavor ? `<span class="flavor-text">${source.flavor}</span>` : "";
      li.innerHTML =
        `<header class="message-header"><h4 class="message-sender">${escapeHtml(this.alias)}</h4></header>` +
        `${flavor}<div class="message-content">${contentVisible ? source.content : ""}${rolls.join("")}</div>`;
      const hooks = env().globals.Hooks as { callAll(hook: string, ...args: unknown[]): boolean };
      hooks.callAll("renderChatMessageHTML", this, li, context);
      return li;
    });
  }
}

strictInstances(ChatMessage);
const StrictChatMessage = strictClass(ChatMessage, () => (peekEnv()?.generation === 13 ? ["applyMode"] : []));
export { StrictChatMessage as ChatMessage };
export type { ChatMessage as ChatMessageInstance };

/**
 * This client's instance of a stored message, built with `CONFIG.ChatMessage.documentClass` from the
 * world's source the first time the client reads it.
 */
export function messageInstance(id: string, clientUserId: string): ChatMessage | undefined {
  const e = env();
  const entry = viewOf(clientUserId).messages.get(id);
  if (!entry) return undefined;
  let cache = e.clientMessages.get(clientUserId);
  if (!cache) e.clientMessages.set(clientUserId, (cache = new Map<string, object>()));
  let msg = cache.get(id) as ChatMessage | undefined;
  if (!msg) {
    const cls = ChatMessage.implementation;
    const built = runAs(clientUserId, () => new cls(jsonClone(entry.source) as unknown as ChatMessageData));
    built._rev = entry.rev;
    // A client's message draws itself on that client: the configured class's renderHTML (a system's
    // override included, all it awaits too) runs as the client whose instance it is, as in a real
    // client, where a document and the user reading it live in one page.
    const render: unknown = Reflect.get(cls.prototype, "renderHTML");
    Object.defineProperty(built, "renderHTML", {
      value: (...args: unknown[]) =>
        runAs(clientUserId, () => Reflect.apply(render as (...a: unknown[]) => unknown, built, args)),
      configurable: true,
      writable: true,
    });
    cache.set(id, built);
    msg = built;
    runAs(clientUserId, () => built.rolls);
  }
  return msg;
}

/** The emulated `game.messages` collection, seen from the running client. [API13 ChatMessages] */
export type MessagesCollection = WorldCollection<ChatMessage>;

/** Builds the strict `game.messages`. */
export function createMessages(): MessagesCollection {
  const all = (): ChatMessage[] =>
    [...env().world.messages.keys()].map((id) => messageInstance(id, currentUserId()) as ChatMessage);
  const collection: MessagesCollection = worldCollection(
    all,
    (id) => messageInstance(id, currentUserId()),
    () => env().world.messages.size,
  );
  return strictObject(collection, "game.messages");
}
