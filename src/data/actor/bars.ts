/**
 * Token bars, Foundry-free: which of each actor type's figures a token can show
 * (`CONFIG.Actor.trackableAttributes`: `bar` paths hold `{ value, max }`, `value` paths a number,
 * both under `system`), and what a change typed into a token's bar writes. A player watches karma,
 * Character Points, Fate Points, Willpower and the action dice they hold; every type, NPCs too,
 * has health (docs/rules.md §6), the token's primary bar.
 */

import type { ActorType } from "./constants.ts";
import type { PoolTenPoint } from "./types.ts";

/** The figures of one actor type a token may track. */
export interface TrackableAttributes {
  /** Paths (under `system`) of `{ value, max }` pairs, drawn as bars. */
  readonly bar: readonly string[];
  /** Paths (under `system`) of single numbers. */
  readonly value: readonly string[];
}

/** The derived path of a dice-pool character's Willpower as a bar (current of permanent). */
export const WILLPOWER_BAR = "willpowerBar";

/** The derived path of the action dice the character's player holds this session, as a bar (read-only). */
export const HELD_DICE_BAR = "heldDice";

/** The path of every actor's health (docs/rules.md §6), the system's primary token bar (`system.json`). */
export const HEALTH_BAR = "health";

const NONE: TrackableAttributes = Object.freeze({ bar: [HEALTH_BAR], value: [] });

/** The trackable figures of every actor type, for `CONFIG.Actor.trackableAttributes`. */
export const TRACKABLE_ATTRIBUTES: Readonly<Record<ActorType, TrackableAttributes>> = Object.freeze({
  "percentile-character": { bar: [HEALTH_BAR], value: ["karma"] },
  "action-character": { bar: [HEALTH_BAR, HELD_DICE_BAR], value: ["classDice.count"] },
  "wild-character": { bar: [HEALTH_BAR], value: ["characterPoints", "fatePoints"] },
  "pi-character": NONE,
  "pool-character": { bar: [HEALTH_BAR, WILLPOWER_BAR], value: ["willpower.current", "willpower.permanent"] },
  "percentile-npc": NONE,
  "action-npc": NONE,
  "wild-npc": NONE,
  "pi-npc": NONE,
  "pool-npc": NONE,
});

/** A bar's figures. */
export interface BarValue {
  value: number;
  max: number;
}

/** Willpower as a bar: the current points of the permanent rating. */
export function willpowerBar(willpower: Readonly<PoolTenPoint>): BarValue {
  return { value: willpower.current, max: willpower.permanent };
}

/** What a change typed into a token's bar does: the actor update to make, or a refusal (a localization key). */
export type BarChange = { readonly update: Record<string, unknown> } | { readonly refused: string } | null;

/**
 * The actor update for a change typed into a token's bar or value of one of our derived bars;
 * `null` for any other attribute (Foundry's own update stands). Willpower writes the current
 * points, kept from 0 to the permanent rating; the action dice held change only through the
 * action-dice panel and cards (a pool is the GM's to write), so a typed change is refused.
 *
 * @param attribute - The attribute path (under `system`).
 * @param value - The typed value.
 * @param isDelta - Whether the value is a change (`+2`, `-1`) rather than a new value.
 * @param system - The actor's prepared `system` data.
 */
export function barChange(attribute: string, value: number, isDelta: boolean, system: unknown): BarChange {
  if (attribute === HELD_DICE_BAR) return { refused: "ROLLING_BONES.Tokens.HeldDiceReadOnly" };
  if (attribute !== WILLPOWER_BAR) return null;
  const willpower = (system as { willpower?: Partial<PoolTenPoint> } | null)?.willpower;
  const current = willpower?.current ?? 0;
  const permanent = willpower?.permanent ?? 0;
  const wanted = isDelta ? current + value : value;
  const next = Math.min(permanent, Math.max(0, Math.round(Number.isFinite(wanted) ? wanted : current)));
  return { update: { "system.willpower.current": next } };
}
