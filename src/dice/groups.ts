/**
 * Dice groups: consecutive dice of the same size and role, thrown as one Foundry term, and the
 * Foundry formula text of a list of groups. Pure, so the lab and tests can name a roll's dice the
 * way its Roll does.
 */
import type { DieSpec } from "../engines/shared/core.ts";

/** Consecutive dice of the same size and role, thrown as one Foundry term. */
export interface DiceGroup {
  readonly faces: number;
  readonly role: string;
  readonly number: number;
}

/**
 * Groups a list of dice into runs of the same size and role, keeping their order.
 *
 * @param specs - The dice an engine asked for.
 * @returns One group per run.
 */
export function groupSpecs(specs: readonly DieSpec[]): DiceGroup[] {
  const groups: DiceGroup[] = [];
  for (const s of specs) {
    const last = groups.at(-1);
    if (last && last.faces === s.faces && last.role === s.role)
      groups[groups.length - 1] = { ...last, number: last.number + 1 };
    else groups.push({ faces: s.faces, role: s.role, number: 1 });
  }
  return groups;
}

/**
 * The Foundry formula of a list of dice groups, e.g. `1d10[tens] + 1d10[ones] + 2d10[bonus]`. The
 * flavor names each die's role, so Foundry's tooltip and 3D dice modules can tell them apart.
 */
export function formulaOf(groups: readonly DiceGroup[]): string {
  if (groups.length === 0) return "0"; // a roll that throws nothing (e.g. an automatic success)
  return groups.map((g) => `${g.number}d${g.faces}[${g.role}]`).join(" + ");
}
