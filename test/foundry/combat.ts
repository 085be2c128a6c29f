/**
 * The smallest combat tracker the system needs: a world's combats (`game.combats`), each with its
 * round and combatants, the base `Combat` class the system's Combat class extends, and
 * `CONFIG.Combat.documentClass`. One state for every client (no replication delay); the combat's
 * base `rollInitiative` is not emulated (the system overrides it). Sources: the public API pages of
 * Combat and Combatant (API13), cited per member.
 */
import { worldCollection, type WorldCollection } from "./collection.ts";
import { currentUserId, env, runAs } from "./state.ts";
import { tokenDocument, type TokenDocument } from "./tokens.ts";
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

  constructor(spec: CombatantSpec) {
    this.id = spec.id;
    this.actorId = spec.actorId;
    this.name = spec.name;
    this.initiative = spec.initiative ?? null;
    this.sceneId = spec.sceneId ?? null;
    this.tokenId = spec.tokenId ?? null;
    this.defeated = spec.defeated ?? false;
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
    this.#combatants = new Map(data.combatants.map((c) => [c.id, new Combatant(c)]));
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
    if (typeof changes.turn === "number") this.turn = changes.turn;
    if (typeof changes.round === "number") this.round = changes.round;
    this.turnLog.push({ round: this.round, turn: this.turn });
    return this;
  }

  /** Every change of the turn or round by `update`, in order (double only). */
  readonly turnLog: { round: number; turn: number | null }[] = [];

  /** Begins the combat at round 1, the first turn current (the GM's "Begin Combat"). [API13 Combat#startCombat] */
  async startCombat(): Promise<this> {
    if (!(userInstance(currentUserId()) as UserInstance).isGM)
      throw new Error("Foundry double: only a GM starts a combat");
    this.round = 1;
    this.turn = 0;
    return this;
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
