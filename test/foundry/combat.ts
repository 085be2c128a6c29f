/**
 * The smallest combat tracker the system needs: a world's combats (`game.combats`), each with its
 * round and combatants, the base `Combat` class the system's Combat class extends, and
 * `CONFIG.Combat.documentClass`. One state for every client (no replication delay; the
 * `updateCombat` and `updateCombatant` hooks reach each connected client after its latency); the
 * combat's base `rollInitiative` is not emulated (the system overrides it). Sources: the public API
 * pages of Combat and Combatant (API13), cited per member.
 */
import { worldCollection, type WorldCollection } from "./collection.ts";
import { broadcast, lifecycle, toServer } from "./server.ts";
import { currentUserId, env } from "./state.ts";
import { strictInstances, strictObject } from "./strict.ts";
import { userInstance, type UserInstance } from "./users.ts";

/** A combatant as a test creates it. */
export interface CombatantSpec {
  id: string;
  /** The world actor it stands for. */
  actorId: string;
  name: string;
  /** Its initiative; `null` (not rolled) by default. */
  initiative?: number | null;
}

/** One combatant of a combat. [API13 Combatant] */
export class Combatant {
  readonly id: string;
  readonly actorId: string;
  readonly name: string;
  /** The initiative, or `null` before it is rolled. [API13 Combatant#initiative] */
  initiative: number | null;
  /** Whether the combatant is marked defeated. [API13 Combatant#defeated / isDefeated] */
  defeated = false;
  /** The token it stands for: none (the world has no tokens). [API13 Combatant#tokenId] */
  readonly tokenId: string | null = null;
  readonly #combat: () => Combat;

  constructor(spec: CombatantSpec, combat: () => Combat) {
    this.id = spec.id;
    this.actorId = spec.actorId;
    this.name = spec.name;
    this.initiative = spec.initiative ?? null;
    this.#combat = combat;
  }

  /**
   * Updates the combatant's `defeated` mark (a GM, or an owner of its actor); `updateCombatant` fires
   * on every connected client. [API13 Combatant: ownership follows its actor; Document#update]
   */
  async update(changes: { defeated?: boolean }): Promise<this> {
    const keys = Object.keys(changes);
    if (keys.some((k) => k !== "defeated"))
      throw new Error(`Foundry double: Combatant update of ${keys.join(", ")} is not emulated`);
    await toServer();
    const user = userInstance(currentUserId()) as UserInstance;
    const actor = this.actor as { testUserPermission(u: unknown, level: string): boolean } | undefined;
    if (!user.isGM && !actor?.testUserPermission(user, "OWNER")) {
      throw new Error(`User ${user.name} lacks permission to update Combatant [${this.id}]`);
    }
    if (typeof changes.defeated === "boolean") this.defeated = changes.defeated;
    await broadcast(
      () => undefined,
      lifecycle("updateCombatant", () => [this, { ...changes }, {}, user.id]),
    );
    return this;
  }

  /** The combat it belongs to. [API13 Combatant#combat / parent] */
  get combat(): Combat {
    return this.#combat();
  }

  /** The world actor, as the running client reads it. [API13 Combatant#actor] */
  get actor(): unknown {
    const game = env().globals.game as { actors: { get(id: string): unknown } };
    return game.actors.get(this.actorId);
  }
}
strictInstances(Combatant);

/** A combat encounter. [API13 Combat] */
export class Combat {
  readonly id: string;
  /** The current round; 0 until the combat begins. [API13 Combat#round] */
  round = 0;
  /** The index of the current turn in `turns`. [API13 Combat#turn] */
  turn = 0;
  readonly #combatants: Map<string, Combatant>;
  /** Every change of a combatant's initiative, in order: who set it, to what. */
  readonly initiativeLog: { userId: string; combatant: string; value: number }[] = [];

  constructor(data: { id: string; combatants: CombatantSpec[] }) {
    this.id = data.id;
    this.#combatants = new Map(data.combatants.map((c) => [c.id, new Combatant(c, () => this)]));
  }

  /**
   * The combatants in turn order: initiative from highest to lowest, those without one last, ties by
   * id. [API13 Combat#turns; Combat#_sortCombatants]
   */
  get turns(): Combatant[] {
    const value = (c: Combatant) => c.initiative ?? Number.NEGATIVE_INFINITY;
    return [...this.#combatants.values()].sort((a, b) => value(b) - value(a) || (a.id < b.id ? -1 : 1));
  }

  /** The combatant whose turn it is, or `undefined` before the combat begins. [API13 Combat#combatant] */
  get combatant(): Combatant | undefined {
    return this.started ? this.turns[this.turn] : undefined;
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
    this.round = round;
    this.turn = turn;
    await broadcast(
      () => undefined,
      lifecycle("updateCombat", () => [this, { ...changed }, { direction: 1 }, user.id]),
    );
    return this;
  }

  /** Ends the current turn: the next combatant's turn, or the next round after the last. [API13 Combat#nextTurn] */
  async nextTurn(): Promise<this> {
    const next = this.turn + 1;
    return next < this.turns.length ? this.#moveTo(this.round, next) : this.#moveTo(this.round + 1, 0);
  }

  /** Ends the round: round + 1, the first turn. [API13 Combat#nextRound] */
  async nextRound(): Promise<this> {
    return this.#moveTo(this.round + 1, 0);
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

  /** Whether the combat has begun its rounds. [API13 Combat#started: `round > 0`] */
  get started(): boolean {
    return this.round > 0;
  }

  /** Begins the combat at round 1 (the GM's "Begin Combat"). [API13 Combat#startCombat] */
  async startCombat(): Promise<this> {
    if (!(userInstance(currentUserId()) as UserInstance).isGM)
      throw new Error("Foundry double: only a GM starts a combat");
    return this.#moveTo(1, 0);
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
