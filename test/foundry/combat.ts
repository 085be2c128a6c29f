/**
 * The smallest combat tracker the system needs: a world's combats (`game.combats`), each with its
 * round and combatants, the base `Combat` class the system's Combat class extends, and
 * `CONFIG.Combat.documentClass`; a GM creates a combat (`Combat.create`), adds its combatants
 * (`createEmbeddedDocuments("Combatant", …)`) and deletes it. One state for every client (no replication delay; the
 * `updateCombat` hook of a turn or round moved on, by `nextTurn`, `nextRound` or `update`, reaches each
 * connected client after its latency); the combat's
 * base `rollInitiative` is not emulated (the system overrides it). Sources: the public API pages of
 * Combat and Combatant (API13), cited per member.
 */
import { worldCollection, type WorldCollection } from "./collection.ts";
import { coreExpiry } from "./expiry.ts";
import { broadcast, lifecycle, toServer } from "./server.ts";
import { currentUserId, env, runAs } from "./state.ts";
import { tokenDocument, type TokenDocument } from "./tokens.ts";
import { strictInstances, strictObject } from "./strict.ts";
import { userInstance, type UserInstance } from "./users.ts";
import { randomID } from "./utils.ts";

/** The installed double's combats (index.ts gives its map when it installs; one state for every client). */
let installedCombats: Map<string, Combat> = new Map();

/** Makes `combats` the map `Combat.create` adds to and `Combat#delete` removes from (index.ts). */
export function useCombats(combats: Map<string, Combat>): void {
  installedCombats = combats;
}

/** Throws Foundry's permission error unless the running client's user is a GM. */
function requireGm(action: string): UserInstance {
  const user = userInstance(currentUserId()) as UserInstance;
  if (!user.isGM) throw new Error(`User ${user.name} lacks permission to ${action}`);
  return user;
}

/** A combatant as a test creates it. */
export interface CombatantSpec {
  id: string;
  /** The world actor it stands for. */
  actorId: string;
  name: string;
  /** Its initiative; `null` (not rolled) by default. */
  initiative?: number | null;
  /** The token it stands for on a scene (tokens.ts), if any: `sceneId` and `tokenId`. */
  sceneId?: string;
  tokenId?: string;
  /** Whether it is defeated; default false. */
  defeated?: boolean;
}

/** One combatant of a combat. [API13 Combatant] */
export class Combatant {
  readonly id: string;
  readonly actorId: string;
  readonly name: string;
  /** The initiative, or `null` before it is rolled. [API13 Combatant#initiative] */
  initiative: number | null;

  readonly sceneId: string | null;
  readonly tokenId: string | null;
  /** Whether the combatant is defeated. [API13 Combatant#defeated, Combatant#isDefeated] */
  defeated: boolean;

  readonly #combat: (() => Combat) | null;

  constructor(spec: CombatantSpec, combat: (() => Combat) | null = null) {
    this.id = spec.id;
    this.actorId = spec.actorId;
    this.name = spec.name;
    this.initiative = spec.initiative ?? null;
    this.sceneId = spec.sceneId ?? null;
    this.tokenId = spec.tokenId ?? null;
    this.defeated = spec.defeated ?? false;
    this.#combat = combat;
  }

  /** The combat it belongs to. [API13 Combatant#combat / parent] */
  get combat(): Combat | null {
    return this.#combat?.() ?? null;
  }

  /** The token it stands for, as the running client sees it, else `null`. [API13 Combatant#token] */
  get token(): TokenDocument | null {
    return this.sceneId && this.tokenId ? tokenDocument(this.sceneId, this.tokenId, currentUserId()) : null;
  }

  /**
   * Its actor: the token's actor (a synthetic one for an unlinked token), else the world actor, as the
   * running client reads it. [API13 Combatant#actor]
   */
  get actor(): unknown {
    const token = this.token;
    if (token) return token.actor;
    const game = env().globals.game as { actors: { get(id: string): unknown } };
    return game.actors.get(this.actorId);
  }

  /** Whether the running client's user owns the combatant (as it owns the actor). [API13 Combatant#isOwner] */
  get isOwner(): boolean {
    const user = userInstance(currentUserId()) as UserInstance;
    const actor = this.actor as { testUserPermission(u: unknown, level: string): boolean } | undefined;
    return user.isGM || actor?.testUserPermission(user, "OWNER") === true;
  }

  /**
   * Updates the combatant's `defeated` or `initiative` (an owner or a GM); `updateCombatant` fires on
   * every connected client. One state for every client (no replication delay). [API13 Document#update;
   * hookEvents.updateDocument]
   */
  async update(
    changes: { defeated?: boolean; initiative?: number | null },
    options: Record<string, unknown> = {},
  ): Promise<this> {
    await Promise.resolve();
    const user = userInstance(currentUserId()) as UserInstance;
    if (!this.isOwner) throw new Error(`User ${user.name} lacks permission to update Combatant [${this.id}]`);
    const diff: Record<string, unknown> = {};
    if (changes.defeated !== undefined && changes.defeated !== this.defeated)
      diff.defeated = this.defeated = changes.defeated;
    if (changes.initiative !== undefined && changes.initiative !== this.initiative)
      diff.initiative = this.initiative = changes.initiative;
    if (Object.keys(diff).length === 0) return this;
    for (const clientId of env().server.active) {
      runAs(clientId, () =>
        (env().globals.Hooks as { callAll(h: string, ...a: unknown[]): boolean }).callAll(
          "updateCombatant",
          this,
          diff,
          options,
          user.id,
        ),
      );
    }
    return this;
  }
}
strictInstances(Combatant);

/** A combat encounter. [API13 Combat] */
export class Combat {
  readonly id: string;
  /** The current round; 0 until the combat begins. [API13 Combat#round] */
  round = 0;
  readonly #combatants: Map<string, Combatant>;
  /** Every change of a combatant's initiative, in order: who set it, to what. */
  readonly initiativeLog: { userId: string; combatant: string; value: number }[] = [];

  constructor(data: { id: string; combatants: CombatantSpec[] }) {
    this.id = data.id;
    this.#combatants = new Map(data.combatants.map((c) => [c.id, new Combatant(c, () => this)]));
  }

  /** The configured Combat class (the system's). [API13 Document.implementation; CONFIG.Combat.documentClass] */
  static get implementation(): typeof Combat {
    return (env().globals.CONFIG as { Combat: { documentClass: typeof Combat } }).Combat.documentClass;
  }

  /**
   * Creates a combat of the configured class in the world, not yet started and with no combatants; a
   * `scene` of `null` (or none) links it to no scene. Only a GM may (the stricter reading: no public
   * page gives the default role of creating a combat). [API13 Document.create; API13 CombatData#scene;
   * API14 CombatData (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.CombatData.html)]
   */
  static async create(data: { scene?: string | null; active?: boolean } = {}): Promise<Combat> {
    await toServer();
    requireGm("create Combat");
    if (data.scene !== undefined && data.scene !== null && typeof data.scene !== "string") {
      throw new Error("Combat validation errors: scene: must be a Scene id or null");
    }
    const Class = this.implementation;
    const combat = new Class({ id: randomID(), combatants: [] });
    installedCombats.set(combat.id, combat);
    return combat;
  }

  /**
   * Adds combatants, each standing for a world actor (`actorId`), with an optional `name` (else the
   * actor's), `initiative` (else none) and `defeated`. Only a GM may (the stricter reading: that a
   * player may add a combatant for her own token is not on a public page). [API13 Document#createEmbeddedDocuments;
   * API13 CombatantData (https://foundryvtt.com/api/interfaces/foundry.documents.types.CombatantData.html);
   * API14 CombatantData (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.CombatantData.html)]
   */
  async createEmbeddedDocuments(embeddedName: string, data: readonly Record<string, unknown>[]): Promise<Combatant[]> {
    if (embeddedName !== "Combatant") throw new Error(`Foundry double: a Combat embeds no ${embeddedName}`);
    await toServer();
    requireGm("create Combatant");
    const game = env().globals.game as { actors: { get(id: string): { name: string } | undefined } };
    const created = data.map((entry) => {
      const actorId = typeof entry.actorId === "string" ? entry.actorId : "";
      const actor = game.actors.get(actorId);
      if (!actor) throw new Error(`Combatant validation errors: actorId: no world Actor ${actorId}`);
      const initiative = typeof entry.initiative === "number" ? entry.initiative : null;
      const spec: CombatantSpec = {
        id: randomID(),
        actorId,
        name: typeof entry.name === "string" ? entry.name : actor.name,
        initiative,
        defeated: entry.defeated === true,
      };
      const combatant = new Combatant(spec, () => this);
      this.#combatants.set(spec.id, combatant);
      return combatant;
    });
    return created;
  }

  /** Deletes the combat from the world (a GM only). [API13 Document#delete] */
  async delete(): Promise<this> {
    await toServer();
    requireGm(`delete Combat [${this.id}]`);
    installedCombats.delete(this.id);
    return this;
  }

  /** The combatants, by id. [API13 Combat#combatants: an EmbeddedCollection] */
  get combatants(): WorldCollection<Combatant> {
    const all = () => [...this.#combatants.values()];
    return strictObject(
      worldCollection(
        all,
        (id) => this.#combatants.get(id),
        () => this.#combatants.size,
      ),
      `Combat ${this.id} combatants`,
    );
  }

  /**
   * The index of the current turn in {@link turns}; `null` until the combat begins. [API13 Combat#turn;
   * pf2e PR #12223 "ensure turn remains null when rolling initiative before combat starts"]
   */
  turn: number | null = null;

  /** Whether the combat has begun its rounds. [API13 Combat#started: `round > 0`] */
  get started(): boolean {
    return this.round > 0;
  }

  /**
   * The turn order: the combatants by initiative, highest first, those without one last; ties by name,
   * then id (the tiebreak is not on a public page). Re-sorted whenever an initiative changes, while
   * `turn` keeps its index, so the current turn may move to another combatant unless the caller puts
   * it back (core's `rollInitiative` does with `updateTurn`). [API13 Combat#turns "the sorted turn
   * order", Combat#setupTurns, Combat#rollInitiative `updateTurn` ("to keep the turn on the same
   * Combatant")]
   */
  get turns(): Combatant[] {
    const rank = (c: Combatant) => c.initiative ?? Number.NEGATIVE_INFINITY;
    return [...this.#combatants.values()].sort(
      (a, b) => rank(b) - rank(a) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  /** The combatant whose turn it is, or `null`. [API13 Combat#combatant] */
  get combatant(): Combatant | null {
    return this.turn === null ? null : (this.turns[this.turn] ?? null);
  }

  /**
   * Changes the round or the turn. A GM may; a player only a started combat's turn and round (Foundry
   * "lets a non-GM update a Combat's turn-only fields": Nimble-Co/FoundryVTT-Nimble PR #853; that a
   * combat not yet started refuses her is the stricter reading, unsourced). [API13 Document#update;
   * Combat#turn, Combat#round]
   */
  async update(changes: { turn?: number; round?: number }): Promise<this> {
    await Promise.resolve();
    const user = userInstance(currentUserId()) as UserInstance;
    if (!user.isGM && !this.started) {
      throw new Error(`User ${user.name} lacks permission to update Combat [${this.id}]`);
    }
    // Only what changes is sent; a no-op update fires no hook. [docs/foundry-notes.md §13: updates are diffed]
    const changed: { turn?: number; round?: number } = {};
    if (typeof changes.turn === "number" && changes.turn !== this.turn) changed.turn = changes.turn;
    if (typeof changes.round === "number" && changes.round !== this.round) changed.round = changes.round;
    if (typeof changes.turn === "number") this.turn = changes.turn;
    if (typeof changes.round === "number") this.round = changes.round;
    this.turnLog.push({ round: this.round, turn: this.turn });
    if (Object.keys(changed).length === 0) return this;
    // The update reaches every connected client, each firing `updateCombat` after its latency.
    // [API13 hookEvents.updateDocument: (document, changed, options, userId), on every client]
    await toServer();
    await broadcast(
      () => undefined,
      lifecycle("updateCombat", () => [this, { ...changed }, {}, user.id]),
    );
    return this;
  }

  /** Every change of the turn or round by `update`, in order (double only). */
  readonly turnLog: { round: number; turn: number | null }[] = [];

  /** Begins the combat at round 1, the first turn current (the GM's "Begin Combat"). [API13 Combat#startCombat] */
  async startCombat(): Promise<this> {
    if (!(userInstance(currentUserId()) as UserInstance).isGM)
      throw new Error("Foundry double: only a GM starts a combat");
    return this.#moveTo(1, 0);
  }

  /**
   * Moves to a position (a GM only) and tells every connected client (`updateCombat` with the round
   * and turn changed, and the direction). [API13 Combat#nextTurn, Combat#nextRound; hookEvents.updateDocument]
   */
  async #moveTo(round: number, turn: number): Promise<this> {
    const user = userInstance(currentUserId()) as UserInstance;
    if (!user.isGM) throw new Error(`Foundry double: only a GM advances combat ${this.id}`);
    await toServer();
    const changed = { round, turn };
    const from = { round: this.round, turn: this.turn };
    this.round = round;
    this.turn = turn;
    await broadcast(
      () => undefined,
      lifecycle("updateCombat", () => [this, { ...changed }, { direction: 1 }, user.id]),
    );
    // v14 core's expiry of effects on its own events and count (expiry.ts).
    await coreExpiry(this, from, changed);
    return this;
  }

  /** Ends the current turn: the next combatant's turn, or the next round after the last. [API13 Combat#nextTurn] */
  async nextTurn(): Promise<this> {
    const next = (this.turn ?? -1) + 1;
    return next < this.turns.length ? this.#moveTo(this.round, next) : this.#moveTo(this.round + 1, 0);
  }

  /** Ends the round: round + 1, the first turn. [API13 Combat#nextRound] */
  async nextRound(): Promise<this> {
    return this.#moveTo(this.round + 1, 0);
  }

  /**
   * Sets one combatant's initiative. A user may update a combatant whose actor they own, a GM any.
   * [API13 Combat#setInitiative; API13 Combatant ownership follows its actor]
   */
  async setInitiative(id: string, value: number): Promise<void> {
    const combatant = this.#combatants.get(id);
    if (!combatant) throw new Error(`Foundry double: combat ${this.id} has no combatant ${id}`);
    const user = userInstance(currentUserId()) as UserInstance;
    const actor = combatant.actor as { testUserPermission(u: unknown, level: string): boolean } | undefined;
    if (!user.isGM && !actor?.testUserPermission(user, "OWNER")) {
      throw new Error(`Foundry double: ${user.name} may not update combatant ${id}`);
    }
    combatant.initiative = value;
    this.initiativeLog.push({ userId: user.id, combatant: id, value });
  }
}
strictInstances(Combat);

/** The world's combats. [API13 game.combats: CombatEncounters] */
export function createCombats(combats: Map<string, Combat>): WorldCollection<Combat> {
  return strictObject(
    worldCollection(
      () => [...combats.values()],
      (id) => combats.get(id),
      () => combats.size,
    ),
    "game.combats",
  );
}
