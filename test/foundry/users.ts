/**
 * Users: `game.user`, `game.users`, User flags and `User#query` (v13 queries). [docs/foundry-notes.md §4]
 */
import { applyOperators, deletionOf } from "./operators.ts";
import { userTargets } from "./tokens.ts";
import { broadcast, lifecycle, preHook, toServer } from "./server.ts";
import { currentUserId, env, runAs, type UserSource } from "./state.ts";
import { strictClass, strictInstances, strictObject } from "./strict.ts";
import { deepClone, diffUpdate, expandObject, getProperty, mergeObject } from "./utils.ts";
import { withMembers, worldCollection, type WorldCollection } from "./collection.ts";

/** `CONST.USER_ROLES`. [API13/API14 CONST.USER_ROLES] */
export const USER_ROLES = Object.freeze({ NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 });

/**
 * The User fields a non-GM may change on its own User. No public page lists them; the stricter
 * reading keeps what a player edits in the core UI (player configuration: avatar, color, pronouns,
 * character; the hotbar; flags modules write) and refuses the rest (name, role, permissions, password).
 */
export const SELF_EDITABLE: ReadonlySet<string> = new Set([
  "flags",
  "avatar",
  "color",
  "pronouns",
  "character",
  "hotbar",
]);

/** A role name as accepted by `installFoundry` (`GM` is short for `GAMEMASTER`). */
export type RoleName = keyof typeof USER_ROLES | "GM";

/** Throws unless `scope` is a valid flag scope: `core`, `world` or the system id (no modules are active). [uncertain wording] */
export function assertFlagScope(scope: string): void {
  const systemId = (env().globals.game as { system: { id: string } }).system.id;
  if (scope !== "core" && scope !== "world" && scope !== systemId) {
    throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
  }
}

function jsonRoundTrip<T>(value: T): T {
  // Query data and results travel over a socket as JSON. [docs/foundry-notes.md §4 "must be JSON-serializable"]
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A query handler as registered in `CONFIG.queries`. [docs/foundry-notes.md §4] */
export type QueryHandler = (data: unknown, options: { timeout?: number }) => unknown;

/** A user of the world, shared by every client. [API13 foundry.documents.User] */
class User {
  /** The document id. */
  readonly _id: string;

  constructor(id: string) {
    this._id = id;
  }

  private get _source(): UserSource {
    const source = env().world.users.get(this._id);
    if (!source) throw new Error(`Foundry double: User ${this._id} no longer exists`);
    return source;
  }

  /** The document id. */
  get id(): string {
    return this._id;
  }

  /** The user's name. */
  get name(): string {
    return this._source.name;
  }

  /** The role, a `CONST.USER_ROLES` value. */
  get role(): number {
    return this._source.role;
  }

  /** Whether the user is logged in. [API13 User#active] */
  get active(): boolean {
    return env().world.active.has(this._id);
  }

  /** Whether the user is a Gamemaster or an Assistant [API13 User#isGM; ASSISTANT included, uncertain]. */
  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }

  /** Whether this is the user of the running client. [API13 User#isSelf] */
  get isSelf(): boolean {
    return this._id === currentUserId();
  }

  /** The user's assigned character, or `null`. [API13 User#character] */
  get character(): unknown {
    const id = this._source.character;
    const actors = (env().globals.game as { actors: { get(id: string): unknown } }).actors;
    return id ? (actors.get(id) ?? null) : null;
  }

  /**
   * The Token placeables this user targets, as the running client knows them: its own at once,
   * another user's after that user's activity reached it (tokens.ts). [API13 User#targets:
   * UserTargets, a Set of Tokens]
   */
  get targets(): Set<unknown> {
    return userTargets(this._id);
  }

  /** A copy of the flags (local edits are not saved, as in Foundry). */
  get flags(): Record<string, Record<string, unknown>> {
    return deepClone(this._source.flags);
  }

  /** Whether the user has at least `role`. [API13 BaseUser#hasRole] */
  hasRole(role: number | keyof typeof USER_ROLES, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = typeof role === "number" ? role : USER_ROLES[role];
    return exact ? this.role === level : this.role >= level;
  }

  /**
   * Whether the user holds a permission: its role reaches the lowest role the world grants it to
   * (SETTINGS_MODIFY, QUERY_USER; a GM holds every one). MANUAL_ROLLS: a user the test gave manual
   * dice holds it (`installManualDice`: the world's permission configuration granted it); which roles
   * hold it by default is not emulated. [API13 User#hasPermission, User#can; CONST.USER_PERMISSIONS;
   * `game.user.hasPermission("MANUAL_ROLLS")` in public module code]
   */
  hasPermission(permission: string): boolean {
    const e = env();
    if (this.role >= USER_ROLES.GAMEMASTER) return true;
    if (permission === "SETTINGS_MODIFY") return this.role >= e.permissions.SETTINGS_MODIFY;
    if (permission === "QUERY_USER") return this.role >= e.queryRole;
    if (permission === "MANUAL_ROLLS") return e.manualDice.has(this._id);
    throw new Error(`Foundry double: the permission ${permission} is not emulated`);
  }

  /** Whether the user may do an action: a permission name here. [API13 User#can] */
  can(action: string): boolean {
    return this.hasPermission(action);
  }

  /** Reads a flag. [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    assertFlagScope(scope);
    return deepClone(getProperty(this._source.flags[scope], key));
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

  /**
   * Updates the User through the server. A GM may update any User and only a Gamemaster may change a
   * role [API13 CONST.USER_ROLES: an Assistant cannot change User roles]; any other user may update
   * only its own User and only the fields in {@link SELF_EDITABLE} [no public page lists them: the
   * stricter reading]. `preUpdateUser` fires on this client, `updateUser` (user, changes, options,
   * userId) on every connected client when the change reaches it. [server.ts] Error wording uncertain.
   */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const raw = expandObject(changes);
    delete raw._id;
    // Diffed against this client's copy first: a change to nothing is no update. [API13 DatabaseUpdateOperation#diff]
    const mine = this._source as unknown as Record<string, unknown>;
    const operated = applyOperators(raw, env().generation, mine);
    const expanded = options.diff === false ? operated : diffUpdate(mine, operated);
    if (Object.keys(expanded).length === 0) return this;
    if (!preHook("preUpdateUser", this, expanded, options)) return this;
    await toServer();
    const actor = users().get(currentUserId()) as User;
    if (!actor.isGM && actor.id !== this._id) {
      throw new Error(`User ${actor.name} lacks permission to update User [${this._id}]`);
    }
    const forbidden = Object.keys(expanded).filter((key) => !SELF_EDITABLE.has(key));
    if (!actor.isGM && forbidden.length > 0) {
      throw new Error(
        `User ${actor.name} lacks permission to update User [${this._id}] fields ${forbidden.join(", ")}`,
      );
    }
    if ("role" in expanded && actor.role < USER_ROLES.GAMEMASTER) {
      throw new Error(`User ${actor.name} lacks permission to change the role of User [${this._id}]`);
    }
    const server = env().server.users;
    const current = server.get(this._id);
    if (!current) throw new Error(`Foundry double: User ${this._id} no longer exists`);
    const next = jsonRoundTrip(mergeObject(deepClone(current), deepClone(expanded), { performDeletions: true }));
    server.set(this._id, next);
    await broadcast(
      (view) => view.users.set(this._id, deepClone(next)),
      lifecycle("updateUser", () => [this, deepClone(expanded), options, actor.id]),
    );
    return this;
  }

  /**
   * Asks this user's client to run `CONFIG.queries[name]` and returns its result. The handler runs as
   * this user (`game.user` is this user inside it); data and result are JSON round-tripped; the call
   * rejects when the user is not active, when no handler is registered, when the handler throws, or
   * after `timeout` ms (the handler keeps running on the other side); a target that leaves before
   * answering never answers. `double.queryLatency` delays each direction. [FI#11235; docs/foundry-notes.md §4; error wording and self-query behaviour uncertain]
   */
  async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
    const e = env();
    if (this._id === currentUserId()) {
      throw new Error(
        "Foundry double: User#query to yourself is not emulated; call the handler directly when the target isSelf (as Draw Steel does)",
      );
    }
    // v13 added the QUERY_USER permission a sender needs [v13 release notes "User#query"; its default role
    // is not on a public page: the stricter reading, Player and above, Trusted via `queryRole`].
    const sender = users().get(currentUserId()) as User;
    if (sender.role < e.queryRole) throw new Error(`User ${sender.name} lacks permission QUERY_USER`);
    if (!this.active) throw new Error(`User ${this.name} is not active and cannot be queried`);
    const payload = jsonRoundTrip(data);
    // The exchange is work in flight for `double.settle()`, as a document's delivery is: a GM's handler
    // between two writes (or loading its module) leaves nothing else in flight. It counts until the answer
    // is back, the target left, or the asker's timeout passed (a handler may keep running past it).
    let finish = (): void => undefined;
    const inFlight = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const open = { target: this._id, finish };
    e.openQueries.add(open);
    e.uiTasks.add(inFlight);
    e.workCount += 1;
    void inFlight.finally(() => {
      e.uiTasks.delete(inFlight);
      e.openQueries.delete(open);
    });
    if (timeout !== undefined) void delay(timeout).then(finish);
    const exchange = async (): Promise<unknown> => {
      try {
        return await answer();
      } finally {
        finish();
      }
    };
    const answer = async (): Promise<unknown> => {
      await delay(e.queryLatency);
      // Whether the target is still there is the server's truth, not the asker's view of it.
      if (!e.server.active.has(this._id)) throw new Error(`User ${this.name} is not active and cannot be queried`);
      const queries = (e.globals.CONFIG as { queries: Record<string, QueryHandler | undefined> }).queries;
      const handler = queries[name];
      if (typeof handler !== "function") throw new Error(`Unknown query "${name}"`);
      let result: unknown;
      try {
        result = await runAs(this._id, () => handler(payload, { timeout }));
      } catch (err) {
        // The error crosses the socket: only its message comes back. [uncertain]
        throw new Error(err instanceof Error ? err.message : String(err), { cause: err });
      }
      // A client that left (a reload, a closed tab) before answering takes its answer with it: the asker
      // hears nothing and waits for its timeout. [no public page; the stricter reading, issue 23 fault 11]
      if (!e.server.active.has(this._id)) {
        finish();
        return new Promise<never>(() => undefined);
      }
      await delay(e.queryLatency);
      return jsonRoundTrip(result);
    };
    if (timeout === undefined) return exchange();
    // The name as the query left (a timer that fires after the world was taken down reads nothing of it).
    const userName = this.name;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Query "${name}" to User ${userName} timed out after ${timeout}ms`)),
        timeout,
      );
      exchange().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  }
}

strictInstances(User);
const StrictUser = strictClass(User);
export { StrictUser as User };
export type { User as UserInstance };

const instances = new WeakMap<object, Map<string, User>>();

/** The shared User instance for an id (one per world). */
export function userInstance(id: string): User | undefined {
  const world = env().world;
  if (!world.users.has(id)) return undefined;
  let cache = instances.get(world);
  if (!cache) instances.set(world, (cache = new Map<string, User>()));
  let user = cache.get(id);
  if (!user) cache.set(id, (user = new StrictUser(id)));
  return user;
}

/** The emulated `game.users` collection. [API13 foundry.documents.collections.Users] */
export interface UsersCollection extends WorldCollection<User> {
  getName(name: string): User | undefined;
  /** Users without a GM role. [API11 Users#players] */
  readonly players: User[];
  /**
   * "One User who is an active Gamemaster (non-assistant if possible), or null" [API13/API14 Users#activeGM].
   * Among several, the lowest id is chosen [uncertain].
   */
  readonly activeGM: User | null;
}

/** Builds the strict `game.users` collection. */
export function createUsers(): UsersCollection {
  const all = (): User[] => [...env().world.users.keys()].map((id) => userInstance(id) as User);
  const collection: UsersCollection = withMembers(
    worldCollection(all, userInstance, () => env().world.users.size),
    {
      getName: (name: string) => all().find((u) => u.name === name),
      get players() {
        return all().filter((u) => !u.isGM);
      },
      get activeGM() {
        const gms = all()
          .filter((u) => u.active && u.isGM)
          .sort((a, b) => b.role - a.role || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        return gms[0] ?? null;
      },
    },
  );
  return strictObject(collection, "game.users");
}

/** The installed `game.users`. */
export function users(): UsersCollection {
  return (env().globals.game as { users: UsersCollection }).users;
}
