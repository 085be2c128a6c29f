/**
 * The die view every outcome carries, so one chat-card partial can draw any engine's dice.
 */

/**
 * What happened to a die, as a key (the card localizes it and also shows an icon, never colour
 * alone). Engines use the marks that apply to them.
 */
export type DieMark =
  | "kept" // counted in the result (percentile: the die that became the tens die)
  | "replaced" // percentile: the original tens die when another die took its place
  | "cancelled" // a success cancelled by a 1; a bonus cancelled by a penalty
  | "exploded" // showed its maximum and was thrown again (cascade, Wild Die 6)
  | "subtracted" // Wild Die: a throw subtracted after a critical failure
  | "chosen" // pi: one of the two picked dice
  | "removed" // pi: removed by a hindrance before rolling
  | "success" // pool: at or above difficulty
  | "one" // pool: a 1 (rule of one)
  | "ignored" // pool: a 1 ignored for botch determination (botch cancellation)
  | "rerolled" // replaced by a re-roll; the new die follows it
  | "critical" // a natural maximum with a rule effect (natural 20, Wild Die first 6)
  | "fumble"; // a natural minimum with a rule effect (natural 1, Wild Die first 1)

/** One thrown die as a card shows it. */
export interface DieResult {
  /** Position in the list of throws (0-based). */
  readonly index: number;
  /** The die size. */
  readonly faces: number;
  /** The face thrown (1..faces); percentile dice also carry their 0–9 `reading`. */
  readonly value: number;
  /** The role key, engine-specific (e.g. `tens`, `ones`, `bonus`, `wild`, `cascade`). */
  readonly role: string;
  /** What happened to the die. */
  readonly marks: readonly DieMark[];
  /** Dice thrown as one chain (a cascade, the Wild Die and its follow-ups) share a group number. */
  readonly group?: number;
}
