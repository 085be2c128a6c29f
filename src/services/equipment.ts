/**
 * Equipment on a roll: the rolling character's own items (looked up by id with `actor.items.get`,
 * never by a property read) whose figures adjust the roll after the pick, each named as a condition
 * is (`data/item/adjustments.ts`). `rollWithPoints` adds them to the request beside the character's
 * conditions, and the card names them.
 */

import type { NamedCondition } from "../data/conditions/index.ts";
import { isItemType, namedEquipment, type ItemData } from "../data/item/pure.ts";
import { EngineError, shared, type EngineId } from "../engines/index.ts";

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
