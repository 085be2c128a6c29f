/**
 * Active Effects as each generation stores and reads them.
 *
 * v13: an effect's changes are its top-level `changes`, each `{ key, value, mode, priority }` with the
 * value a string and the mode a number of `CONST.ACTIVE_EFFECT_MODES` (ADD 2, OVERRIDE 5…) [API13
 * foundry.documents.types.ActiveEffectData, EffectChangeData; CONST.ACTIVE_EFFECT_MODES].
 *
 * v14 (Active Effects V2, 14.353): the changes live in the effect's type data, `system.changes` [FI#13740
 * "Migrate ActiveEffect#changes to ActiveEffect#system#changes"], each change must have a `type`,
 * a `phase` and a `priority` (same issue: "enforced only that a change object include type, phase,
 * and priority fields"); the type names how it applies (`add`, `override`…, with a default priority
 * each) [API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES], replacing v13's numeric mode [FI#13566]; phases are
 * `initial` and `final` [API14 CONST.ACTIVE_EFFECT_CHANGE_PHASES]; a value is stored as data, a string
 * holding JSON read as what it holds (Pjb518/FoundryVTT-Level-Up-Official#643 "parses JSON string and
 * stores it as a value"; docs/foundry-notes.md §13.1, 14.352). The top-level `changes` is a deprecated shim:
 * reading it logs a deprecation warning [FI#13740 "breaking"; docs/foundry-notes.md §13.1]. Data given in the
 * v13 shape (top-level `changes`, a change's `mode`) is migrated to the v14 shape; when code creates
 * such data the double records a deprecation too (whether core logs one there is not settled by a
 * public page: the stricter reading), while stored data of a world made on v13 is migrated silently,
 * as a core update migrates a world.
 *
 * Durations are stored in the running generation's shape and left to the system to count: v13
 * `duration` with rounds, turns, combat, startRound and startTurn [API13 EffectDurationData]; v14
 * `duration` with value, units and expiry, and where it started in `start` (combat, combatant, round,
 * turn) [API14 ActiveEffectDuration, EffectStartData]; `start` is no v13 field and is dropped there.
 *
 * v14 core's own expiry of effects on its events is emulated in `expiry.ts` (an expired effect is
 * inactive). Not emulated: phases' application order, core's effect sheet
 * (ActiveEffectConfig: `effect.sheet` is a stand-in that only records that it was opened).
 */
import { DataModelValidationError } from "./data-model.ts";
import { CORE_EXPIRY_EVENTS } from "./expiry.ts";
import { env, warn } from "./state.ts";
import { strictInstances } from "./strict.ts";
import { deepClone, isPlainObject } from "./utils.ts";

/** An Active Effect as stored: the fields the system and the double use. */
export interface EffectSpec {
  _id: string;
  name: string;
  img?: string;
  disabled?: boolean;
  /**
   * Whether an item's effect applies to the item's holder. Only an explicit `true` transfers (the
   * stricter reading: the system always sets it). [API13 ActiveEffectData#transfer]
   */
  transfer?: boolean;
  statuses?: string[];
  /** v13: the changes. (In a test's world spec either generation's shape; stored per generation.) */
  changes?: Record<string, unknown>[];
  /** v14: the effect's subtype (`base`). [API14 ActiveEffectData#type] */
  type?: string;
  /** v14: the type data holding the changes. [FI#13740] */
  system?: { changes?: Record<string, unknown>[] } & Record<string, unknown>;
  /** Document flags by scope. [API13 Document#flags] */
  flags?: Record<string, Record<string, unknown>>;
  /** How long it lasts, in the generation's shape. [API13 EffectDurationData; API14 ActiveEffectDuration] */
  duration?: Record<string, unknown>;
  /** v14: where the duration started. [API14 EffectStartData] */
  start?: Record<string, unknown>;
}

/** v14 change types and their default priorities. [API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES] */
export const ACTIVE_EFFECT_CHANGE_TYPES = Object.freeze({
  add: 20,
  custom: 0,
  downgrade: 30,
  multiply: 10,
  override: 50,
  subtract: 20,
  upgrade: 40,
});

/** v13 change modes. [API13 CONST.ACTIVE_EFFECT_MODES] */
export const ACTIVE_EFFECT_MODES = Object.freeze({
  CUSTOM: 0,
  MULTIPLY: 1,
  ADD: 2,
  DOWNGRADE: 3,
  UPGRADE: 4,
  OVERRIDE: 5,
});

/** A v13 mode's v14 type name. [FI#13566; API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES] */
const MODE_TYPES: Readonly<Record<number, string>> = {
  0: "custom",
  1: "multiply",
  2: "add",
  3: "downgrade",
  4: "upgrade",
  5: "override",
};

/** A text holding JSON read as what it holds; any other text stays text. [Level-Up-Official#643] */
function parsedValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** One change in v13's shape: the value as text, the mode a number (ADD unless given). [API13 EffectChangeData] */
function v13Change(change: Record<string, unknown>): Record<string, unknown> {
  return {
    key: typeof change.key === "string" ? change.key : "",
    value: typeof change.value === "string" ? change.value : change.value == null ? "" : JSON.stringify(change.value),
    mode: typeof change.mode === "number" ? change.mode : ACTIVE_EFFECT_MODES.ADD,
    priority: typeof change.priority === "number" ? change.priority : null,
  };
}

/**
 * One change in v14's shape; a v13 `mode` is migrated to its type (with a deprecation when `report`).
 * A change with neither is invalid. [FI#13740; FI#13566]
 */
function v14Change(change: Record<string, unknown>, path: string, report: boolean): Record<string, unknown> {
  let type = change.type;
  if (type === undefined && typeof change.mode === "number") {
    if (report) warn("EffectChangeData#mode is deprecated in v14: use EffectChangeData#type");
    type = MODE_TYPES[change.mode];
  }
  if (typeof type !== "string" || type === "") {
    throw new DataModelValidationError("ActiveEffect", [{ path: `${path}.type`, message: "may not be undefined" }]);
  }
  const defaults = ACTIVE_EFFECT_CHANGE_TYPES as Readonly<Record<string, number>>;
  return {
    key: typeof change.key === "string" ? change.key : "",
    value: parsedValue(change.value),
    type,
    phase: typeof change.phase === "string" ? change.phase : "initial",
    priority: typeof change.priority === "number" ? change.priority : (defaults[type] ?? 0),
  };
}

/**
 * v14: an expiry must be a core event or one a package registered (`CONFIG.ActiveEffect.expiryEvents`).
 * Whether core refuses any other is not public: the stricter reading (a Quench check reads core's
 * answer for the system's event), so an event the system forgot to register fails here.
 * [API14 CONST.ACTIVE_EFFECT_EXPIRY_EVENTS; CONFIG.ActiveEffect.expiryEvents]
 */
function checkExpiry(duration: Record<string, unknown> | undefined): void {
  const expiry = duration?.expiry;
  if (expiry === undefined || expiry === null) return;
  const config = (env().globals as { CONFIG?: { ActiveEffect?: { expiryEvents?: Record<string, string> } } }).CONFIG;
  const known = [...CORE_EXPIRY_EVENTS, ...Object.keys(config?.ActiveEffect?.expiryEvents ?? {})];
  if (typeof expiry !== "string" || !known.includes(expiry)) {
    throw new DataModelValidationError("ActiveEffect", [
      { path: "duration.expiry", message: `${JSON.stringify(expiry)} is not a valid choice` },
    ]);
  }
}

/**
 * Effect data as the running generation stores it: cleaned, the changes in its shape. Data in the
 * other generation's shape is migrated; `report` records the deprecation (code creating the data),
 * else the migration is silent (stored data of a v13 world loading on v14).
 *
 * @param data - The effect's data (creation data, or a test's world spec).
 * @param report - Whether a v14 migration of v13-shaped data is reported as a deprecation.
 */
export function storedEffect(data: Record<string, unknown>, report: boolean): EffectSpec {
  const generation = env().generation;
  const base: EffectSpec = {
    _id: typeof data._id === "string" ? data._id : "",
    name: typeof data.name === "string" ? data.name : "",
    ...(typeof data.img === "string" ? { img: data.img } : {}),
    disabled: data.disabled === true,
    transfer: data.transfer === true,
    statuses: Array.isArray(data.statuses) ? data.statuses.map(String) : [],
    ...(isPlainObject(data.flags) ? { flags: deepClone(data.flags) as EffectSpec["flags"] } : {}),
    ...(isPlainObject(data.duration) ? { duration: deepClone(data.duration) } : {}),
    ...(generation === 14 && isPlainObject(data.start) ? { start: deepClone(data.start) } : {}),
  };
  if (generation === 14 && report) checkExpiry(base.duration);
  const system = isPlainObject(data.system) ? data.system : {};
  const given = Array.isArray(system.changes) ? system.changes : Array.isArray(data.changes) ? data.changes : [];
  const changes = (given as unknown[]).filter(isPlainObject);
  if (generation === 13) return { ...base, changes: changes.map(v13Change) };
  if (report && Array.isArray(data.changes) && !Array.isArray(system.changes)) {
    warn("ActiveEffect#changes is deprecated in v14: its changes moved to ActiveEffect#system.changes");
  }
  return {
    ...base,
    type: typeof data.type === "string" ? data.type : "base",
    system: { ...deepClone(system), changes: changes.map((c, i) => v14Change(c, `system.changes.${i}`, report)) },
  };
}

/** What an effect's parent document does for it (an Actor or an Item of the double). */
export interface EffectHost {
  /** Changes the parent's stored effects on the server (its owners or a GM) and brings the change to every client. */
  _changeEffects(
    hook: "createActiveEffect" | "updateActiveEffect" | "deleteActiveEffect",
    options: Record<string, unknown>,
    change: (effects: EffectSpec[]) => { ids: string[]; changes: unknown },
  ): Promise<string[]>;
}

/**
 * The Active Effect document class stand-in (`CONFIG.ActiveEffect.documentClass`, which the system
 * subclasses): an effect with its parent; core has no suppression of its own, and an effect is
 * active when neither disabled nor suppressed. [API13 ActiveEffect#isSuppressed ("is there some
 * system logic that makes this active effect ineligible for application?"), ActiveEffect#active,
 * Document#parent; API14 ActiveEffect#system]
 */
export class ActiveEffect {
  readonly id: string;
  readonly name: string;
  readonly img: string | null;
  readonly disabled: boolean;
  readonly transfer: boolean;
  readonly statuses: Set<string>;
  readonly parent: unknown;
  readonly #spec: EffectSpec;

  constructor(data: EffectSpec, { parent }: { parent: unknown }) {
    this.#spec = deepClone(data);
    this.id = data._id;
    this.name = data.name;
    this.img = data.img ?? null;
    this.disabled = data.disabled ?? false;
    this.transfer = data.transfer === true;
    this.statuses = new Set(data.statuses ?? []);
    this.parent = parent;
  }

  /** The document name. [API13 Document#documentName] */
  get documentName(): "ActiveEffect" {
    return "ActiveEffect";
  }

  /**
   * v13: the changes. v14: a deprecated shim over `system.changes` (reading it is reported).
   * [FI#13740; docs/foundry-notes.md §13.1]
   */
  get changes(): Record<string, unknown>[] {
    if (env().generation === 14) {
      warn("ActiveEffect#changes is deprecated in v14: read ActiveEffect#system.changes");
      return deepClone(this.#spec.system?.changes ?? []);
    }
    return deepClone(this.#spec.changes ?? []);
  }

  /** The type data: v14 holds the changes there; v13's base effects have none. [API14 ActiveEffect#system] */
  get system(): Record<string, unknown> {
    if (env().generation === 14) return deepClone(this.#spec.system ?? { changes: [] });
    return {};
  }

  /** The flags by scope. [API13 Document#flags] */
  get flags(): Record<string, Record<string, unknown>> {
    return deepClone(this.#spec.flags ?? {});
  }

  /** A flag's value, or `undefined`. [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    return deepClone(this.#spec.flags?.[scope]?.[key]);
  }

  /** How long it lasts (see the module comment). [API13 ActiveEffect#duration; API14 ActiveEffect#duration] */
  get duration(): Record<string, unknown> {
    return deepClone(this.#spec.duration ?? {});
  }

  /** v14: where its duration started; v13 has no such field. [API14 ActiveEffect#start] */
  get start(): Record<string, unknown> | undefined {
    return env().generation === 14 ? deepClone(this.#spec.start ?? {}) : undefined;
  }

  /** The subtype (`base`). [API13/API14 ActiveEffect#type] */
  get type(): string {
    return this.#spec.type ?? "base";
  }

  get isSuppressed(): boolean {
    return false;
  }

  /** v14: an effect core marked expired is inactive [API14 ActiveEffectDuration#expired; expiry.ts]. */
  get active(): boolean {
    const expired = env().generation === 14 && this.#spec.duration?.expired === true;
    return !this.disabled && !this.isSuppressed && !expired;
  }

  /** The stored data. [API13 DataModel#_source] */
  get _source(): EffectSpec {
    return deepClone(this.#spec);
  }

  /** The stored data. [API13 DataModel#toObject] */
  toObject(): EffectSpec {
    return deepClone(this.#spec);
  }

  /**
   * The effect's sheet: core's ActiveEffectConfig is not emulated; this stand-in records each time it
   * is opened (`double.effectSheetsOpened`). [API13 ClientDocumentMixin#sheet]
   */
  get sheet(): { render(force?: boolean): Promise<unknown> } {
    return {
      render: async () => {
        await Promise.resolve();
        env().effectSheetsOpened.push(this.id);
        return this;
      },
    };
  }

  /** Updates the effect (its parent's owners or a GM). [API13 Document#update] */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    await (this.parent as EffectHost)._changeEffects("updateActiveEffect", options, (effects) => {
      const index = effects.findIndex((e) => e._id === this.id);
      const current = effects[index];
      if (!current) throw new Error(`Foundry double: ActiveEffect ${this.id} was deleted meanwhile`);
      const merged = { ...current, ...deepClone(changes) };
      effects[index] = storedEffect(merged, true);
      return { ids: [this.id], changes };
    });
    return this;
  }

  /** Deletes the effect (its parent's owners or a GM). [API13 Document#delete] */
  async delete(options: Record<string, unknown> = {}): Promise<this> {
    await (this.parent as EffectHost)._changeEffects("deleteActiveEffect", options, (effects) => {
      const index = effects.findIndex((e) => e._id === this.id);
      if (index < 0) throw new Error(`Foundry double: ActiveEffect ${this.id} was deleted meanwhile`);
      effects.splice(index, 1);
      return { ids: [this.id], changes: null };
    });
    return this;
  }
}

strictInstances(ActiveEffect);
