/**
 * World actors as the system reads and changes them: `game.actors` and, on each actor, its id, name,
 * type, image, `system` data, flags, ownership, embedded Items and Active Effects, its sheet, with
 * `testUserPermission`, `update`, `createEmbeddedDocuments` and `toggleStatusEffect`.
 * [API13 foundry.documents.collections.Actors; API13 Document#testUserPermission, #update, #sheet;
 * API13 CONST.DOCUMENT_OWNERSHIP_LEVELS]
 *
 * The server holds each actor's stored data; every client holds its own copy, which a change reaches
 * after that client's latency (server.ts), with that client's own Actor instances. An actor's `system`
 * is its type's data model (`CONFIG.Actor.dataModels`, data-model.ts) built from the stored data:
 * migrated, cleaned, validated, then prepared (`prepareBaseData`, `prepareDerivedData`); a type without
 * a model keeps its plain data. An update is checked by the model on the server and refused as a whole
 * when it does not validate; the model's `_preUpdate` may cancel it first on the requesting client.
 * Only an owner or a GM may update, as Foundry allows [API13 Document#update, Document#canUserModify:
 * updating an Actor needs OWNER]. The applications showing an actor (`actor.apps`) are rendered again
 * on each client when the change arrives there [API13 ClientDocumentMixin#apps: "Application instances
 * which should be re-rendered whenever this document is updated"]. There is no create or delete of
 * actors.
 *
 * An actor holds embedded Items (`actor.items`, a collection by id), created by an owner with
 * `createEmbeddedDocuments("Item", data, { keepId })`: with `keepId` an item keeps the `_id` it
 * was given, otherwise it gets a new one [API13 ClientDocumentMixin#createEmbeddedDocuments,
 * DatabaseCreateOperation#keepId]. An item's `system` is its type's model (`CONFIG.Item.dataModels`).
 *
 * Actors of compendiums (`game.packs`) are one store (no per-client copies; their hooks still fire on
 * every client).
 */
import { DataModelValidationError, TypeDataModel } from "./data-model.ts";
import { type ActiveEffect, type EffectSpec, storedEffect } from "./effects.ts";

export type { EffectSpec } from "./effects.ts";
import { applyOperators, deletionOf } from "./operators.ts";
import { broadcast, lifecycle, preHook, toServer, viewOf, type OnClient } from "./server.ts";
import { currentUserId, env, runAs, warn } from "./state.ts";
import { strictClass, strictInstances, strictObject } from "./strict.ts";
import { assertFlagScope, USER_ROLES, userInstance, type UserInstance } from "./users.ts";
import { deepClone, diffUpdate, expandObject, getProperty, isPlainObject, mergeObject, randomID } from "./utils.ts";
import { withMembers, worldCollection, type WorldCollection } from "./collection.ts";
import { actorFolder, folderInstance, type FolderInstance } from "./folders.ts";

/** `CONST.DOCUMENT_OWNERSHIP_LEVELS`. [API13 CONST.DOCUMENT_OWNERSHIP_LEVELS] */
export const DOCUMENT_OWNERSHIP_LEVELS = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });

/** An actor of the simulated world. */
export interface ActorSpec {
  /** Document id. */
  id: string;
  name: string;
  /** The actor subtype, e.g. `action-character`. */
  type: string;
  /** The image path; default none. */
  img?: string;
  /** The system data (plain, as stored). */
  system: Record<string, unknown>;
  /** Ownership levels by user id, plus `default`. */
  ownership?: Record<string, number>;
  /** Document flags by scope; default none. */
  flags?: Record<string, Record<string, unknown>>;
  /** Embedded items; default none. */
  items?: ItemSpec[];
  /** Embedded Active Effects; default none. */
  effects?: EffectSpec[];
  /** The folder it is in (its id), if any. */
  folder?: string | null;
}

/** An embedded item of an actor, as stored. */
export interface ItemSpec {
  _id: string;
  name: string;
  type: string;
  img?: string;
  system: Record<string, unknown>;
  sort?: number;
  flags?: Record<string, Record<string, unknown>>;
  /** Embedded Active Effects; default none. */
  effects?: EffectSpec[];
}

/** A data model class as `CONFIG.<Document>.dataModels` holds it. */
type ModelClass = typeof TypeDataModel;

/** The documents whose `system` is a type's data model. */
export type ModelDocument = "Actor" | "Item" | "ChatMessage";

/** The data model registered for a document type (`CONFIG.Actor` or `CONFIG.Item`), if any. [docs/foundry-notes.md §5] */
function modelOf(documentName: ModelDocument, type: string): ModelClass | undefined {
  const config = (env().globals.CONFIG as Record<string, { dataModels?: Record<string, unknown> }>)[documentName];
  const models = config?.dataModels ?? {};
  const model = Object.hasOwn(models, type) ? models[type] : undefined;
  return typeof model === "function" && model.prototype instanceof TypeDataModel ? (model as ModelClass) : undefined;
}

/** The context a model is built with (its parent, and where v14 warnings go). */
function modelContext(parent: unknown) {
  return { parent, generation: env().generation, warn };
}

/**
 * `system` as a document of this type reads it: its model, prepared, or a copy of the plain data.
 * Stored data that does not validate is an invalid document in Foundry (kept out of the world's
 * collections); the double fails loudly instead. [API13 DataModel constructor; DataModelValidationError]
 */
export function preparedSystem(
  documentName: ModelDocument,
  type: string,
  stored: Record<string, unknown>,
  parent: object,
) {
  const Model = modelOf(documentName, type);
  if (!Model) return deepClone(stored);
  const model = new Model(stored, modelContext(parent));
  model.prepareBaseData();
  model.prepareDerivedData();
  return model;
}

/**
 * The stored `system` after a change: the change (migrated first, as partial update data is in v14
 * [docs/foundry-notes.md §5]) merged into the stored data, then cleaned and validated by the type's model as
 * a whole; keys the schema does not define stay in the stored data as the database keeps them
 * (`game.data` still shows them). Throws a `DataModelValidationError` and changes nothing when the
 * result does not validate.
 */
export function changedSystem(
  documentName: ModelDocument,
  type: string,
  stored: Record<string, unknown>,
  change: unknown,
): Record<string, unknown> {
  const Model = modelOf(documentName, type);
  const context = modelContext(null);
  const delta = isPlainObject(change) ? (Model ? Model.migrated(change, context) : change) : {};
  const merged = mergeObject(deepClone(stored), delta, { performDeletions: true });
  if (!Model) return merged;
  const cleaned = Model.cleanData(Model.migrated(merged, context));
  const failures = Model.failures(cleaned);
  if (failures.length > 0) throw new DataModelValidationError(Model.name, failures);
  const unknown = Object.fromEntries(
    Object.entries(merged).filter(([key]) => !Object.hasOwn(Model.schema.fields, key)),
  );
  return { ...unknown, ...cleaned };
}

/**
 * `Document#validate({ changes, clean })` for a document with a `system` model: the proposed `system`
 * changes are cleaned in place (cast, trimmed, clamped into range), then the stored data with them is
 * validated; `strict` (default) throws a `DataModelValidationError`, else `false` is returned. [API13/API14
 * DataModel#validate; DataModelValidationOptions#changes, #clean, #strict]
 */
function validateChanges(
  documentName: "Actor" | "Item",
  type: string,
  stored: Record<string, unknown>,
  options: { changes: Record<string, unknown>; clean?: boolean; strict?: boolean },
): boolean {
  const Model = modelOf(documentName, type);
  const changes = options.changes;
  if (!Model || !isPlainObject(changes.system)) return true;
  const context = modelContext(null);
  if (options.clean) changes.system = Model.cleanData(Model.migrated(changes.system, context), { partial: true });
  const merged = Model.cleanData(
    Model.migrated(mergeObject(deepClone(stored), deepClone(changes.system as Record<string, unknown>)), context),
  );
  const failures = Model.failures(merged);
  if (failures.length === 0) return true;
  if (options.strict === false) return false;
  throw new DataModelValidationError(Model.name, failures);
}

/** New stored `system` data of a type: the given data cleaned and validated by its model. */
export function createdSystem(documentName: ModelDocument, type: string, given: unknown): Record<string, unknown> {
  const data = isPlainObject(given) ? given : {};
  const Model = modelOf(documentName, type);
  if (!Model) return deepClone(data);
  const cleaned = Model.cleanData(Model.migrated(data, modelContext(null)));
  const failures = Model.failures(cleaned);
  if (failures.length > 0) throw new DataModelValidationError(Model.name, failures);
  return cleaned;
}

function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Where an actor lives: a world actor (server and per-client copies), a compendium's (one store), or
 * an unlinked token's synthetic actor (its base actor with the token's delta, tokens.ts).
 */
export interface ActorHome {
  /** The data as the client holding `actor` sees it. */
  read(clientId: string): ActorSpec | undefined;
  /** The data the server holds now. */
  server(): ActorSpec;
  /** Stores new data on the server and brings it to every client, where `onClient` runs. */
  write(next: ActorSpec, onClient: OnClient): Promise<void>;
  /** That client's instance of the actor (the one its hooks receive). */
  instance(clientId: string): Actor;
  /** For a token's synthetic actor: that client's token document. [API13 Actor#token] */
  token?(clientId: string): unknown;
}

/** The configured Active Effect class (the system's subclass once it has started). */
function effectClass(): typeof ActiveEffect {
  const config = env().globals as { CONFIG: { ActiveEffect: { documentClass: typeof ActiveEffect } } };
  return config.CONFIG.ActiveEffect.documentClass;
}

/** A status effect's configuration: v13 an entry of the `CONFIG.statusEffects` array, v14 of the record by id. */
export function statusEffectConfig(
  id: string,
): ({ id: string; name?: unknown; hud?: unknown; order?: unknown } & Record<string, unknown>) | undefined {
  const config = (env().globals.CONFIG as { statusEffects: unknown }).statusEffects;
  if (env().generation === 14) {
    const record = config as Record<string, { id: string } & Record<string, unknown>>;
    return Object.hasOwn(record, id) ? record[id] : undefined;
  }
  return (config as ({ id: string } & Record<string, unknown>)[]).find((s) => s.id === id);
}

/** An embedded collection by id. [API13 EmbeddedCollection: get, contents, size, iteration, filter…] */
function embeddedCollection<T extends { id: string | null }>(all: () => T[], label: string) {
  return strictObject(
    withMembers(
      worldCollection(
        all,
        (id) => all().find((item) => item.id === id),
        () => all().length,
      ),
      {},
    ),
    label,
  );
}

/** The registered default sheet class of a document type, if any. [docs/foundry-notes.md §6 "Registration"] */
function sheetClassOf(documentName: "Actor" | "Item", type: string): (new (options: object) => unknown) | undefined {
  const registrations = documentName === "Actor" ? env().sheetRegistrations.actors : env().sheetRegistrations.items;
  const found = [...registrations].reverse().find((r) => r.options.types?.includes(type) && r.options.makeDefault);
  return found?.sheetClass as (new (options: object) => unknown) | undefined;
}

/** An embedded Item as one client sees it. [API13 foundry.documents.Item] */
class Item {
  readonly #actor: Actor;
  readonly #id: string;
  #prepared: { spec: ItemSpec; system: unknown } | null = null;
  #sheet: unknown = null;

  constructor(actor: Actor, id: string) {
    this.#actor = actor;
    this.#id = id;
  }

  /** The stored data, as this client sees it. */
  get #spec(): ItemSpec {
    const spec = this.#actor._itemSpec(this.#id);
    if (!spec) throw new Error(`Foundry double: Item ${this.#id} is no longer on Actor ${String(this.#actor.id)}`);
    return spec;
  }

  /** The document name. [API13 Document#documentName] */
  get documentName(): "Item" {
    return "Item";
  }

  get id(): string {
    return this.#id;
  }

  get name(): string {
    return this.#spec.name;
  }

  get type(): string {
    return this.#spec.type;
  }

  /** The item's Active Effects, as the configured class, the item their parent. [API13 Item#effects] */
  get effects() {
    const Class = effectClass();
    return embeddedCollection(
      () => (this.#spec.effects ?? []).map((e) => new Class(e, { parent: this })),
      `Item ${this.#id} effects`,
    );
  }

  /** The image path, or `null`. */
  get img(): string | null {
    return this.#spec.img ?? null;
  }

  get sort(): number {
    return this.#spec.sort ?? 0;
  }

  get flags(): Record<string, Record<string, unknown>> {
    return deepClone(this.#spec.flags ?? {});
  }

  /** The actor holding the item. [API13 Document#parent] */
  get parent(): Actor {
    return this.#actor;
  }

  /** The item's type's data model, prepared (or its plain data). */
  get system(): Record<string, unknown> {
    const spec = this.#spec;
    if (this.#prepared?.spec !== spec)
      this.#prepared = { spec, system: preparedSystem("Item", spec.type, spec.system, this) };
    return this.#prepared.system as Record<string, unknown>;
  }

  /** The stored data. [API13 DataModel#_source] */
  get _source(): ItemSpec {
    return deepClone(this.#spec);
  }

  /** Whether the running client's user owns the item (it is owned as its actor is). [API13 Item#isOwner] */
  get isOwner(): boolean {
    return this.#actor.isOwner;
  }

  /** Reads a flag. [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    assertFlagScope(scope);
    return deepClone(getProperty((this.#spec.flags ?? {})[scope], key));
  }

  /** The item's sheet: one instance of its type's registered default sheet. [API13 ClientDocumentMixin#sheet] */
  get sheet(): unknown {
    const Sheet = sheetClassOf("Item", this.type);
    if (!Sheet) return null;
    this.#sheet ??= new Sheet({ document: this });
    return this.#sheet;
  }

  /** The applications showing the item. [API13 ClientDocumentMixin#apps] */
  readonly apps: Record<string, unknown> = {};

  /** Cleans and validates proposed changes as an update would (see `validateChanges`). [API13 DataModel#validate] */
  validate(options: { changes: Record<string, unknown>; clean?: boolean; strict?: boolean }): boolean {
    const spec = this.#spec;
    return validateChanges("Item", spec.type, spec.system, options);
  }

  /**
   * Renders this client's applications of the item again (those already rendered), as a change to the
   * item or to one of its effects does. [API13 ClientDocumentMixin#apps, #render]
   */
  _renderApps(): void {
    for (const app of Object.values(this.apps)) {
      void (app as { render(options?: object): Promise<unknown> }).render();
    }
  }

  /** Updates the item (its actor's owners or a GM); checked by its model. [API13 Document#update] */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    // Diffed against this client's copy first: a change to nothing is no update. [API13 DatabaseUpdateOperation#diff]
    const mine = this.#spec;
    const model: unknown = this.system;
    const own = {
      name: mine.name,
      img: mine.img,
      sort: mine.sort,
      flags: mine.flags ?? {},
      system: model instanceof TypeDataModel ? model._source : mine.system,
    };
    const operated = applyOperators(expandObject(changes), env().generation, own);
    const expanded = options.diff === false ? operated : diffUpdate(own, operated);
    if (Object.keys(expanded).length === 0) return this;
    await this.#actor._changeItems("updateItem", options, (items) => {
      const index = items.findIndex((i) => i._id === this.#id);
      const current = items[index];
      if (!current) throw new Error(`Foundry double: Item ${this.#id} was deleted meanwhile`);
      const system = changedSystem("Item", current.type, current.system, expanded.system);
      const rest = Object.fromEntries(
        Object.entries(expanded).filter(([k]) => ["name", "img", "sort", "flags"].includes(k)),
      );
      const next = jsonCopy(mergeObject(deepClone(current), { ...rest }, { performDeletions: true }));
      next.system = system;
      items[index] = next;
      return { ids: [this.#id], changes: expanded };
    });
    return this;
  }

  /**
   * Creates Active Effects on the item (its actor's owners or a GM), stored in the running
   * generation's shape (effects.ts). [API13 ClientDocumentMixin#createEmbeddedDocuments]
   */
  async createEmbeddedDocuments(name: string, data: Record<string, unknown>[]): Promise<ActiveEffect[]> {
    if (name !== "ActiveEffect") throw new Error(`Foundry double: ${name} is not an embedded collection of Item`);
    const ids = await this._changeEffects("createActiveEffect", {}, (effects) => {
      const created = data.map((d) => storedEffect({ ...d, _id: randomID() }, true));
      effects.push(...created);
      return { ids: created.map((c) => c._id), changes: null };
    });
    return ids.map((id) => this.effects.get(id) as ActiveEffect);
  }

  /** Changes the item's effects through its actor (its owners or a GM). */
  async _changeEffects(
    hook: "createActiveEffect" | "updateActiveEffect" | "deleteActiveEffect",
    options: Record<string, unknown>,
    change: (effects: EffectSpec[]) => { ids: string[]; changes: unknown },
  ): Promise<string[]> {
    let ids: string[] = [];
    await this.#actor._changeItems("updateItem", options, (items) => {
      const item = items.find((i) => i._id === this.#id);
      if (!item) throw new Error(`Foundry double: Item ${this.#id} was deleted meanwhile`);
      const effects = item.effects ?? [];
      const result = change(effects);
      ids = result.ids;
      item.effects = effects;
      // The effect's own lifecycle hooks fire, with each client's effect. [API13 hookEvents.createDocument…]
      const fire = (actor: Actor, userId: string) => {
        const host = actor.items.get(this.#id);
        for (const id of ids) {
          const effect = hook === "deleteActiveEffect" ? { id } : host?.effects.get(id);
          const args =
            hook === "updateActiveEffect"
              ? [effect, deepClone(result.changes), options, userId]
              : [effect, options, userId];
          lifecycle(hook, () => args)(currentUserId());
        }
      };
      return { ids: [this.#id], changes: null, fire };
    });
    return ids;
  }

  /** Deletes the item from its actor (its owners or a GM). [API13 Document#delete] */
  async delete(options: Record<string, unknown> = {}): Promise<this> {
    await this.#actor._changeItems("deleteItem", options, (items) => {
      const index = items.findIndex((i) => i._id === this.#id);
      if (index < 0) throw new Error(`Foundry double: Item ${this.#id} was deleted meanwhile`);
      items.splice(index, 1);
      return { ids: [this.#id], changes: null };
    });
    return this;
  }
}

strictInstances(Item);
const StrictItem = strictClass(Item);
export type { Item as ItemInstance };

/** An actor as one client sees it. [API13 foundry.documents.Actor] */
class Actor {
  readonly #home: ActorHome;
  readonly #id: string;
  readonly #clientId: string;
  readonly #apps: Record<string, unknown> = {};
  readonly #items = new Map<string, Item>();
  #prepared: { spec: ActorSpec; system: unknown } | null = null;
  #sheet: unknown = null;

  constructor(home: ActorHome, id: string, clientId: string) {
    this.#home = home;
    this.#id = id;
    this.#clientId = clientId;
  }

  /** The stored data as this client sees it. */
  get #spec(): ActorSpec {
    const spec = this.#home.read(this.#clientId);
    if (!spec) throw new Error(`Foundry double: Actor ${this.#id} is not in this client's world`);
    return spec;
  }

  /** The document name. [API13 Document#documentName] */
  get documentName(): "Actor" {
    return "Actor";
  }

  /** The token an unlinked token's synthetic actor belongs to, else `null`. [API13 Actor#token] */
  get token(): unknown {
    return this.#home.token?.(this.#clientId) ?? null;
  }

  /** Whether this is an unlinked token's synthetic actor. [API13 Actor#isToken] */
  get isToken(): boolean {
    return this.#home.token !== undefined;
  }

  /** The document id. */
  get id(): string {
    return this.#id;
  }

  /** The name. */
  get name(): string {
    return this.#spec.name;
  }

  /** The subtype. */
  get type(): string {
    return this.#spec.type;
  }

  /** The folder that holds it, or `null`. [API13 ClientDocumentMixin#folder] */
  get folder(): FolderInstance | null {
    const id = this.#spec.folder;
    return typeof id === "string" && viewOf(this.#clientId).folders.has(id) ? folderInstance(id, this.#clientId) : null;
  }

  /** The image path, or `null` when none was given. */
  get img(): string | null {
    return this.#spec.img ?? null;
  }

  /** The type's data model, prepared (or a copy of the plain data of a type without one). */
  get system(): Record<string, unknown> {
    const spec = this.#spec;
    if (this.#prepared?.spec !== spec) {
      this.#prepared = { spec, system: preparedSystem("Actor", spec.type, spec.system, this) };
    }
    return this.#prepared.system as Record<string, unknown>;
  }

  /**
   * The data a roll formula's `@paths` read: the actor's prepared `system` (the system defines no
   * `getRollData` of its own). [API13 Actor#getRollData: "the data schema used by dice roll commands"]
   */
  getRollData(): Record<string, unknown> {
    return this.system;
  }

  /** The stored data: `system` as migrated and cleaned by the model. [API13 DataModel#_source] */
  get _source(): { _id: string; name: string; type: string; system: Record<string, unknown>; flags: object } {
    const spec = this.#spec;
    const system: unknown = this.system;
    return deepClone({
      _id: spec.id,
      name: spec.name,
      type: spec.type,
      system: system instanceof TypeDataModel ? system._source : (system as Record<string, unknown>),
      flags: spec.flags ?? {},
    });
  }

  /**
   * The applications showing this actor (its open sheets), by application id; they are rendered again
   * when the actor changes on this client. [API13 ClientDocumentMixin#apps]
   */
  get apps(): Record<string, unknown> {
    return this.#apps;
  }

  /** The actor's sheet: one instance of its type's registered default sheet. [API13 ClientDocumentMixin#sheet] */
  get sheet(): unknown {
    const Sheet = sheetClassOf("Actor", this.type);
    if (!Sheet) return null;
    this.#sheet ??= runAs(this.#clientId, () => new Sheet({ document: this }));
    return this.#sheet;
  }

  /** A copy of the flags. [API13 Document#flags] */
  get flags(): Record<string, Record<string, unknown>> {
    return deepClone(this.#spec.flags ?? {});
  }

  /** Reads a flag. [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    assertFlagScope(scope);
    return deepClone(getProperty((this.#spec.flags ?? {})[scope], key));
  }

  /** Writes a flag through `update`. [API13 Document#setFlag] */
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    assertFlagScope(scope);
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  /** Deletes a flag through `update`. [API13 Document#unsetFlag] */
  async unsetFlag(scope: string, key: string): Promise<this> {
    assertFlagScope(scope);
    return this.update(deletionOf(`flags.${scope}.${key}`, env().generation));
  }

  /** Cleans and validates proposed changes as an update would (see `validateChanges`). [API13 DataModel#validate] */
  validate(options: { changes: Record<string, unknown>; clean?: boolean; strict?: boolean }): boolean {
    const spec = this.#spec;
    return validateChanges("Actor", spec.type, spec.system, options);
  }

  /** Whether the running client's user owns the actor. [API13 Document#isOwner] */
  get isOwner(): boolean {
    return this.testUserPermission(userInstance(currentUserId()) as UserInstance, "OWNER");
  }

  /** The user asking, and a refusal unless that user owns the actor (or is a GM). */
  #owner(what: string): UserInstance {
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.testUserPermission(user, "OWNER")) {
      throw new Error(`User ${user.name} lacks permission to ${what} [${this.#id}]`);
    }
    return user;
  }

  /**
   * Updates the actor's name, `system` data and flags (flat or nested keys; v13 `-=key`/`==key`, v14
   * `ForcedDeletion`/`ForcedReplacement`, operators.ts). The update is first diffed against this
   * client's copy: a change to nothing (every value as it is) is no update at all, no hook fires and
   * nothing is sent or redrawn [API13 DatabaseUpdateOperation#diff]. The model's `_preUpdate` and the
   * `preUpdateActor` hook may cancel it on the requesting client; the server refuses a user who does
   * not own the actor and data that does not validate. The data is stored as JSON. [API13
   * Document#update; TypeDataModel#_preUpdate; ClientDatabaseBackend permission error wording uncertain]
   */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const mine = this.#spec;
    const model: unknown = this.system;
    const sourceSystem = model instanceof TypeDataModel ? model._source : mine.system;
    const own = { name: mine.name, flags: mine.flags ?? {}, system: sourceSystem };
    const operated = applyOperators(expandObject(changes), env().generation, own);
    const expanded = options.diff === false ? operated : diffUpdate(own, operated);
    if (Object.keys(expanded).length === 0) return this;
    const user = userInstance(currentUserId()) as UserInstance;
    if (model instanceof TypeDataModel && (await model._preUpdate(deepClone(expanded), options, user)) === false) {
      return this;
    }
    if (!preHook("preUpdateActor", this, deepClone(expanded), options)) return this;
    await toServer();
    this.#owner("update Actor");
    const current = this.#home.server();
    const replaced = Object.hasOwn(expanded, "==system");
    const system = changedSystem(
      "Actor",
      current.type,
      replaced ? {} : current.system,
      replaced ? expanded["==system"] : expanded.system,
    );
    const rest = mergeObject(
      { name: current.name, flags: deepClone(current.flags ?? {}) },
      {
        ...(typeof expanded.name === "string" ? { name: expanded.name } : {}),
        flags: isPlainObject(expanded.flags) ? expanded.flags : {},
      },
      { performDeletions: true },
    );
    const next = jsonCopy({ ...current, ...rest, system });
    await this.#home.write(
      next,
      lifecycle("updateActor", (clientId) => [this.#home.instance(clientId), deepClone(expanded), options, user.id]),
    );
    return this;
  }

  /** The stored data of one embedded item, as this client sees it. */
  _itemSpec(id: string): ItemSpec | undefined {
    return (this.#spec.items ?? []).find((item) => item._id === id);
  }

  /**
   * Changes the embedded items on the server (an owner or a GM only) and brings the change to every
   * client, where `hook` fires for each item it names. [API13 hookEvents.createDocument, updateDocument,
   * deleteDocument fire for embedded documents too]
   */
  async _changeItems(
    hook: "createItem" | "updateItem" | "deleteItem",
    options: Record<string, unknown>,
    change: (items: ItemSpec[]) => { ids: string[]; changes: unknown; fire?: (actor: Actor, userId: string) => void },
  ): Promise<string[]> {
    await toServer();
    const user = this.#owner(`${hook.replace("Item", "")} Item in Actor`);
    const current = this.#home.server();
    const items = deepClone(current.items ?? []);
    const { ids, changes, fire } = change(items);
    await this.#home.write(jsonCopy({ ...current, items }), (clientId) => {
      const actor = this.#home.instance(clientId);
      if (fire) fire(actor, user.id);
      else {
        for (const id of ids) {
          const item = hook === "deleteItem" ? null : actor.items.get(id);
          const args = hook === "updateItem" ? [item, deepClone(changes), options, user.id] : [item, options, user.id];
          lifecycle(hook, () => args)(clientId);
        }
      }
      if (hook === "updateItem") for (const id of ids) actor.items.get(id)?._renderApps();
    });
    return ids;
  }

  /** The embedded items, by id. [API13 Actor#items: an EmbeddedCollection] */
  get items() {
    const all = () =>
      (this.#spec.items ?? []).map((spec) => {
        let item = this.#items.get(spec._id);
        if (!item) this.#items.set(spec._id, (item = new StrictItem(this, spec._id)));
        return item;
      });
    return embeddedCollection(all, `Actor ${this.#id} items`);
  }

  /**
   * Creates embedded Items (an owner or a GM only), each checked by its type's model. `keepId` keeps
   * each given `_id`, which must be 16 letters and digits and not already used; otherwise each item
   * gets a new id. [API13 ClientDocumentMixin#createEmbeddedDocuments; DatabaseCreateOperation#keepId]
   */
  async createEmbeddedDocuments(
    name: string,
    data: Record<string, unknown>[],
    options: { keepId?: boolean } & Record<string, unknown> = {},
  ): Promise<Item[]> {
    if (name === "ActiveEffect") {
      const ids = await this._changeEffects("createActiveEffect", options, (effects) => {
        const created = data.map((d) => storedEffect({ ...d, _id: randomID() }, true));
        effects.push(...created);
        return { ids: created.map((c) => c._id), changes: null };
      });
      return ids.map((id) => this.effects.get(id)) as unknown as Item[];
    }
    if (name !== "Item") throw new Error(`Foundry double: ${name} is not an embedded collection of Actor`);
    const keepId = options.keepId === true;
    const ids = await this._changeItems("createItem", options, (items) => {
      const created: ItemSpec[] = data.map((d) => {
        const wanted = typeof d._id === "string" ? d._id : "";
        if (keepId && (!/^[A-Za-z0-9]{16}$/.test(wanted) || items.some((i) => i._id === wanted))) {
          throw new Error(`Foundry double: the id ${wanted} cannot be kept`);
        }
        return newItemSpec(d, keepId ? wanted : randomID());
      });
      items.push(...created);
      return { ids: created.map((c) => c._id), changes: null };
    });
    return ids.map((id) => this.items.get(id) as Item);
  }

  /**
   * Deletes embedded Active Effects by id (an owner or a GM only); an id the actor does not hold is
   * refused, as core refuses deleting a document that does not exist. [API13
   * ClientDocumentMixin#deleteEmbeddedDocuments]
   */
  async deleteEmbeddedDocuments(
    name: string,
    ids: string[],
    options: Record<string, unknown> = {},
  ): Promise<{ id: string }[]> {
    if (name !== "ActiveEffect") throw new Error(`Foundry double: deleting ${name} from an Actor is not emulated`);
    const deleted = await this._changeEffects("deleteActiveEffect", options, (effects) => {
      for (const id of ids) {
        const index = effects.findIndex((e) => e._id === id);
        if (index < 0) throw new Error(`Foundry double: ActiveEffect [${id}] does not exist in Actor [${this.#id}]`);
        effects.splice(index, 1);
      }
      return { ids: [...ids], changes: null };
    });
    return deleted.map((id) => ({ id }));
  }

  /** The embedded Active Effects, as the configured class. [API13 Actor#effects: an EmbeddedCollection] */
  get effects() {
    const Class = effectClass();
    return embeddedCollection(
      () => (this.#spec.effects ?? []).map((e) => new Class(e, { parent: this })),
      `Actor ${this.#id} effects`,
    );
  }

  /**
   * Changes the actor's own effects on the server (an owner or a GM) and brings the change to every
   * client, where the effect's lifecycle hook fires. [API13 hookEvents.createDocument, deleteDocument]
   */
  async _changeEffects(
    hook: "createActiveEffect" | "updateActiveEffect" | "deleteActiveEffect",
    options: Record<string, unknown>,
    change: (effects: EffectSpec[]) => { ids: string[]; changes: unknown },
  ): Promise<string[]> {
    await toServer();
    const user = this.#owner(`${hook.replace("ActiveEffect", "")} ActiveEffect in Actor`);
    const current = this.#home.server();
    const effects = deepClone(current.effects ?? []);
    const gone = hook === "deleteActiveEffect" ? null : undefined;
    const { ids, changes } = change(effects);
    await this.#home.write(jsonCopy({ ...current, effects }), (clientId) => {
      const actor = this.#home.instance(clientId);
      for (const id of ids) {
        const effect = gone === null ? { id } : actor.effects.get(id);
        const args =
          hook === "updateActiveEffect" ? [effect, deepClone(changes), options, user.id] : [effect, options, user.id];
        lifecycle(hook, () => args)(clientId);
      }
    });
    return ids;
  }

  /**
   * The effects that apply to the actor: of its own effects and its items' transferring ones, those
   * that are active (neither disabled nor suppressed by the system's class). [API13
   * Actor#appliedEffects, Actor#allApplicableEffects; CONFIG.ActiveEffect.legacyTransferral false:
   * an item's effect applies from within the item]
   */
  /**
   * The status ids of the effects that apply to the actor ("a Set of the status effect IDs which are
   * currently applied", gathered from the active effects as they are applied). [API13 Actor#statuses]
   */
  get statuses(): Set<string> {
    return new Set(this.appliedEffects.flatMap((e) => [...e.statuses]));
  }

  get appliedEffects() {
    const Class = effectClass();
    const own = (this.#spec.effects ?? []).map((e) => new Class(e, { parent: this }));
    const fromItems = this.items.contents.flatMap((item) => item.effects.contents.filter((e) => e.transfer));
    return [...own, ...fromItems].filter((e) => e.active);
  }

  /**
   * Turns a status effect on or off (an owner or a GM only): on, an effect is made from its
   * `CONFIG.statusEffects` entry (name localized, the status id in `statuses`, its changes as the
   * entry gives them, stored in the running generation's shape); off, every effect standing for the
   * status is deleted. `active` forces a state. `CONFIG.statusEffects` is an array in v13 and a record
   * keyed by id in v14. [API13 Actor#toggleStatusEffect; ActiveEffect.fromStatusEffect; API14
   * CONFIG.statusEffects, https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html; API14
   * CONFIG.StatusEffectConfig: `_StatusEffectConfig & Partial<ActiveEffectData>`]
   *
   * @returns The created effect, `true` when one was already there and stays, `false` when deleted or absent.
   */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<unknown> {
    await toServer();
    const user = this.#owner("update Actor");
    const current = this.#home.server();
    const effects = deepClone(current.effects ?? []);
    const existing = effects.filter((e) => (e.statuses ?? []).includes(statusId));
    const on = active ?? existing.length === 0;
    if (on && existing.length > 0) return true;
    let created: EffectSpec | null = null;
    if (on) {
      const globals = env().globals as { game: { i18n: { localize(key: string): string } } };
      const status = statusEffectConfig(statusId);
      if (!status) throw new Error(`Foundry double: no status effect ${statusId} in CONFIG.statusEffects`);
      const { id: _id, hud: _hud, order: _order, ...data } = status;
      created = storedEffect(
        { ...data, _id: randomID(), name: globals.game.i18n.localize(String(status.name)), statuses: [statusId] },
        true,
      );
      effects.push(created);
    }
    const next = { ...current, effects: on ? effects : effects.filter((e) => !existing.includes(e)) };
    const hook = on ? "createActiveEffect" : "deleteActiveEffect";
    await this.#home.write(
      jsonCopy(next),
      lifecycle(hook, (clientId) => [this.#home.instance(clientId), {}, user.id]),
    );
    return created ? this.effects.get(created._id) : false;
  }

  /** Ownership levels by user id and `default`. [API13 BaseActor ownership] */
  get ownership(): Record<string, number> {
    return { default: DOCUMENT_OWNERSHIP_LEVELS.NONE, ...this.#spec.ownership };
  }

  /**
   * Whether a user has at least `permission` (a level name or number) over the actor; with `exact`,
   * exactly that level. A Gamemaster or an Assistant is always an owner ("isGM: Test whether the User
   * has a GAMEMASTER or ASSISTANT role", API10 BaseUser#isGM; a GM absent from the ownership map still
   * passes `testUserPermission(gm, "OWNER")`, FI#8962). The level is the user's own entry, else
   * `default`. [API13 Document#testUserPermission, Document#getUserLevel]
   */
  testUserPermission(
    user: UserInstance,
    permission: keyof typeof DOCUMENT_OWNERSHIP_LEVELS | number,
    { exact = false }: { exact?: boolean } = {},
  ): boolean {
    const wanted = typeof permission === "number" ? permission : DOCUMENT_OWNERSHIP_LEVELS[permission];
    const level = user.role >= USER_ROLES.ASSISTANT ? DOCUMENT_OWNERSHIP_LEVELS.OWNER : this.levelOf(user.id);
    return exact ? level === wanted : level >= wanted;
  }

  private levelOf(userId: string): number {
    const own = this.ownership;
    const level = own[userId];
    return level === undefined || level === DOCUMENT_OWNERSHIP_LEVELS.INHERIT ? (own.default ?? 0) : level;
  }

  /** The configured Actor class (`CONFIG.Actor.documentClass`, the system's once it has started). [API13 Document.implementation] */
  static get implementation(): typeof Actor {
    return actorClass();
  }

  /**
   * Creates a world actor from `{ name, type, system?, img?, ownership?, items?, folder? }`: its `system` cleaned and
   * validated by its type's model, the creator its owner; `createActor` fires on every connected
   * client. Only a GM may (the stricter reading of the ACTOR_CREATE permission, whose default role no
   * public page gives). [API13 Document.create; hookEvents.createDocument]
   */
  static async create(data: Record<string, unknown>): Promise<Actor> {
    const user = userInstance(currentUserId()) as UserInstance;
    const type = typeof data.type === "string" ? data.type : "";
    const system = createdSystem("Actor", type, data.system);
    if (!preHook("preCreateActor", null, deepClone(data), {}))
      throw new Error("Foundry double: the creation was cancelled");
    await toServer();
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to create Actor`);
    const folder = actorFolder(data.folder);
    const id = randomID();
    const ownership = isPlainObject(data.ownership) ? (data.ownership as Record<string, number>) : {};
    const spec: ActorSpec = jsonCopy({
      id,
      name: typeof data.name === "string" ? data.name : "",
      type,
      ...(typeof data.img === "string" ? { img: data.img } : {}),
      ...(folder === null ? {} : { folder }),
      system,
      // Embedded items given with the actor are created with it, each with a new id. [API13 Document.create]
      ...(Array.isArray(data.items) && data.items.length > 0
        ? { items: (data.items as Record<string, unknown>[]).map((d) => newItemSpec(d, randomID())) }
        : {}),
      ownership: { default: DOCUMENT_OWNERSHIP_LEVELS.NONE, [user.id]: DOCUMENT_OWNERSHIP_LEVELS.OWNER, ...ownership },
      flags: isPlainObject(data.flags) ? (data.flags as ActorSpec["flags"]) : {},
    });
    env().server.actors.set(id, spec);
    await broadcast(
      (view) => view.actors.set(id, jsonCopy(spec)),
      lifecycle("createActor", (clientId) => [actorInstance(id, clientId), {}, user.id]),
    );
    return actorInstance(id, currentUserId());
  }

  /** Deletes the actor (an owner or a GM); `deleteActor` fires on every connected client. [API13 Document#delete] */
  async delete(options: Record<string, unknown> = {}): Promise<this> {
    if (!preHook("preDeleteActor", this, options)) return this;
    await toServer();
    const user = this.#owner("delete Actor");
    if (!env().server.actors.delete(this.#id))
      throw new Error(`Foundry double: Actor [${this.#id}] was deleted meanwhile`);
    await broadcast(
      (view) => view.actors.delete(this.#id),
      (clientId) => {
        lifecycle("deleteActor", () => [actorInstance(this.#id, clientId), options, user.id])(clientId);
        env().clientActors.get(clientId)?.delete(this.#id);
      },
    );
    return this;
  }

  /** Renders this client's applications of the actor again (those already rendered). [API13 ClientDocumentMixin#render] */
  _renderApps(): void {
    for (const app of Object.values(this.#apps)) {
      void (app as { render(options?: object): Promise<unknown> }).render();
    }
  }
}

strictInstances(Actor);
const StrictActor = strictClass(Actor);
export { StrictActor as Actor };

/**
 * The class actors are built from: `CONFIG.Actor.documentClass` (the double's own until the system
 * sets its subclass in `init`; every world, compendium and token actor is built from it). [API13
 * CONFIG.Actor.documentClass; Document.implementation]
 */
function actorClass(): typeof Actor {
  const config = (env().globals.CONFIG as { Actor?: { documentClass?: typeof Actor } } | undefined)?.Actor;
  return config?.documentClass ?? StrictActor;
}
export type { Actor as ActorInstance };

/**
 * An embedded item as stored from its creation data: its `system` checked by its type's model, its
 * effects each with an id. [API13 ClientDocumentMixin#createEmbeddedDocuments]
 */
function newItemSpec(d: Record<string, unknown>, id: string): ItemSpec {
  const stored = jsonCopy(d) as Partial<ItemSpec>;
  const type = String(stored.type ?? "");
  return {
    _id: id,
    name: String(stored.name ?? ""),
    type,
    ...(typeof stored.img === "string" ? { img: stored.img } : {}),
    system: createdSystem("Item", type, stored.system),
    sort: stored.sort ?? 0,
    flags: stored.flags ?? {},
    // Embedded effects come with the item, each with an id. [API13 ClientDocumentMixin#createEmbeddedDocuments]
    effects: (stored.effects ?? []).map((e) =>
      storedEffect({ ...e, _id: typeof e._id === "string" ? e._id : randomID() }, true),
    ),
  };
}

/** The world home of one actor: read from each client's copy, written on the server and broadcast. */
function worldHome(id: string): ActorHome {
  const home: ActorHome = {
    read: (clientId) => viewOf(clientId).actors.get(id),
    server: () => {
      const spec = env().server.actors.get(id);
      if (!spec) throw new Error(`Foundry double: Actor [${id}] is not in the world`);
      return spec;
    },
    write: (next, onClient) => {
      env().server.actors.set(id, next);
      return broadcast(
        (view) => view.actors.set(id, jsonCopy(next)),
        (clientId) => {
          onClient(clientId);
          home.instance(clientId)._renderApps();
        },
      );
    },
    instance: (clientId) => actorInstance(id, clientId),
  };
  return home;
}

/** A new actor instance living in `home`, as `clientId` sees it (a token's synthetic actor, tokens.ts). */
export function actorIn(home: ActorHome, id: string, clientId: string): Actor {
  return new (actorClass())(home, id, clientId);
}

/** This client's instance of a world actor (built on first use, kept while the world is installed). */
export function actorInstance(id: string, clientId: string): Actor {
  const e = env();
  let cache = e.clientActors.get(clientId);
  if (!cache) e.clientActors.set(clientId, (cache = new Map<string, object>()));
  let actor = cache.get(id) as Actor | undefined;
  if (!actor) cache.set(id, (actor = new (actorClass())(worldHome(id), id, clientId)));
  return actor;
}

/** The emulated `game.actors` collection. [API13 foundry.documents.collections.Actors] */
export interface ActorsCollection extends WorldCollection<Actor> {
  getName(name: string): Actor | undefined;
}

/** Builds the strict `game.actors`, seen from the running client. */
export function createWorldActors(): ActorsCollection {
  const all = (): Actor[] => [...env().world.actors.keys()].map((id) => actorInstance(id, currentUserId()));
  const collection: ActorsCollection = withMembers(
    worldCollection(
      all,
      (id) => (env().world.actors.has(id) ? actorInstance(id, currentUserId()) : undefined),
      () => env().world.actors.size,
    ),
    { getName: (name: string) => all().find((a) => a.name === name) },
  );
  return strictObject(collection, "game.actors");
}

/** A compendium of actors. [API13 CompendiumCollection: collection, documentName, locked, metadata.packageType] */
export interface PackSpec {
  /** `package.name`, e.g. `world.npcs`. */
  collection: string;
  /** Whether the pack is locked against edits; default false. */
  locked?: boolean;
  /** Who owns the pack: the world, or a system or module. */
  packageType: "world" | "system" | "module";
  /** Its actors, as stored. */
  actors: ActorSpec[];
}

/**
 * `game.packs`: actor compendiums, each with its index (`getIndex({ fields })` gives `_id`, `name`,
 * `type` and the stored values of the fields asked for, unmigrated) and its documents
 * (`getDocument(id)`, an Actor like a world one, changed in the pack). [API13 Game#packs;
 * CompendiumCollection#getIndex, #getDocument]
 */
export function createPacks(specs: PackSpec[], extra: readonly { collection: string }[] = []) {
  const pick = (spec: ActorSpec, fields: string[]) => {
    const out: Record<string, unknown> = { _id: spec.id, name: spec.name, type: spec.type };
    for (const field of fields) {
      const value = getProperty(spec, field);
      if (value === undefined) continue;
      const [head, ...rest] = field.split(".");
      if (rest.length === 0) {
        out[head as string] = deepClone(value);
        continue;
      }
      const node = ((out[head as string] as Record<string, unknown> | undefined) ??= {});
      Object.assign(node, expandObject({ [rest.join(".")]: deepClone(value) }));
    }
    return out;
  };
  const packs = specs.map((spec) => {
    const documents = new Map<string, Actor>();
    const homeOf = (id: string): ActorHome => {
      const find = () => spec.actors.find((a) => a.id === id);
      const home: ActorHome = {
        read: () => find(),
        server: () => find() as ActorSpec,
        write: (next, onClient) => {
          const index = spec.actors.findIndex((a) => a.id === id);
          spec.actors[index] = next;
          return broadcast(() => undefined, onClient);
        },
        instance: () => documents.get(id) as Actor,
      };
      return home;
    };
    return strictObject(
      {
        collection: spec.collection,
        documentName: "Actor",
        locked: spec.locked ?? false,
        metadata: strictObject({ packageType: spec.packageType }, `${spec.collection} metadata`),
        getIndex: async ({ fields = [] }: { fields?: string[] } = {}) => {
          await Promise.resolve();
          return spec.actors.map((a) => pick(a, fields));
        },
        getDocument: async (id: string) => {
          await Promise.resolve();
          if (!spec.actors.some((a) => a.id === id)) return undefined;
          let actor = documents.get(id);
          if (!actor) documents.set(id, (actor = new (actorClass())(homeOf(id), id, currentUserId())));
          return actor;
        },
      },
      `pack ${spec.collection}`,
    );
  });
  // Compendiums of other document types (roll tables: tables.ts) sit beside the actor ones.
  // Typed as actor packs for the tests that read them; a table pack answers its own members (tables.ts).
  const all = [...packs, ...(extra as unknown as typeof packs)];
  return strictObject(
    {
      get contents() {
        return [...all];
      },
      get: (collection: string) => all.find((p) => p.collection === collection),
      [Symbol.iterator]: () => all[Symbol.iterator](),
    },
    "game.packs",
  );
}

/** `game.data.actors`: the world's actors as the server sent them to this client (plain stored data). [API13 Game#data] */
export function worldActorData() {
  return [...env().world.actors.values()].map((a) => ({
    _id: a.id,
    name: a.name,
    type: a.type,
    system: deepClone(a.system),
  }));
}
