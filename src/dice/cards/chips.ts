/**
 * One vocabulary for die chips, shared by every engine's card: a chip names only what sets its die
 * apart (replaced, cancelled, exploded, subtracted, removed, ignored, re-rolled, counts 0, chosen,
 * a success), in the system's own words for natural results ("Potential botch", "Critical threat",
 * "Critical failure"), never a generic "Kept" on every die. Pure: the card views and the lab call it.
 */
import type { DieResult } from "../../engines/shared/core.ts";
import type { EngineId } from "../../engines/shared/core.ts";

/** A word a chip shows, the key under `ROLLING_BONES.Mark.` (also the chip's `data-mark`). */
export type ChipWord =
  | "kept"
  | "replaced"
  | "cancelled"
  | "exploded"
  | "subtracted"
  | "chosen"
  | "removed"
  | "success"
  | "ignored"
  | "rerolled"
  | "countsZero"
  | "potentialBotch"
  | "criticalThreat"
  | "criticalFailure";

/** A die as its chip shows it: the die, the words its marks give, and whether it was thrown at all. */
export type DieChip<D extends DieResult = DieResult> = Omit<D, "marks"> & {
  /** The marks that style the chip: the engine's and the card's display marks, "kept" only where it is named. */
  readonly marks: readonly string[];
  /** The words the chip shows and a screen reader hears after the face, in order. */
  readonly words: readonly ChipWord[];
  /** True for a die that was never thrown (a Precision & Impact die a hindrance removed). */
  readonly unthrown: boolean;
  /** What the face shows: the value, or the die's label (a percentile reading, a subtracted throw's sign). */
  readonly face: string;
};

/** Marks that set a die apart in every engine; their word is their own name. */
const OWN_WORD: ReadonlySet<string> = new Set<ChipWord>([
  "replaced",
  "cancelled",
  "exploded",
  "subtracted",
  "chosen",
  "removed",
  "success",
  "ignored",
  "rerolled",
  "countsZero",
]);

/**
 * The system's word for a natural result, by engine: on the action d20 a natural 1 is a potential
 * botch and a natural 20 a critical threat; the Wild Die's first 1 is a critical failure, while its
 * first 6 already says "Exploded". Other engines mark neither.
 */
const NATURAL_WORDS: Readonly<Partial<Record<EngineId, Readonly<Record<string, ChipWord>>>>> = Object.freeze({
  action: Object.freeze({ critical: "criticalThreat", fumble: "potentialBotch" }),
  wild: Object.freeze({ fumble: "criticalFailure" }),
});

/** How a group of chips is read. */
export interface ChipOptions {
  /** Name the kept die: only where it was chosen among others (a percentile tens die among bonus or penalty dice). */
  readonly keptShown?: boolean;
}

/**
 * A die's chip: its words in the order of its marks, without a word for what every die of its kind
 * is ("kept", a pool die's "one" that its face already shows).
 *
 * @param engine - The engine whose card shows the die (its natural results have their own words).
 * @param die - The die, with any display marks the card view added.
 * @param options - Whether the group names its kept die.
 */
export function chipOf<D extends DieResult>(
  engine: EngineId,
  die: Omit<D, "marks"> & { readonly marks: readonly string[]; readonly label?: string },
  options: ChipOptions = {},
): DieChip<D> {
  const natural = NATURAL_WORDS[engine] ?? {};
  const words: ChipWord[] = [];
  for (const mark of die.marks) {
    const word = OWN_WORD.has(mark) ? (mark as ChipWord) : Object.hasOwn(natural, mark) ? natural[mark] : undefined;
    if (word !== undefined) words.push(word);
    else if (mark === "kept" && options.keptShown === true) words.push("kept");
  }
  // A kept die that is not named is not styled apart either: it is what every die of its group is.
  const marks = options.keptShown === true ? die.marks : die.marks.filter((m) => m !== "kept");
  return { ...die, marks, words, unthrown: die.marks.includes("removed"), face: die.label ?? String(die.value) };
}

/**
 * Chips for a group of dice.
 *
 * @param engine - The engine whose card shows the dice.
 * @param dice - The dice.
 * @param options - Whether the group names its kept die.
 */
export function chipsOf<D extends DieResult>(
  engine: EngineId,
  dice: readonly (Omit<D, "marks"> & { readonly marks: readonly string[]; readonly label?: string })[],
  options: ChipOptions = {},
): DieChip<D>[] {
  return dice.map((d) => chipOf<D>(engine, d, options));
}
