/**
 * The system's Actor document class (`CONFIG.Actor.documentClass`): what a macro writer, a module, a
 * sheet or a card asks of a character or an NPC is a method of the actor itself —
 * `actor.rollTrait({ kind: "skill", key })`, `actor.rollAttack(weaponId)`, `actor.applyDamage(5)`,
 * `actor.heal(3)`, `actor.addCondition("rb-stunned", 2, "rounds")`, `actor.conditions`,
 * `await actor.points()`. The methods run `actor-behaviour.ts`, loaded with the first call, so the
 * class adds little to the code every client loads at start.
 */
import type { TraitRef } from "../data/actor/pure.ts";
import { CONDITIONS } from "../data/conditions/index.ts";
import type { ApplyResult } from "../services/harm/index.ts";
import type { ApplyDamageOptions } from "../services/harm/requests.ts";
import type { ActorPoints } from "../services/points/ledger.ts";

/** The methods the class runs from `actor-behaviour.ts`. */
const METHODS = ["rollTrait", "rollAttack", "applyDamage", "heal", "addCondition", "points"] as const;

/** What the system's Actor class adds to every actor (its methods run `actor-behaviour.ts`). */
export interface ActorBehaviour {
  /** Rolls one of its traits as its sheet's roll button does (`{ kind: "skill", key }`; Shift in `event`: no dialog). */
  rollTrait(trait: TraitRef, event?: Event): Promise<void>;
  /** Attacks with one of its weapons (an item id), as the sheet's attack button does. */
  rollAttack(weaponId: string, event?: Event): Promise<void>;
  /** Takes damage (or healing): the application made, or `null` when refused. */
  applyDamage(amount: number, options?: ApplyDamageOptions): Promise<ApplyResult[] | null>;
  /** The GM heals it by an amount, or fully with `null`: the card's id, or `null` when refused. */
  heal(amount: number | null): Promise<string | null>;
  /** Puts one of the system's conditions on it for rounds or turns: `false` when refused. */
  addCondition(statusId: string, value: number, units: "rounds" | "turns"): Promise<boolean>;
  /** Its points as the GM's records hold them. */
  points(): Promise<ActorPoints>;
  /** The ids of the system's conditions it bears now. */
  readonly conditions: string[];
}

/**
 * An actor as the system's Actor class makes it. Every actor is of that class (`init` configures it,
 * and the Quench check "every actor is the system's Actor class" confirms it in a real world); the
 * compiler, which knows only the configured class's type, is told so here.
 */
export function behaviourOf(actor: Actor.Implementation): Actor.Implementation & ActorBehaviour {
  return actor as Actor.Implementation & ActorBehaviour;
}

/**
 * Builds the class from the one configured when the system starts (Foundry's own unless a module
 * replaced it), to be set back as the configured class.
 */
export function actorClass(): typeof CONFIG.Actor.documentClass {
  const Base = CONFIG.Actor.documentClass;
  class RollingBonesActor extends Base {
    /** Rolls one of its traits as its sheet's roll button does (`{ kind: "skill", key }`; Shift in `event`: no dialog). */
    declare rollTrait: (trait: TraitRef, event?: Event) => Promise<void>;
    /** Attacks with one of its weapons (an item id), as the sheet's attack button does. */
    declare rollAttack: (weaponId: string, event?: Event) => Promise<void>;
    /**
     * Takes damage (or healing with `{ multiplier: "heal" }`; `half`, `full` by default, `double`),
     * through the active GM where the user does not own it, on a chat card with Undo: the application
     * made, or `null` when refused (a bad amount, or a target the user may not hurt; one message says why).
     */
    declare applyDamage: (amount: number, options?: ApplyDamageOptions) => Promise<ApplyResult[] | null>;
    /** The GM heals it by an amount, or fully with `null`, on a chat card: the card's id, or `null` when refused. */
    declare heal: (amount: number | null) => Promise<string | null>;
    /** Puts one of the system's conditions on it for rounds (its own turns) or turns (anyone's): `false` when refused. */
    declare addCondition: (statusId: string, value: number, units: "rounds" | "turns") => Promise<boolean>;
    /** Its points as the GM's records hold them: pending assists, this session's spends, the Willpower turn. */
    declare points: () => Promise<ActorPoints>;

    /** The ids of the system's conditions it bears now (`rb-stunned`, …). */
    get conditions(): string[] {
      return CONDITIONS.filter((c) => this.statuses.has(c.id)).map((c) => c.id);
    }
  }
  for (const name of METHODS) {
    Object.defineProperty(RollingBonesActor.prototype, name, {
      async value(this: Actor.Implementation, ...args: unknown[]) {
        const behaviour = (await import("./actor-behaviour.ts")) as unknown as Record<
          string,
          (actor: Actor.Implementation, ...rest: unknown[]) => unknown
        >;
        return behaviour[name]?.(this, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
  // The compiler cannot see that a subclass's own methods return the subclass, so it is told the configured type.
  return RollingBonesActor as typeof CONFIG.Actor.documentClass;
}
