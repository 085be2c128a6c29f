/**
 * `foundry.data.fields` and `foundry.abstract.TypeDataModel` as far as the system's schemas use them:
 * each field cleans (casts, trims, fills the initial value) and validates (type, `required`,
 * `nullable`, `integer`, `min`, `max`, `positive`, `blank`, `choices`, the `validate` option and its
 * `validationError`); a model migrates (`migrateData`), cleans (`cleanData`) and validates its source
 * when it is built, and refuses an update that does not validate.
 *
 * Sources:
 * - "Data models … initializing, validating, cleaning, and migrating data during every operation";
 *   every field takes `required` (prevents undefined; false for most fields), `nullable` (allows null;
 *   false for most fields) and `initial` (a value, or a function returning it) [API13/API14
 *   foundry.data module page, https://foundryvtt.com/api/modules/foundry.data.html].
 * - A field's `_cast` coerces source data to its type, `_cleanType` applies its cleaning, `getInitial`
 *   gives a valid initial value; a `validate` function fails by returning `false` or throwing an Error
 *   whose message is the failure [API13 foundry.data.fields.DataField].
 * - NumberField options `integer`, `min`, `max`, `positive`, `choices` ("Must the number be an
 *   integer?", "A minimum allowed value"…); NumberField is nullable by default [API14
 *   foundry.data.types.NumberFieldOptions; docs/foundry-notes.md §5].
 * - StringField `blank` ("Is the string allowed to be blank (empty)?"), `trim` ("Should any provided
 *   string be trimmed as part of cleaning?"), `choices` [API14 foundry.data.fields.StringField].
 * - `migrateData` runs before cleaning and must return the data (v14 warns when it returns nothing)
 *   [docs/foundry-notes.md §5; Jagusti/fvtt-wfrp4e-gmtoolkit#351]; it also runs on the partial data of an
 *   update (wintersleepAI/swnr PR #231).
 * - A bad create or update throws and nothing is stored [docs/foundry-notes.md §5, general DataModel
 *   behaviour]; `TypeDataModel#_preUpdate` returning `false` cancels the update [API13
 *   TypeDataModel#_preUpdate].
 *
 * - A number outside `min`/`max` is clamped by cleaning, not refused [FI#12487 and the maintainer's
 *   answer; docs/foundry-notes.md §13.1].
 *
 * Not settled by a public page, so the stricter reading is emulated (and checked by the Quench batch
 * `rolling-bones.world`): a fraction in an `integer` field is refused, never rounded; keys a schema
 * does not define are dropped when cleaning.
 */
import { deepClone, isPlainObject } from "./utils.ts";

/** Options every field keeps as given. */
export type FieldOptions = Readonly<Record<string, unknown>>;

/** One validation failure: where, and why. */
export interface Failure {
  readonly path: string;
  readonly message: string;
}

/** How a value is cleaned: `partial` leaves absent keys absent (update data) instead of filling them. */
export interface CleanOptions {
  partial?: boolean;
}

/**
 * The error a model throws when its data does not validate: every failure, each on a line of its
 * own. [API13 foundry.data.validation.DataModelValidationError]
 */
export class DataModelValidationError extends Error {
  readonly failures: readonly Failure[];

  constructor(model: string, failures: readonly Failure[]) {
    super(`${model} validation errors:\n${failures.map((f) => `  ${f.path}: ${f.message}`).join("\n")}`);
    this.name = "DataModelValidationError";
    this.failures = failures;
  }
}

/** A data field: it keeps its options, cleans a value and validates it. [API13 foundry.data.fields.DataField] */
export class DataField {
  readonly options: FieldOptions;

  constructor(options: FieldOptions = {}) {
    this.options = options;
  }

  /** Whether `undefined` is refused (false unless set). */
  get required(): boolean {
    return this.options.required === true;
  }

  /** Whether `null` is allowed (false unless set, for most fields). */
  get nullable(): boolean {
    return typeof this.options.nullable === "boolean" ? this.options.nullable : this.defaultNullable;
  }

  /** The `nullable` of a field type that does not say. */
  protected get defaultNullable(): boolean {
    return false;
  }

  /** The value new data gets (`initial`, called when it is a function). */
  get initial(): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as () => unknown)() : deepClone(initial);
  }

  /**
   * Cleans a value: an absent value becomes the initial value (left absent in partial data), `null`
   * stays for validation to judge, anything else is cast to the field's type and cleaned.
   */
  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return options.partial ? undefined : this.initial;
    if (value === null) return null;
    return this.cleanType(this.cast(value), options);
  }

  /** Coerces a value to the field's type. */
  protected cast(value: unknown): unknown {
    return value;
  }

  /** The cleaning specific to the field's type. */
  protected cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** The failures of a (cleaned) value at `path`; empty when valid. */
  validate(value: unknown, path: string): Failure[] {
    if (value === undefined) return this.required ? [{ path, message: "may not be undefined" }] : [];
    if (value === null) return this.nullable ? [] : [{ path, message: "may not be null" }];
    const typed = this.validateType(value, path);
    if (typed.length > 0) return typed;
    const choices = this.choices;
    if (choices && !choices.includes(value)) {
      return [{ path, message: `${JSON.stringify(value)} is not a valid choice` }];
    }
    return this.validateOption(value, path);
  }

  /** The field's type checks. */
  protected validateType(_value: unknown, _path: string): Failure[] {
    return [];
  }

  /** The allowed values, when the field lists them (an array, or an object's keys). */
  protected get choices(): unknown[] | undefined {
    const choices = this.options.choices;
    if (Array.isArray(choices)) return choices as unknown[];
    if (typeof choices === "function") return (choices as () => unknown[])();
    if (isPlainObject(choices)) return Object.keys(choices);
    return undefined;
  }

  /** The `validate` option: `false` or a thrown error is a failure, named by `validationError`. */
  protected validateOption(value: unknown, path: string): Failure[] {
    const validator = this.options.validate;
    if (typeof validator !== "function") return [];
    const reason = typeof this.options.validationError === "string" ? this.options.validationError : "is not valid";
    try {
      return (validator as (v: unknown) => unknown)(value) === false ? [{ path, message: reason }] : [];
    } catch (error) {
      return [{ path, message: error instanceof Error ? error.message : reason }];
    }
  }
}

/** [API13 foundry.data.fields.NumberField] */
export class NumberField extends DataField {
  protected override get defaultNullable(): boolean {
    return true;
  }

  /** Text holding a number reads as that number; empty text is no number (`null`). */
  protected override cast(value: unknown): unknown {
    if (typeof value !== "string") return value;
    return value.trim() === "" ? null : Number(value);
  }

  /**
   * A finite number outside `min`/`max` is clamped into the range when cleaning, not refused (FI#12487
   * and the maintainer's answer there; docs/foundry-notes.md §13.1). A fraction in an `integer` field is not
   * rounded: whether cleaning rounds it is not settled by a public page, so it is refused (the stricter
   * reading, checked by the Quench batch `rolling-bones.world`).
   */
  protected override cleanType(value: unknown): unknown {
    if (typeof value !== "number" || !Number.isFinite(value)) return value;
    const { min, max } = this.options;
    if (typeof min === "number" && value < min) return min;
    if (typeof max === "number" && value > max) return max;
    return value;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    if (typeof value !== "number" || !Number.isFinite(value)) return [{ path, message: "must be a finite number" }];
    const { integer, min, max, positive } = this.options;
    if (integer === true && !Number.isInteger(value)) return [{ path, message: "must be an integer" }];
    if (positive === true && value <= 0) return [{ path, message: "must be a positive number" }];
    if (typeof min === "number" && value < min) return [{ path, message: `must be at least ${min}` }];
    if (typeof max === "number" && value > max) return [{ path, message: `must be at most ${max}` }];
    return [];
  }
}

/** [API13 foundry.data.fields.StringField] */
export class StringField extends DataField {
  /** Anything but an object reads as its text. */
  protected override cast(value: unknown): unknown {
    if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
    return value;
  }

  /** Trims surrounding spaces unless `trim: false`. */
  protected override cleanType(value: unknown): unknown {
    return typeof value === "string" && this.options.trim !== false ? value.trim() : value;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    if (typeof value !== "string") return [{ path, message: "must be a string" }];
    if (value === "" && this.options.blank === false) return [{ path, message: "may not be a blank string" }];
    return [];
  }
}

/** [API13 foundry.data.fields.BooleanField] */
export class BooleanField extends DataField {
  override get initial(): unknown {
    return this.options.initial === undefined ? false : super.initial;
  }

  protected override cast(value: unknown): unknown {
    if (value === "true") return true;
    if (value === "false") return false;
    return value;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    return typeof value === "boolean" ? [] : [{ path, message: "must be a boolean" }];
  }
}

/** [API13 foundry.data.fields.HTMLField] */
export class HTMLField extends StringField {}

/** A schema of named fields. [API13 foundry.data.fields.SchemaField] */
export class SchemaField extends DataField {
  readonly fields: Readonly<Record<string, DataField>>;

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
  }

  /** New data: each field's initial value. */
  override get initial(): Record<string, unknown> {
    if (this.options.initial !== undefined) return super.initial as Record<string, unknown>;
    return Object.fromEntries(Object.entries(this.fields).map(([k, f]) => [k, f.initial]));
  }

  /** Each field cleaned; keys the schema does not define are dropped (the stricter reading). */
  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(this.fields)) {
      const cleaned = field.clean(value[key], options);
      if (cleaned !== undefined) out[key] = cleaned;
    }
    return out;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    if (!isPlainObject(value)) return [{ path, message: "must be an object" }];
    return Object.entries(this.fields).flatMap(([key, field]) => field.validate(value[key], join(path, key)));
  }
}

/** A list of one element field. [API13 foundry.data.fields.ArrayField] */
export class ArrayField extends DataField {
  readonly element: DataField;

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
  }

  override get initial(): unknown {
    return this.options.initial === undefined ? [] : super.initial;
  }

  protected override cleanType(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    if (!Array.isArray(value)) return [{ path, message: "must be an array" }];
    return value.flatMap((v, i) => this.element.validate(v, join(path, String(i))));
  }
}

/** Any plain object, kept as given (a copy). [API13 foundry.data.fields.ObjectField: "A subclass of DataField which deals with object-typed data"] */
export class ObjectField extends DataField {
  override get initial(): unknown {
    return this.options.initial === undefined ? {} : super.initial;
  }

  protected override cleanType(value: unknown): unknown {
    return isPlainObject(value) ? deepClone(value) : value;
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    return isPlainObject(value) ? [] : [{ path, message: "must be an object" }];
  }
}

/** An object whose values share one element field, keyed freely. [API13 foundry.data.fields.TypedObjectField] */
export class TypedObjectField extends DataField {
  readonly element: DataField;

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    this.element = element;
  }

  override get initial(): unknown {
    return this.options.initial === undefined ? {} : super.initial;
  }

  /** Each entry cleaned by the element field. */
  protected override cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, this.element.clean(entry, options)]));
  }

  protected override validateType(value: unknown, path: string): Failure[] {
    if (!isPlainObject(value)) return [{ path, message: "must be an object" }];
    const validateKey = this.options.validateKey;
    return Object.entries(value).flatMap(([key, entry]) => {
      if (typeof validateKey === "function" && (validateKey as (k: string) => unknown)(key) === false) {
        return [{ path: join(path, key), message: "is not a valid key" }];
      }
      return this.element.validate(entry, join(path, key));
    });
  }
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

const schemas = new WeakMap<object, SchemaField>();

/** What a model's constructor takes besides its data. */
export interface ModelContext {
  /** The document the model belongs to (`actor.system.parent` is the actor). */
  parent?: unknown;
  /** The running Foundry generation: v14 warns about a `migrateData` that returns nothing. */
  generation?: 13 | 14;
  /** Where a warning goes (the double's console). */
  warn?: (message: string) => void;
}

/**
 * The base of system data models: its schema from `defineSchema`, and a constructor that migrates,
 * cleans and validates the source, then copies it onto the instance. `prepareBaseData` and
 * `prepareDerivedData` are the document's to call. [API13 foundry.abstract.TypeDataModel;
 * docs/foundry-notes.md §5; KB system-data-models]
 */
export class TypeDataModel {
  static LOCALIZATION_PREFIXES: string[] = [];

  static defineSchema(): Record<string, DataField> {
    return {};
  }

  /** The model's schema (built once per class). [API13 DataModel.schema] */
  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) schemas.set(this, (schema = new SchemaField(this.defineSchema())));
    return schema;
  }

  /** Returns its argument, as Foundry's does. [API13 DataModel.migrateData] */
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  /** Cleans source data against the schema (partial data keeps only what it has). [API13 DataModel.cleanData] */
  static cleanData(source: Record<string, unknown> = {}, options: CleanOptions = {}): Record<string, unknown> {
    return this.schema.clean(source, options) as Record<string, unknown>;
  }

  /**
   * Migrates a copy of `source`; a `migrateData` returning nothing keeps the (migrated in place) copy
   * and is reported on v14. [docs/foundry-notes.md §5]
   */
  static migrated(source: Record<string, unknown>, context: ModelContext = {}): Record<string, unknown> {
    const copy = deepClone(source);
    const result = this.migrateData(copy) as Record<string, unknown> | undefined;
    if (result === undefined && context.generation === 14) {
      context.warn?.(`${this.name}.migrateData must return the migrated data`);
    }
    return result ?? copy;
  }

  /** The failures of full source data. */
  static failures(source: Record<string, unknown>): Failure[] {
    return this.schema.validate(source, "");
  }

  /** The model's stored source (migrated, cleaned and valid). */
  declare readonly _source: Record<string, unknown>;
  /** The document the model belongs to. */
  declare readonly parent: unknown;

  constructor(data: Record<string, unknown> = {}, context: ModelContext = {}) {
    const cls = this.constructor as typeof TypeDataModel;
    const source = cls.cleanData(cls.migrated(data, context));
    const failures = cls.failures(source);
    if (failures.length > 0) throw new DataModelValidationError(cls.name, failures);
    // Neither is data of the model: they do not show among its fields.
    Object.defineProperty(this, "_source", { value: source, enumerable: false });
    Object.defineProperty(this, "parent", { value: context.parent ?? null, enumerable: false });
    Object.assign(this, deepClone(source));
  }

  prepareBaseData(): void {}

  prepareDerivedData(): void {}

  /** Called before the document it belongs to is updated; `false` cancels. [API13 TypeDataModel#_preUpdate] */
  async _preUpdate(_changes: Record<string, unknown>, _options: unknown, _user: unknown): Promise<boolean | void> {
    await Promise.resolve();
  }

  /** The source data. [API13 DataModel#toObject] */
  toObject(): Record<string, unknown> {
    return deepClone(this._source);
  }
}
