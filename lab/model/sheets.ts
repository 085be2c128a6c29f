/**
 * The sample actors and their sheets in the lab: sheet and item-sheet contexts from the sheets' view
 * functions, and the checked updates a sheet's controls make on the lab's copy.
 */
import { ROLL_HINT_KEYS } from "../../src/applications/dialogs/skip.ts";
import type { DialogSettings } from "../../src/applications/dialogs/types.ts";
import {
  type CharacterView,
  type ConditionDuration,
  type EquipmentEntry,
  type SheetHealth,
  type TimedView,
  ViewKit,
  characterView,
  dotTarget,
  editDice,
} from "../../src/applications/sheets/views/index.ts";
import { type ItemEffectData, type ItemSheetView, itemSheetView } from "../../src/applications/sheets/views/item.ts";
import type { DialogAttack } from "../../src/applications/dialogs/equipment.ts";
import { dialogAttackOf } from "../../src/applications/dialogs/attack-of.ts";
import {
  type ItemData,
  isItemType,
  itemAdjustments,
  namedEquipment,
  newGear,
  newWeapon,
  prepareItemUpdate,
} from "../../src/data/item/pure.ts";
import {
  CHANGE_PREFIX,
  CONDITIONS,
  type NamedCondition,
  conditionNameKey,
  conditionsOf,
  namedConditions,
} from "../../src/data/conditions/index.ts";
import { effectChangeKind } from "../../src/helpers/compat.ts";
import {
  type ActorType,
  type CharacterSources,
  type CharacterType,
  ENGINE_OF,
  type TraitRef,
  asCharacter,
  isActorType,
  isNpcType,
  newEntry,
  prepareUpdate,
  traitLabelOf,
} from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { conditionLines } from "../../src/dice/cards/index.ts";
import { type DialogPoints, dialogPointsOf } from "../../src/services/points/views.ts";
import { type EngineError, type EngineId, action, harm, wild } from "../../src/engines/index.ts";
import type { Localization } from "../i18n.ts";
import { LAB_ENGINES } from "./rolls.ts";
import { LAB_PENDING_ASSIST, LAB_YSOLDE, tableSession } from "./table.ts";

/** A sample character: a stored actor's name, type and `system` data. */
export interface SampleActor {
  readonly id: string;
  readonly name: string;
  /** The character type it rolls as (an NPC's engine's character type). */
  readonly type: CharacterType;
  /** Its own actor type (a character type, or an NPC type). */
  readonly actorType: ActorType;
  readonly system: CharacterSources[CharacterType];
  /** Whether its token is linked to it (a player character) rather than standing for many (an NPC). */
  readonly playerCharacter: boolean;
  /** Its weapons and gear (embedded Items), each with its Active Effects. */
  readonly items: readonly LabItem[];
  /** The ids of the status conditions applied to it (its token's status effects in Foundry). */
  readonly statuses: readonly string[];
  /** The conditions applied for a number of rounds or turns (timed Active Effects in Foundry), by status. */
  readonly timed?: readonly { readonly status: string; readonly value: number; readonly units: harm.DurationUnit }[];
}

/** An embedded item of a sample character, as its sheet and its own sheet read it. */
export type LabItem = EquipmentEntry & { readonly img: string; readonly effects: readonly ItemEffectData[] };

/** The weapons and gear among a stored actor's embedded items, in their sort order, with their effects. */
function labItems(items: unknown): LabItem[] {
  if (!Array.isArray(items)) return [];
  const sorted = [...(items as { sort?: unknown }[])].sort((a, b) => (Number(a.sort) || 0) - (Number(b.sort) || 0));
  return sorted.flatMap((raw): LabItem[] => {
    const i = raw as {
      _id?: unknown;
      name?: unknown;
      type?: unknown;
      img?: unknown;
      system?: unknown;
      effects?: unknown;
    };
    if (typeof i._id !== "string" || typeof i.name !== "string" || !isItemType(i.type)) return [];
    const effects = (Array.isArray(i.effects) ? i.effects : []).map((e: Record<string, unknown>) => ({
      id: typeof e._id === "string" ? e._id : "",
      name: typeof e.name === "string" ? e.name : "",
      disabled: e.disabled === true,
      transfer: e.transfer === true,
      changes: (Array.isArray(e.changes) ? e.changes : []) as ItemEffectData["changes"],
    }));
    const data = { type: i.type, system: i.system } as ItemData;
    return [{ ...data, id: i._id, name: i.name, img: typeof i.img === "string" ? i.img : "", effects }];
  });
}

/**
 * The sample characters among stored actor documents (a compendium's sources): those of a character
 * type, each engine's in turn, player characters (linked tokens) before the others.
 *
 * @param documents - Parsed actor documents.
 */
export function sampleActors(documents: readonly unknown[]): SampleActor[] {
  const out: SampleActor[] = [];
  for (const doc of documents) {
    const d = doc as {
      _id?: unknown;
      name?: unknown;
      type?: unknown;
      system?: unknown;
      prototypeToken?: unknown;
      items?: unknown;
    };
    const character = asCharacter(d.type, d.system);
    if (!character || !isActorType(d.type) || typeof d._id !== "string" || typeof d.name !== "string") continue;
    if (typeof d.system !== "object" || d.system === null) continue;
    const token = d.prototypeToken as { actorLink?: unknown } | undefined;
    out.push({
      id: d._id,
      name: d.name,
      type: character.type,
      actorType: d.type,
      system: character.system,
      playerCharacter: token?.actorLink === true,
      items: labItems(d.items),
      statuses: labStatuses(ENGINE_OF[character.type]),
    });
  }
  const order = (a: SampleActor) => LAB_ENGINES.findIndex((e) => a.type.startsWith(`${e}-`));
  return out.sort(
    (a, b) =>
      order(a) - order(b) ||
      Number(b.playerCharacter) - Number(a.playerCharacter) ||
      a.name.localeCompare(b.name, "en"),
  );
}

/** A neutral portrait (Foundry's default icons are not part of the system). */
export const LAB_PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c9b48f"/><circle cx="32" cy="24" r="12" fill="#7a5c3a"/><rect x="14" y="40" width="36" height="20" rx="10" fill="#7a5c3a"/></svg>',
  );

/** What a character sheet's parts render. */
export interface SheetContext {
  readonly header: { name: string; img: string; nameId: string; typeLabel: string };
  readonly view: CharacterView;
  readonly editable: boolean;
}

/**
 * The context of a character sheet, as `RollingBonesCharacterSheet#_prepareContext` builds it.
 *
 * @param actor - The character.
 * @param editable - Whether the viewer may edit it.
 * @param i18n - The localization.
 * @param duration - The duration picker's last choice (until removed when absent).
 * @param fight - In the lab's fight: the timed conditions with what the combat leaves of each, the
 *   health's wound and defeat as the sheet shows them, and the fighter's own id prefix.
 */
export function sheetContext(
  actor: SampleActor,
  editable: boolean,
  i18n: Localization,
  duration?: ConditionDuration,
  fight?: { readonly timed: readonly TimedView[]; readonly health: SheetHealth; readonly idPrefix: string },
): SheetContext {
  const idPrefix = fight?.idPrefix ?? `lab-sheet-${actor.id}`;
  return {
    header: {
      name: actor.name,
      img: LAB_PORTRAIT,
      nameId: `${idPrefix}-name`,
      typeLabel: i18n.localize(`ROLLING_BONES.Actor.${actor.actorType}.label`),
    },
    view: characterView(actor.type, actor.system, i18n, {
      editable,
      idPrefix,
      rollHintKey: ROLL_HINT_KEYS.dialog,
      rollHintKeys: "Shift",
      equipment: actor.items,
      conditions: conditionsOf(ENGINE_OF[actor.type]).map((c) => ({
        id: c.id,
        name: i18n.localize(conditionNameKey(c.id)),
        active: actor.statuses.includes(c.id),
      })),
      ...(duration ? { conditionDuration: duration } : {}),
      // Outside combat (the lab's sheets), a timed condition has all of its duration left.
      timed:
        fight?.timed ??
        (actor.timed ?? []).map((t) => ({
          id: t.status,
          name: i18n.localize(conditionNameKey(t.status)),
          value: t.value,
          units: t.units,
        })),
      ...(fight ? { health: fight.health } : {}),
      // The other effects on the sample's rolls (its equipped items'), with where each comes from.
      effects: conditionLines(
        sampleConditions(actor, i18n).filter((c) => c.source !== undefined),
        "condition",
        i18n.lang,
      ),
      ...(isNpcType(actor.actorType)
        ? {
            npc: {
              notes: noteText((actor.system as { notes?: unknown }).notes),
              labelKey: `ROLLING_BONES.Actor.${actor.actorType}.FIELDS.notes.label`,
              // The lab's table is run by its GM, who edits an NPC's defence figure.
              defence: "edit",
            },
          }
        : {}),
    }),
    editable,
  };
}

/** The context of an item's own sheet, as `RollingBonesItemSheet#_prepareContext` builds it. */
export interface ItemSheetContext {
  readonly header: { name: string; img: string; nameId: string; typeLabel: string };
  readonly view: ItemSheetView;
  readonly editable: boolean;
}

/**
 * The context of the sheet of one of a sample character's items: the figures of the character's
 * engine, its description and its effects.
 */
export function itemSheetContext(
  actor: SampleActor,
  item: LabItem,
  editable: boolean,
  i18n: Localization,
): ItemSheetContext {
  const idPrefix = `lab-item-${item.id}`;
  const kit = new ViewKit(i18n, { editable, idPrefix, rollHintKey: "" });
  return {
    header: {
      name: item.name,
      img: LAB_PORTRAIT,
      nameId: `${idPrefix}-name`,
      typeLabel: i18n.localize(`ROLLING_BONES.Item.${item.type}.label`),
    },
    view: itemSheetView(item, ENGINE_OF[actor.type], kit, item.effects),
    editable,
  };
}

/** A sample character with one item equipped or taken off. */
export function withItemToggled(actor: SampleActor, itemId: string): SampleActor {
  const items = actor.items.map((i) =>
    i.id === itemId ? ({ ...i, system: { ...i.system, equipped: !i.system.equipped } } as LabItem) : i,
  );
  return { ...actor, items };
}

/**
 * A sample character with a status condition applied or removed, as the sheet's condition toggle
 * does (`toggleStatusEffect`); a status that is not one of its engine's conditions changes nothing.
 */
export function withStatusToggled(
  actor: SampleActor,
  status: string,
  duration: ConditionDuration = { units: "", value: 1 },
): SampleActor {
  if (!conditionsOf(ENGINE_OF[actor.type]).some((c) => c.id === status)) return actor;
  const timed = (actor.timed ?? []).filter((t) => t.status !== status);
  if (actor.statuses.includes(status)) return { ...actor, statuses: actor.statuses.filter((s) => s !== status), timed };
  // For rounds or turns, the count is checked as Foundry's sheet checks it (`DurationInvalid`, nothing applied).
  const lasting = duration.units === "" ? [] : [{ status, ...harm.readDuration(duration.value, duration.units) }];
  return { ...actor, statuses: [...actor.statuses, status], timed: [...timed, ...lasting] };
}

/**
 * A sample character with a new item of a type, as the sheet's Add button creates it: the type's
 * starting data under the name given (a type that is not an item type changes nothing).
 */
export function withItemCreated(actor: SampleActor, type: string, id: string, name: string): SampleActor {
  if (!isItemType(type)) return actor;
  const data = (type === "weapon" ? { type, system: newWeapon() } : { type, system: newGear() }) as ItemData;
  return { ...actor, items: [...actor.items, { ...data, id, name, img: "", effects: [] }] };
}

/** A sample character without one of its items. */
export function withItemDeleted(actor: SampleActor, itemId: string): SampleActor {
  return { ...actor, items: actor.items.filter((i) => i.id !== itemId) };
}

/**
 * Applies an item sheet's flat changes (`name`, `system.…`) to a copy of one of a character's items,
 * through the item sheet's own check (`prepareItemUpdate`): a refused change returns its error and
 * changes nothing.
 */
export function applyItemChanges(
  actor: SampleActor,
  itemId: string,
  changes: Readonly<Record<string, unknown>>,
): SheetUpdate {
  const item = actor.items.find((i) => i.id === itemId);
  if (!item) return { ok: true, actor };
  const prepared = prepareItemUpdate(item.type, changes);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  const next = structuredClone({ name: item.name, system: item.system }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(prepared.changes)) {
    if (key === "name" || key.startsWith("system.")) setPath(next, key, value);
  }
  const changed = { ...item, name: String(next.name), system: next.system } as LabItem;
  return { ok: true, actor: { ...actor, items: actor.items.map((i) => (i.id === itemId ? changed : i)) } };
}

/** An NPC's notes as text (empty when missing). */
function noteText(notes: unknown): string {
  return typeof notes === "string" ? notes : "";
}

/** The body template of a character type, relative to the repository root. */
export function sheetBodyFile(type: CharacterType): string {
  return `templates/sheets/${type}/body.hbs`;
}

/**
 * What a roll dialog shows of a sample character's points, as `readDialogSettings` reads them:
 * karma and the assist waiting (percentile), what is left this session (Wild Die), Willpower (pool).
 */
export function samplePoints(actor: SampleActor): DialogPoints | null {
  return dialogPointsOf(
    {
      id: actor.id,
      name: actor.name,
      type: actor.actorType,
      system: actor.system,
      assists: actor.id === LAB_YSOLDE.id ? [LAB_PENDING_ASSIST] : [],
      willpowerTurn: null,
      spends: [],
    },
    { cpSessionLimit: wild.DEFAULT_CP_SESSION_LIMIT, turn: null },
  );
}

/** The status condition the lab shows active on a sample character of an engine at first (a Precision & Impact one is Exhausted). */
const LAB_ACTIVE_STATUS: Readonly<Partial<Record<EngineId, string>>> = Object.freeze({ pi: "rb-exhausted" });

/** The statuses a sample character of an engine starts with. */
function labStatuses(engine: EngineId): string[] {
  const status = LAB_ACTIVE_STATUS[engine];
  return status ? [status] : [];
}

/**
 * The conditions and effects on a sample character's rolls, as `readDialogSettings` reads an actor's
 * applied effects: the statuses applied to it, then each equipped item's transferring effects,
 * named with the item they come from.
 */
export function sampleConditions(actor: SampleActor, i18n: Localization): NamedCondition[] {
  const engine = ENGINE_OF[actor.type];
  const statusEffects = CONDITIONS.filter((spec) => actor.statuses.includes(spec.id)).map((spec) => ({
    name: i18n.localize(conditionNameKey(spec.id)),
    changes: spec.changes.map((c) => ({ key: `${CHANGE_PREFIX}${c.target}`, value: c.value, type: c.kind })),
  }));
  const itemEffects = actor.items
    .filter((item) => item.system.equipped)
    .flatMap((item) => item.effects.filter((e) => e.transfer).map((e) => ({ ...e, source: item.name })));
  return namedConditions(engine, [...statusEffects, ...itemEffects], effectChangeKind);
}

/** A sheet's roll: the engine's dialog opened from a trait, as `rollTrait` opens it. */
export interface SheetRoll {
  readonly engine: EngineId;
  readonly request: unknown;
  readonly title: string;
  /**
   * What the dialog starts from beside the request: an action character's level and the dice its
   * session pool holds; a weapon attack's choices; the gear the character may tick; another
   * character's points.
   */
  readonly settings: Pick<
    DialogSettings,
    "actionDice" | "attack" | "gear" | "points" | "conditions" | "npc" | "gmDial"
  >;
  /** Whether the roll goes straight to chat without a dialog (an action-dice weapon's damage). */
  readonly direct: boolean;
  /** A damage roll's weapon and what it rolls, as text for its card's damage line (`traitRollOptions`). */
  readonly damage?: { readonly weapon: string; readonly rolled: string };
}

/**
 * The roll a sheet's roll button starts.
 *
 * @param actor - The character.
 * @param trait - The trait the button names.
 * @param i18n - The localization (for the trait's label).
 * @param from - For a damage roll made from an attack card: what the attack earned (extra dice, the hit's multiplier).
 * @throws EngineError when the character has no such trait or a stored value cannot be rolled.
 */
export function sheetRoll(
  actor: SampleActor,
  trait: TraitRef,
  i18n: Localization,
  from?: { readonly extraDice: number; readonly multiplier?: number },
): SheetRoll {
  const byId = new Map(actor.items.map((item) => [item.id, item]));
  const roll = requestForTrait(
    actor.type,
    actor.system,
    trait,
    (id) => byId.get(id),
    from
      ? { extraDice: from.extraDice, ...(from.multiplier === undefined ? {} : { multiplier: from.multiplier }) }
      : {},
  );
  const label = traitLabelOf(roll.label, (key) => i18n.localize(key));
  const title = roll.damage ? i18n.format("ROLLING_BONES.Damage.Roll", { name: label }) : label;
  const engine = ENGINE_OF[actor.type];
  // The gear the character may tick, and a weapon attack's choices, as `rollTrait` and the dialog read them.
  const gear = actor.items.flatMap((item) => {
    const named = item.type === "gear" ? namedEquipment(engine, item) : null;
    return named ? [{ id: item.id, ...named }] : [];
  });
  const weapon = roll.attack ? byId.get(roll.attack.weapon.id) : undefined;
  const attack: DialogAttack | null = roll.attack
    ? dialogAttackOf(roll.attack, weapon ? itemAdjustments(engine, weapon) : [], (l) =>
        traitLabelOf(l, (key) => i18n.localize(key)),
      )
    : null;
  const npc = isNpcType(actor.actorType);
  const points = npc ? null : samplePoints(actor);
  const conditions = sampleConditions(actor, i18n);
  let settings: SheetRoll["settings"] = {
    ...(points ? { points } : {}),
    ...(gear.length > 0 ? { gear } : {}),
    ...(attack ? { attack } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    // The lab's viewer rolls an NPC as its GM: the dialog offers the difficulty dial (as `direct.ts` does).
    ...(npc ? { npc, gmDial: true } : {}),
  };
  if (actor.actorType === "action-npc") {
    // An NPC's roll takes the GM's pool: the pool a session start gives the GM at Bram's table (RULES §2).
    const gm = tableSession().gm;
    settings = { ...settings, actionDice: { level: null, faces: null, held: [gm], gm: true } };
  } else if (actor.type === "action-character") {
    // The sample player holds the pool a session start gives the character's level (RULES §2).
    const level = (actor.system as CharacterSources["action-character"]).level;
    const start = action.playerPool(level);
    settings = {
      ...settings,
      actionDice: { level, faces: start.faces, held: [{ faces: start.faces, count: start.count }] },
    };
  }
  return {
    engine: roll.engine,
    request: roll.request,
    title,
    settings,
    direct: roll.damage?.direct === true,
    ...(roll.damage ? { damage: { weapon: roll.damage.weapon, rolled: roll.damage.rolled } } : {}),
  };
}

/** A sheet action, as the sheet's buttons name them (`data-action` and its data). */
export type SheetAction =
  | { readonly action: "change"; readonly changes: Readonly<Record<string, unknown>> }
  | { readonly action: "setDots"; readonly path: string; readonly value: number }
  | { readonly action: "addEntry"; readonly collection: string; readonly id: string }
  | { readonly action: "removeEntry"; readonly collection: string; readonly id: string }
  | { readonly action: "cycleDie" | "removeDie" | "addDie"; readonly path: string; readonly index: number };

/** The result of a sheet action: the changed character, or the error that refused it (nothing changed). */
export type SheetUpdate =
  { readonly ok: true; readonly actor: SampleActor } | { readonly ok: false; readonly error: EngineError };

function getPath(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  const last = parts.pop() as string;
  let node = root;
  for (const part of parts) {
    const next = node[part];
    if (typeof next !== "object" || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[last] = value;
}

/** Applies checked flat changes (`name`, `system.…`) to a copy of the character. */
function applyChanges(actor: SampleActor, changes: Readonly<Record<string, unknown>>): SheetUpdate {
  const prepared = prepareUpdate(actor.type, actor.system, changes);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  const next = structuredClone({ name: actor.name, system: actor.system }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(prepared.changes)) setPath(next, key, value);
  return { ok: true, actor: { ...actor, name: String(next.name), system: next.system as SampleActor["system"] } };
}

/**
 * Applies a sheet action to a character, through the same pure checks the sheet class runs
 * (`prepareUpdate`, `dotTarget`, `newEntry`, `editDice`): a refused change returns its error and
 * changes nothing.
 *
 * @param actor - The character.
 * @param action - What was pressed or changed.
 */
export function applySheetAction(actor: SampleActor, action: SheetAction): SheetUpdate {
  const root = { system: actor.system };
  switch (action.action) {
    case "change":
      return applyChanges(actor, action.changes);
    case "setDots": {
      const current = getPath(root, action.path);
      if (!action.path.startsWith("system.") || typeof current !== "number") return { ok: true, actor };
      return applyChanges(actor, { [action.path]: dotTarget(current, action.value) });
    }
    case "addEntry": {
      const data = newEntry(actor.type, action.collection);
      if (!data) return { ok: true, actor };
      return applyChanges(actor, { [`system.${action.collection}.${action.id}`]: data });
    }
    case "removeEntry": {
      if (newEntry(actor.type, action.collection) === null) return { ok: true, actor };
      const system = structuredClone(actor.system) as unknown as Record<string, Record<string, unknown>>;
      const collection = system[action.collection];
      if (collection) delete collection[action.id];
      return { ok: true, actor: { ...actor, system: system as unknown as SampleActor["system"] } };
    }
    default: {
      const dice = getPath(root, action.path);
      if (!action.path.startsWith("system.") || !Array.isArray(dice)) return { ok: true, actor };
      const next = editDice(dice as number[], { action: action.action, index: action.index });
      return next ? applyChanges(actor, { [action.path]: next }) : { ok: true, actor };
    }
  }
}

// action dice at the table ------------------------------------------------------------------------
