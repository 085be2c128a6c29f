/**
 * Reading a model's schema on the Foundry test double, whose field classes keep their options
 * (test/foundry/documents.ts): every field with its dotted path (`element` for the entries of a
 * `TypedObjectField`), and the path a form name or a `data-path` points at.
 */
/** A field as the walk reads it: its class (by name), its options and its initial value. */
export interface DataField {
  readonly options: Readonly<Record<string, unknown>>;
  readonly initial: unknown;
}

/** A data model class as the double defines it. */
export interface ModelClass {
  defineSchema(): Record<string, DataField>;
  migrateData(source: Record<string, unknown>): Record<string, unknown>;
}

/** A model's schema as one object field. */
export interface SchemaView {
  readonly fields: Record<string, DataField>;
  readonly initial: Record<string, unknown>;
}

/** A field of a schema and where it is. */
export interface WalkedField {
  readonly path: string;
  readonly field: DataField;
  /** Whether the field sits under a fixed key of a group (an attribute's `rating`, say). */
  readonly underFixedKey: boolean;
}

function kind(field: DataField): string {
  return field.constructor.name;
}

function children(field: DataField): Record<string, DataField> | null {
  if (kind(field) === "SchemaField") return (field as DataField & { fields: Record<string, DataField> }).fields;
  return null;
}

/** The schema of a model. */
export function schemaOf(model: ModelClass): SchemaView {
  const fields = model.defineSchema();
  return {
    fields,
    get initial() {
      return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.initial]));
    },
  };
}

/** Every field of a schema, depth first, with its path. */
export function walkSchema(schema: SchemaView): WalkedField[] {
  const out: WalkedField[] = [];
  // `fixedKey`: the field is one key of a group of fixed traits (an attribute); its own fields sit under it.
  const visit = (name: string, field: DataField, underFixedKey: boolean, fixedKey: boolean) => {
    out.push({ path: name, field, underFixedKey });
    const inner = children(field);
    if (inner) {
      const group = isFixedGroup(inner);
      for (const [k, f] of Object.entries(inner)) visit(`${name}.${k}`, f, underFixedKey || fixedKey, group);
    }
    if (kind(field) === "TypedObjectField") {
      const element = (field as DataField & { element: DataField }).element;
      for (const [k, f] of Object.entries(children(element) ?? {}))
        visit(`${name}.element.${k}`, f, underFixedKey, false);
    }
  };
  for (const [k, f] of Object.entries(schema.fields)) visit(k, f, false, false);
  return out;
}

/** A group of fixed traits: every child is itself a schema. */
function isFixedGroup(fields: Record<string, DataField>): boolean {
  return Object.values(fields).every((f) => kind(f) === "SchemaField");
}

/**
 * The field a data path (`system.skills.<id>.rating`) points at, with entry ids read as the
 * `element` of an entries field; `null` when no field is there.
 */
export function fieldAt(schema: SchemaView, dataPath: string): DataField | null {
  const parts = dataPath.replace(/^system\./, "").split(".");
  let fields: Record<string, DataField> | null = schema.fields;
  let field: DataField | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (field && kind(field) === "TypedObjectField") {
      field = (field as DataField & { element: DataField }).element;
      fields = children(field);
      continue;
    }
    if (!fields || !Object.hasOwn(fields, part)) return null;
    field = fields[part] as DataField;
    fields = children(field);
    if (kind(field) === "TypedObjectField") fields = null;
  }
  return field;
}
