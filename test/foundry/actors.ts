/**
 * World actors as the system reads them: `game.actors` and, on each actor, its id, name, type,
 * system data and ownership, with `testUserPermission`. [API13 foundry.documents.collections.Actors;
 * API13 Document#testUserPermission; API13 CONST.DOCUMENT_OWNERSHIP_LEVELS]
 *
 * The double does not run data models: `system` is the plain data given, as stored. Actors can be
 * updated (system data and flags) by an owner or a GM, as Foundry allows [API13 Document#update,
 * Document#canUserModify: updating an Actor needs OWNER]; there is no create or delete. Actor data is
 * one store every client reads (not copied per client); `preUpdateActor`/`updateActor` fire as for
 * other documents (server.ts).
 *
 * An actor holds embedded Items (`actor.items`, a collection by id), created by an owner with
 * `createEmbeddedDocuments("Item", data, { keepId })`: with `keepId` an item keeps the `_id` it
 * was given, otherwise it gets a new one [API13 ClientDocumentMixin#createEmbeddedDocuments,
 * DatabaseCreateOperation#keepId]. Items are plain stored data, as actors are.
 */
import { applyOperators } from "./operators.ts";
import { broadcast, lifecycle, preHook, toServer } from "./server.ts";
import { currentUserId, env } from "./state.ts";
import { strictClass, strictInstances, strictObject } from "./strict.ts";
import { assertFlagScope, deletionKey, USER_ROLES, userInstance, type UserInstance } from "./users.ts";
import { deepClone, expandObject, getProperty, mergeObject, randomID } from "./utils.ts";
import { withMembers, worldCollection, type WorldCollection } from "./collection.ts";

/** `CONST.DOCUMENT_OWNERSHIP_LEVELS`. [API13 CONST.DOCUMENT_OWNERSHIP_LEVELS] */
export const DOCUMENT_OWNERSHIP_LEVELS = Object.freeze({ INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 });

/** An actor of the simulated world. */
export interface ActorSpec {
  /** Document id. */
  id: string;
  name: string;
  /** The actor subtype, e.g. `action-character`. */
  type: string;
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
}

/**
 * An embedded Active Effect, as stored: a name, whether it is disabled, the status ids it stands
 * for, and its changes (`{ key, value, mode }` in v13, `{ key, value, type }` in v14).
 * [API13 ActiveEffect: name, disabled, statuses, changes; API14 ActiveEffectChangeData]
 */
export interface EffectSpec {
  _id: string;
  name: string;
  disabled?: boolean;
  /**
   * Whether an item's effect applies to the item's holder. Only an explicit `true` transfers (the
   * stricter reading: the system always sets it). [API13 ActiveEffectData#transfer]
   */
  transfer?: boolean;
  statuses?: string[];
  changes?: Record<string, unknown>[];
}

/** An embedded Active Effect as the system reads it (a copy). */
function effectView(spec: EffectSpec) {
  return strictObject(
    {
      id: spec._id,
      name: spec.name,
      disabled: spec.disabled ?? false,
      statuses: new Set(spec.statuses ?? []),
      changes: deepClone(spec.changes ?? []),
    },
    `ActiveEffect ${spec._id}`,
  );
}

/**
 * The Active Effect document class stand-in (`CONFIG.ActiveEffect.documentClass`, which the system
 * subclasses): an effect with its parent; core has no suppression of its own, and an effect is
 * active when neither disabled nor suppressed. [API13 ActiveEffect#isSuppressed ("is there some
 * system logic that makes this active effect ineligible for application?"), ActiveEffect#active,
 * Document#parent]
 */
export class ActiveEffect {
  readonly id: string;
  readonly name: string;
  readonly disabled: boolean;
  readonly transfer: boolean;
  readonly statuses: Set<string>;
  readonly changes: Record<string, unknown>[];
  readonly parent: unknown;

  constructor(data: EffectSpec, { parent }: { parent: unknown }) {
    this.id = data._id;
    this.name = data.name;
    this.disabled = data.disabled ?? false;
    this.transfer = data.transfer === true;
    this.statuses = new Set(data.statuses ?? []);
    this.changes = deepClone(data.changes ?? []);
    this.parent = parent;
  }

  get isSuppressed(): boolean {
    return false;
  }

  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
}

/** The configured Active Effect class (the system's subclass once it has started). */
function effectClass(): typeof ActiveEffect {
  const config = env().globals as { CONFIG: { ActiveEffect: { documentClass: typeof ActiveEffect } } };
  return config.CONFIG.ActiveEffect.documentClass;
}

/** An embedded item of an actor, as stored. */
export interface ItemSpec {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  sort?: number;
  flags?: Record<string, Record<string, unknown>>;
  /** Embedded Active Effects; default none. */
  effects?: EffectSpec[];
}

/** What an embedded item's writes go through: its actor. */
interface ItemParent {
  updateItem(spec: ItemSpec, changes: Record<string, unknown>): Promise<void>;
  deleteItem(spec: ItemSpec): Promise<void>;
}

/**
 * An embedded item as the system reads it: its document name, id, name, type, system data (a copy),
 * sort, flags and effects (as the configured class, the item their parent), `update` of its
 * `system` data and `delete`, as the holder's owner or a GM may. [API13 Document#documentName,
 * Item#effects, Document#update, Document#delete; an embedded document's permission is its
 * parent's, Document#canUserModify]
 */
function itemView(spec: ItemSpec, parent: ItemParent) {
  const item: Record<string, unknown> = strictObject(
    {
      documentName: "Item",
      id: spec._id,
      name: spec.name,
      type: spec.type,
      system: deepClone(spec.system),
      sort: spec.sort ?? 0,
      flags: deepClone(spec.flags ?? {}),
      get effects() {
        const Class = effectClass();
        return (spec.effects ?? []).map((e) => new Class(e, { parent: item }));
      },
      update: async (changes: Record<string, unknown>) => {
        await parent.updateItem(spec, changes);
        return item;
      },
      delete: async () => {
        await parent.deleteItem(spec);
        return item;
      },
    },
    `Item ${spec._id}`,
  );
  return item;
}

/** An actor, shared by every client. */
class Actor {
  readonly #spec: ActorSpec;
  readonly #apps: Record<string, unknown> = {};

  constructor(spec: ActorSpec) {
    this.#spec = spec;
  }

  /** The document name. [API13 Document#documentName] */
  get documentName(): "Actor" {
    return "Actor";
  }

  /** The document id. */
  get id(): string {
    return this.#spec.id;
  }

  /** The name. */
  get name(): string {
    return this.#spec.name;
  }

  /** The subtype. */
  get type(): string {
    return this.#spec.type;
  }

  /** The system data (a copy; the double does not persist edits). */
  get system(): Record<string, unknown> {
    return deepClone(this.#spec.system);
  }

  /**
   * The applications showing this actor (its open sheets), by application id; Foundry re-renders them
   * when the actor is updated. A test puts stand-in applications here. [API13 ClientDocumentMixin#apps]
   */
  get apps(): Record<string, unknown> {
    return this.#apps;
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
    return this.update({ [`flags.${scope}.${deletionKey(key)}`]: null });
  }

  /** Whether the running client's user owns the actor. [API13 Document#isOwner] */
  get isOwner(): boolean {
    return this.testUserPermission(userInstance(currentUserId()) as UserInstance, "OWNER");
  }

  /**
   * Updates the actor's `system` data and flags (flat or nested keys; `-=key` deletes). Only an owner
   * or a GM may, as in Foundry ("User … lacks permission to update Actor"). The data is stored as JSON.
   * [API13 Document#update; ClientDatabaseBackend permission error wording uncertain]
   */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const expandedChanges = applyOperators(expandObject(changes), env().generation);
    if (!preHook("preUpdateActor", this, deepClone(expandedChanges), options)) return this;
    await toServer();
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.testUserPermission(user, "OWNER")) {
      throw new Error(`User ${user.name} lacks permission to update Actor [${this.#spec.id}]`);
    }
    const expanded = expandedChanges;
    const current = { system: this.#spec.system, flags: this.#spec.flags ?? {} };
    const next = mergeObject<typeof current>(
      deepClone(current),
      { system: expanded.system ?? {}, flags: expanded.flags ?? {} },
      { performDeletions: true },
    );
    const stored = JSON.parse(JSON.stringify(next)) as typeof current;
    this.#spec.system = stored.system;
    this.#spec.flags = stored.flags;
    // Actor data is one store (not copied per client); only the hook waits for each client's latency.
    await broadcast(
      () => undefined,
      lifecycle("updateActor", () => [this, deepClone(expandedChanges), options, user.id]),
    );
    return this;
  }

  /** The embedded items, by id. [API13 Actor#items: an EmbeddedCollection] */
  get items() {
    const all = () => (this.#spec.items ?? []).map((i) => itemView(i, this.#itemParent));
    return strictObject(
      {
        get: (id: string) => all().find((item) => item.id === id),
        get contents() {
          return all();
        },
        get size() {
          return all().length;
        },
        [Symbol.iterator]: () => all()[Symbol.iterator](),
      },
      `Actor ${this.#spec.id} items`,
    );
  }

  /**
   * Creates embedded Items (an owner or a GM only). `keepId` keeps each given `_id`, which must be
   * 16 letters and digits and not already used; otherwise each item gets a new id.
   * [API13 ClientDocumentMixin#createEmbeddedDocuments; DatabaseCreateOperation#keepId]
   */
  async createEmbeddedDocuments(
    name: string,
    data: Record<string, unknown>[],
    { keepId = false }: { keepId?: boolean } = {},
  ): Promise<ReturnType<typeof itemView>[]> {
    await Promise.resolve();
    if (name !== "Item") throw new Error(`Foundry double: ${name} is not an embedded collection of Actor`);
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.testUserPermission(user, "OWNER")) {
      throw new Error(`User ${user.name} lacks permission to create Item in Actor [${this.#spec.id}]`);
    }
    const items = (this.#spec.items ??= []);
    const created: ItemSpec[] = data.map((d) => {
      const wanted = typeof d._id === "string" ? d._id : "";
      if (keepId && (!/^[A-Za-z0-9]{16}$/.test(wanted) || items.some((i) => i._id === wanted))) {
        throw new Error(`Foundry double: the id ${wanted} cannot be kept`);
      }
      const stored = JSON.parse(JSON.stringify(d)) as Partial<ItemSpec>;
      return {
        _id: keepId ? wanted : randomID(),
        name: String(stored.name ?? ""),
        type: String(stored.type ?? ""),
        system: stored.system ?? {},
        sort: stored.sort ?? 0,
        flags: stored.flags ?? {},
      };
    });
    items.push(...created);
    return created.map((i) => itemView(i, this.#itemParent));
  }

  /** The embedded Active Effects. [API13 Actor#effects] */
  get effects() {
    return (this.#spec.effects ?? []).map(effectView);
  }

  /**
   * The effects that apply to the actor: of its own effects and its items' transferring ones, those
   * that are active (neither disabled nor suppressed by the system's class). [API13
   * Actor#appliedEffects, Actor#allApplicableEffects; CONFIG.ActiveEffect.legacyTransferral false:
   * an item's effect applies from within the item]
   */
  get appliedEffects() {
    const Class = effectClass();
    const own = (this.#spec.effects ?? []).map((e) => new Class(e, { parent: this }));
    const fromItems = this.items.contents.flatMap((item) => (item.effects as ActiveEffect[]).filter((e) => e.transfer));
    return [...own, ...fromItems].filter((e) => e.active);
  }

  /** Checks that the running client's user owns the actor (an embedded document's permission is its parent's). */
  #requireOwner(what: string): UserInstance {
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.testUserPermission(user, "OWNER")) throw new Error(`User ${user.name} lacks permission to ${what}`);
    return user;
  }

  /** The writes of the actor's embedded items. */
  readonly #itemParent: ItemParent = {
    updateItem: (spec, changes) => this.#updateItem(spec, changes),
    deleteItem: (spec) => this.#deleteItem(spec),
  };

  /**
   * Deletes an embedded item (an owner of the actor or a GM only); fires `deleteItem` on every
   * client. [API13 Document#delete; Document#canUserModify]
   */
  async #deleteItem(spec: ItemSpec): Promise<void> {
    if (!preHook("preDeleteItem", itemView(spec, this.#itemParent), {})) return;
    await toServer();
    const user = this.#requireOwner(`delete Item [${spec._id}]`);
    this.#spec.items = (this.#spec.items ?? []).filter((i) => i !== spec);
    await broadcast(
      () => undefined,
      lifecycle("deleteItem", () => [itemView(spec, this.#itemParent), {}, user.id]),
    );
  }

  /**
   * Updates an embedded item's `system` data (an owner of the actor or a GM only); fires
   * `updateItem` on every client. [API13 Document#update; Document#canUserModify]
   */
  async #updateItem(spec: ItemSpec, changes: Record<string, unknown>): Promise<void> {
    const expanded = applyOperators(expandObject(changes), env().generation);
    if (!preHook("preUpdateItem", itemView(spec, this.#itemParent), deepClone(expanded), {})) return;
    await toServer();
    const user = this.#requireOwner(`update Item [${spec._id}]`);
    const next = mergeObject<Record<string, unknown>>(deepClone(spec.system), expanded.system ?? {}, {
      performDeletions: true,
    });
    spec.system = JSON.parse(JSON.stringify(next)) as Record<string, unknown>;
    await broadcast(
      () => undefined,
      lifecycle("updateItem", () => [itemView(spec, this.#itemParent), deepClone(expanded), {}, user.id]),
    );
  }

  /**
   * Turns a status effect on or off (an owner or a GM only): on, an effect is made from its
   * `CONFIG.statusEffects` entry (name localized, the status id in `statuses`, its changes); off,
   * every effect standing for the status is deleted. `active` forces a state.
   * [API13 Actor#toggleStatusEffect; ActiveEffect.fromStatusEffect]
   *
   * @returns The created effect, `true` when one was already there and stays, `false` when deleted or absent.
   */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean } = {}): Promise<unknown> {
    await toServer();
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.testUserPermission(user, "OWNER")) {
      throw new Error(`User ${user.name} lacks permission to update Actor [${this.#spec.id}]`);
    }
    const effects = (this.#spec.effects ??= []);
    const existing = effects.filter((e) => (e.statuses ?? []).includes(statusId));
    const on = active ?? existing.length === 0;
    if (!on) {
      this.#spec.effects = effects.filter((e) => !existing.includes(e));
      return false;
    }
    if (existing.length > 0) return true;
    const globals = env().globals as {
      CONFIG: { statusEffects: { id: string; name: string; changes?: unknown[] }[] };
      game: { i18n: { localize(key: string): string } };
    };
    const config = globals.CONFIG.statusEffects;
    const status = config.find((s) => s.id === statusId);
    if (!status) throw new Error(`Foundry double: no status effect ${statusId} in CONFIG.statusEffects`);
    const created: EffectSpec = {
      _id: randomID(),
      name: globals.game.i18n.localize(status.name),
      statuses: [statusId],
      changes: JSON.parse(JSON.stringify(status.changes ?? [])) as Record<string, unknown>[],
    };
    effects.push(created);
    return effectView(created);
  }

  /** Ownership levels by user id and `default`. [API13 BaseActor ownership] */
  get ownership(): Record<string, number> {
    return { default: DOCUMENT_OWNERSHIP_LEVELS.NONE, ...this.#spec.ownership };
  }

  /**
   * Whether a user has at least `permission` (a level name or number) over the actor; with `exact`,
   * exactly that level. A Gamemaster is always an owner. The level is the user's own entry, else
   * `default`. [API13 Document#testUserPermission, Document#getUserLevel]
   */
  testUserPermission(
    user: UserInstance,
    permission: keyof typeof DOCUMENT_OWNERSHIP_LEVELS | number,
    { exact = false }: { exact?: boolean } = {},
  ): boolean {
    const wanted = typeof permission === "number" ? permission : DOCUMENT_OWNERSHIP_LEVELS[permission];
    const level = user.role >= USER_ROLES.GAMEMASTER ? DOCUMENT_OWNERSHIP_LEVELS.OWNER : this.levelOf(user.id);
    return exact ? level === wanted : level >= wanted;
  }

  private levelOf(userId: string): number {
    const own = this.ownership;
    const level = own[userId];
    return level === undefined || level === DOCUMENT_OWNERSHIP_LEVELS.INHERIT ? (own.default ?? 0) : level;
  }
}

strictInstances(Actor);
const StrictActor = strictClass(Actor);
export { StrictActor as Actor };
export type { Actor as ActorInstance };

/** The emulated `game.actors` collection. [API13 foundry.documents.collections.Actors] */
export interface ActorsCollection extends WorldCollection<Actor> {
  getName(name: string): Actor | undefined;
}

/** Builds the strict `game.actors` over the world's actors. */
export function createWorldActors(): ActorsCollection {
  const cache = new WeakMap<ActorSpec, Actor>();
  const all = (): Actor[] =>
    [...env().world.actors.values()].map((spec) => {
      let actor = cache.get(spec);
      if (!actor) cache.set(spec, (actor = new StrictActor(spec)));
      return actor;
    });
  const collection: ActorsCollection = withMembers(
    worldCollection(
      all,
      (id) => all().find((a) => a.id === id),
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
export function createPacks(specs: PackSpec[]) {
  const cache = new WeakMap<ActorSpec, Actor>();
  const pick = (spec: ActorSpec, fields: string[]) => {
    const out: Record<string, unknown> = { _id: spec.id, name: spec.name, type: spec.type };
    for (const field of fields) {
      const value = getProperty(spec, field);
      if (value === undefined) continue;
      const [head, ...rest] = field.split(".");
      const node = ((out[head as string] as Record<string, unknown> | undefined) ??= {});
      Object.assign(node, expandObject({ [rest.join(".")]: deepClone(value) }));
    }
    return out;
  };
  const packs = specs.map((spec) =>
    strictObject(
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
          const found = spec.actors.find((a) => a.id === id);
          if (!found) return undefined;
          let actor = cache.get(found);
          if (!actor) cache.set(found, (actor = new StrictActor(found)));
          return actor;
        },
      },
      `pack ${spec.collection}`,
    ),
  );
  return strictObject(
    {
      get contents() {
        return [...packs];
      },
      get: (collection: string) => packs.find((p) => p.collection === collection),
      [Symbol.iterator]: () => packs[Symbol.iterator](),
    },
    "game.packs",
  );
}

/** `game.data.actors`: the world's actors as the server sent them (plain stored data). [API13 Game#data] */
export function worldActorData() {
  return [...env().world.actors.values()].map((a) => ({
    _id: a.id,
    name: a.name,
    type: a.type,
    system: deepClone(a.system),
  }));
}
