/**
 * The smallest combat tracker the system needs: a world's combats (`game.combats`), each with its
 * round and combatants, the base `Combat` class the system's Combat class extends, and
 * `CONFIG.Combat.documentClass`. One state for every client (no replication delay); the combat's
 * base `rollInitiative` is not emulated (the system overrides it). Sources: the public API pages of
 * Combat and Combatant (API13), cited per member.
 */
import { worldCollection, type WorldCollection } from "./collection.ts";
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

  constructor(spec: CombatantSpec) {
    this.id = spec.id;
    this.actorId = spec.actorId;
    this.name = spec.name;
    this.initiative = spec.initiative ?? null;
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

  /** Whether the combat has begun its rounds. [API13 Combat#started: `round > 0`] */
  get started(): boolean {
    return this.round > 0;
  }

  /** Begins the combat at round 1 (the GM's "Begin Combat"). [API13 Combat#startCombat] */
  async startCombat(): Promise<this> {
    if (!(userInstance(currentUserId()) as UserInstance).isGM)
      throw new Error("Foundry double: only a GM starts a combat");
    this.round = 1;
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
