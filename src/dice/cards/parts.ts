/**
 * The parts a roll's modifier is made of, as its card names them ("d20 + 3 Strength + 1 Warhammer",
 * docs/rules.md §6): stored with the roll when a sheet builds it (the wielder's ability, the weapon's own
 * figure), read back here. Pure: the Roll classes and the lab both call it.
 */
import { isRecord } from "../../engines/shared/core.ts";

/** One part of a roll's modifier: a fixed trait's label key or a user's name (a weapon), and its value. */
export interface RollPart {
  /** The localization key of a fixed trait (`…abilities.strength.label`). */
  readonly key?: string;
  /** A name a user typed (a weapon's). */
  readonly name?: string;
  /** What it adds. */
  readonly value: number;
}

/** A part as the card shows it: its sign, its size, and its label (a key to localize, or text). */
export interface PartView {
  readonly sign: "+" | "−";
  readonly value: number;
  readonly key: string | null;
  readonly name: string;
}

/** A roll's dice and the parts of its modifier, as one line. */
export interface PartsLine {
  /** The roll's own dice (`d20`, `2d6 + 1d4`). */
  readonly dice: string;
  readonly parts: readonly PartView[];
}

/** The label of what a roll adds beyond its named parts (a modifier typed in the dialog). */
export const OTHER_PART_KEY = "ROLLING_BONES.Attack.Part.Other";

/**
 * Reads the parts stored with a roll (`roll.options.parts`); anything malformed is left out, and
 * `[]` is returned for a roll without parts.
 *
 * @param raw - The stored value.
 */
export function readRollParts(raw: unknown): RollPart[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((p: unknown): RollPart[] => {
    if (!isRecord(p) || typeof p.value !== "number" || !Number.isFinite(p.value)) return [];
    if (typeof p.key === "string") return [{ key: p.key, value: p.value }];
    if (typeof p.name === "string") return [{ name: p.name, value: p.value }];
    return [];
  });
}

/**
 * The line a card shows for a roll's dice and its modifier's parts: each stored part (a part of 0
 * is left out), then whatever else the modifier holds (a number the roller typed), labelled "other";
 * `null` for a roll stored without parts.
 *
 * @param dice - The roll's own dice as text.
 * @param stored - The parts stored with the roll.
 * @param modifier - The modifier the roll was made with, without what its conditions and equipment
 *   added (the card names those separately).
 */
export function partsLine(dice: string, stored: unknown, modifier: number): PartsLine | null {
  const parts = readRollParts(stored);
  if (parts.length === 0) return null;
  const rest = modifier - parts.reduce((sum, p) => sum + p.value, 0);
  const all: RollPart[] = [...parts, ...(rest === 0 ? [] : [{ key: OTHER_PART_KEY, value: rest }])];
  return {
    dice,
    parts: all
      .filter((p) => p.value !== 0)
      .map((p) => ({
        sign: p.value < 0 ? "−" : "+",
        value: Math.abs(p.value),
        key: p.key ?? null,
        name: p.name ?? "",
      })),
  };
}

/**
 * What stored adjustments (a roll's conditions or equipment, `roll.options.conditions`) added to one
 * target of its request (the action-dice `modifier`).
 *
 * @param stored - The stored adjustments.
 * @param target - The target.
 */
export function adjustedBy(stored: unknown, target: string): number {
  if (!Array.isArray(stored)) return 0;
  let sum = 0;
  for (const c of stored as unknown[]) {
    if (!isRecord(c) || !Array.isArray(c.adjustments)) continue;
    for (const a of c.adjustments as unknown[]) {
      if (isRecord(a) && a.target === target && typeof a.value === "number") sum += a.value;
    }
  }
  return sum;
}
