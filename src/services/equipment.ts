/**
 * Equipment on a roll: the rolling character's own items (looked up by id with `actor.items.get`,
 * never by a property read) whose figures adjust the roll after the pick, each named as a condition
 * is (`data/item/adjustments.ts`). `rollWithPoints` adds them to the request beside the character's
 * conditions, and the card names them.
 */

import { SYSTEM_ID } from "../constants.ts";
import type { NamedCondition } from "../data/conditions/index.ts";
import { isItemType, namedEquipment, type ItemData } from "../data/item/pure.ts";
import { EngineError, shared, type EngineId } from "../engines/core.ts";

/** A piece of equipment the roll dialog offers: its item id, its name (text) and what it adjusts. */
export interface NamedItem extends NamedCondition {
  /** The item's id on the character. */
  readonly id: string;
}

/** An own item of the actor as the pure functions read it, or `undefined` when the actor has none with this id. */
function ownItem(actor: Actor.Implementation, id: string): (ItemData & { name: string; sort: number }) | undefined {
  const item = actor.items.get(id);
  if (!item || !isItemType(item.type)) return undefined;
  // The item's type is one of ours (checked above), so its system is that type's data.
  return { name: item.name, sort: item.sort, ...({ type: item.type, system: item.system } as unknown as ItemData) };
}

/**
 * The adjustments the named items of the rolling character make to a roll of an engine, in the
 * order given (an item that adjusts nothing on this engine's rolls is left out).
 *
 * @param engine - The roll's engine.
 * @param actor - The rolling character.
 * @param ids - Own item ids of the character (the weapon attacked with, the gear ticked).
 * @throws EngineError `UnknownItem` for an id the character has no item of (another actor's item,
 *   a deleted one), or that is given twice.
 */
export function equipmentFor(engine: EngineId, actor: Actor.Implementation, ids: readonly string[]): NamedCondition[] {
  const seen = new Set<string>();
  const named: NamedCondition[] = [];
  for (const raw of ids) {
    const id = shared.textOf(raw);
    const item = seen.has(id) ? undefined : ownItem(actor, id);
    if (!item) throw new EngineError("UnknownItem", { id, name: actor.name });
    seen.add(id);
    const adjusts = namedEquipment(engine, item);
    if (adjusts) named.push(adjusts);
  }
  return named;
}

/**
 * The rolling character's gear that can adjust a roll of an engine, in the sheet's order: what the
 * roll dialog offers to tick (none ticked by default). Gear that adjusts nothing is not offered.
 *
 * @param engine - The roll's engine.
 * @param actor - The rolling character.
 */
export function gearFor(engine: EngineId, actor: Actor.Implementation): NamedItem[] {
  return actor.items.contents
    .filter((item) => item.type === "gear")
    .sort((a, b) => a.sort - b.sort)
    .flatMap((item) => {
      const gear = item.id ? ownItem(actor, item.id) : undefined;
      const adjusts = gear ? namedEquipment(engine, gear) : null;
      return adjusts && item.id ? [{ id: item.id, ...adjusts }] : [];
    });
}

/** The flag of a weapon item holding the choice its last attack was rolled with (`skill:<id>`…). */
export const LAST_USE_FLAG = "lastUse";

/**
 * The choice a weapon's last attack was rolled with, as its item remembers it (`LAST_USE_FLAG`), or
 * `undefined` when it remembers none.
 *
 * @param item - The weapon item.
 */
export function lastUseOf(item: Item.Implementation): string | undefined {
  // A system flag: the v13 types know no system flag keys of an Item, so the flags are read as a record.
  const flags = item.flags as unknown as Partial<Record<string, Record<string, unknown> | undefined>>;
  const value = flags[SYSTEM_ID]?.[LAST_USE_FLAG];
  return typeof value === "string" ? value : undefined;
}

/**
 * Remembers on a weapon the choice an attack with it was rolled with, so the next attack starts from
 * it (docs/rules.md §6; the sheet's memory is the item's own flag, which its owners may write). Nothing is
 * written when the roller does not own the character, the item is gone, or it already remembers it.
 *
 * @param actor - The attacking character.
 * @param itemId - The weapon's item id on the character.
 * @param use - The choice (`skill:<id>`, `ability:<id>+dexterity`, `attribute:agility`).
 */
export async function rememberAttackUse(actor: Actor.Implementation, itemId: string, use: string): Promise<void> {
  const item = actor.items.get(itemId);
  if (!item || !actor.isOwner || lastUseOf(item) === use) return;
  // A flag path the v13 types do not know as an update key; the item takes it as any update's key.
  const flagged = item as unknown as { update(data: Record<string, unknown>): Promise<unknown> };
  await flagged.update({ [`flags.${SYSTEM_ID}.${LAST_USE_FLAG}`]: use });
}
