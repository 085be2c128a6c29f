/**
 * What an activated critical or botch does (docs/rules.md §2): the effects the rules give each kind of
 * roll, the severity (dice spent) each needs, and whether the rules leave its substance to the GM (then
 * the card takes a short text in the GM's or the roller's words). Pure data and checks; the ledger
 * records the chosen effect as an entry of its own so the GM's undo takes it back.
 */

import type { ActionKind } from "./request.ts";

/** The activations an effect can follow. */
export type EffectActivation = "critical" | "botch" | "specialBotch";

/** One effect a card may offer. */
export interface EffectOption {
  /** The effect's id (its label is `ROLLING_BONES.ActionDice.Effect.<id>`). */
  readonly id: string;
  /** The fewest dice the activation must have had spent on it. */
  readonly minSeverity: number;
  /** True when the rules leave what happens to the table: the card then needs a short text. */
  readonly needsNote: boolean;
}

/** The longest text an effect may carry. */
export const MAX_EFFECT_NOTE = 200;

const option = (id: string, minSeverity = 1, needsNote = false): EffectOption =>
  Object.freeze({ id, minSeverity, needsNote });

/** The GM's (or roller's) own words, for what the rules leave open. */
const OWN_WORDS = option("ownWords", 1, true);

/**
 * An effect drawn by the GM from a critical or botch table (the system's compendium or the GM's own
 * tables): its text is the drawn result, named with its table. Only the GM records it.
 */
export const TABLE_DRAW = "tableDraw";

const DRAWN = option(TABLE_DRAW, 1, true);

/**
 * A critical's effects by kind of roll. A check: the best result it could give, a task done in less
 * time, an all-or-nothing task simply done, a rare piece of knowledge; a defence check: an insight
 * bonus against that opponent; a parry: a sure retaliation, a sunder or a disarm. An attack's damage
 * gains a special effect (which one the table says). A saving throw: an impossible save made possible,
 * save-for-half turned to save-for-quarter (one die) or save-for-nothing (two dice).
 */
export const CRITICAL_EFFECTS: Readonly<Record<ActionKind, readonly EffectOption[]>> = Object.freeze({
  check: Object.freeze([
    option("maximumResult"),
    option("shorterTime"),
    option("automaticSuccess"),
    option("rareKnowledge"),
    option("defenceInsight"),
    option("parryRetaliation"),
    option("parrySunder"),
    option("parryDisarm"),
    OWN_WORDS,
    DRAWN,
  ]),
  attack: Object.freeze([option("damageSpecial", 1, true), OWN_WORDS, DRAWN]),
  save: Object.freeze([
    option("saveMadePossible"),
    option("saveForQuarter"),
    option("saveForNothing", 2),
    OWN_WORDS,
    DRAWN,
  ]),
  insight: Object.freeze([]),
  // Damage and initiative rolls have no critical threat or botch (their dice are not a d20).
  damage: Object.freeze([]),
  initiative: Object.freeze([]),
});

/**
 * A botch's effects: the rules leave a natural botch and a special botch to the GM (a special botch
 * is an extra, lesser misfortune), suggesting a lost or broken item as a story twist.
 */
export const BOTCH_EFFECTS: Readonly<Record<"botch" | "specialBotch", readonly EffectOption[]>> = Object.freeze({
  botch: Object.freeze([option("itemLost", 1, true), OWN_WORDS, DRAWN]),
  specialBotch: Object.freeze([OWN_WORDS, DRAWN]),
});

/** The effects a card offers for an activation of a roll of `kind`. */
export function effectsFor(kind: ActionKind, activation: EffectActivation): readonly EffectOption[] {
  return activation === "critical" ? CRITICAL_EFFECTS[kind] : BOTCH_EFFECTS[activation];
}
