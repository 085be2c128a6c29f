/**
 * The character data models as declared: loaded on the Foundry test double, whose field classes
 * only keep their options (they validate nothing). So this checks what the system declares — the
 * registration in `init`, `documentTypes` in system.json, the schemas' field names, types, ranges,
 * choices and initial values, the localization keys of the fields — and that `migrateData` returns
 * its argument. Whether Foundry then rejects a bad update is Foundry's work: the pure checks are
 * tested in validators.test.ts, the real thing only in a Foundry world (the Quench batch).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import type { DataField } from "../foundry/documents.ts";
import { bootSystem } from "../support/system.ts";
import { hasKey, ROOT } from "../support/i18n.ts";
import {
  CHARACTER_OF_NPC,
  CHARACTER_TYPES,
  NPC_OMITTED,
  NPC_TYPES,
  asCharacter,
  ENTRY_DEFAULTS,
  PI_DIE_SIZES,
  prepareUpdate,
  SCHEMA_VERSION,
  WILD_STARTING_FATE_POINTS,
  type ActorType,
} from "../../src/data/actor/pure.ts";
import { schemaOf, walkSchema, type ModelClass } from "./schema-walk.ts";

let double: FoundryDouble;
let models: Record<ActorType, ModelClass>;

beforeAll(async () => {
  double = await bootSystem();
  // The models extend the double's shells (test/foundry/documents.ts), whose statics ModelClass describes.
  models = (await import("../../src/data/actor/index.ts")).config;
});
afterAll(() => double.uninstall());

function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.assign(out, flatten(v, prefix ? `${prefix}.${k}` : k));
  return out;
}

describe("registration", () => {
  it("init assigns one data model per character and NPC type", () => {
    const dataModels = (double.CONFIG.Actor as { dataModels: Record<string, unknown> }).dataModels;
    expect(Object.keys(dataModels)).toEqual([...CHARACTER_TYPES, ...NPC_TYPES]);
    for (const type of [...CHARACTER_TYPES, ...NPC_TYPES]) expect(dataModels[type]).toBe(models[type]);
  });

  it("declares the same types in system.json documentTypes", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
      documentTypes: { Actor: Record<string, unknown> };
    };
    expect(Object.keys(manifest.documentTypes.Actor)).toEqual([...CHARACTER_TYPES, ...NPC_TYPES]);
  });

  it("labels each type and registers its sheet as the default sheet of that type only", () => {
    const labels = (double.CONFIG.Actor as { typeLabels: Record<string, string> }).typeLabels;
    const types = [...CHARACTER_TYPES, ...NPC_TYPES];
    expect(double.sheetRegistrations.slice(0, types.length).map((r) => r.options.types)).toEqual(types.map((t) => [t]));
    for (const [i, type] of types.entries()) {
      const registration = double.sheetRegistrations[i];
      expect(registration?.scope).toBe("rolling-bones");
      expect(registration?.options.makeDefault).toBe(true);
      expect(hasKey(registration?.options.label ?? ""), `sheet label of ${type}`).toBe(true);
      expect(hasKey(labels[type] ?? ""), `type label of ${type}`).toBe(true);
    }
  });
});

describe.each([...CHARACTER_TYPES])("%s schema", (type) => {
  const schema = () => schemaOf(models[type]);

  it("gives new characters valid data of the current version", () => {
    const initial = schema().initial;
    expect(initial.schemaVersion).toBe(SCHEMA_VERSION);
    const prepared = prepareUpdate(type, initial, flatten({ system: initial }));
    expect(prepared.ok ? "ok" : prepared.error.key).toBe("ok");
  });

  it("makes every number a required, non-null number with its range or its own check", () => {
    for (const { path: p, field } of walkSchema(schema())) {
      if (field.constructor.name !== "NumberField") continue;
      const o = field.options;
      expect(o.required, p).toBe(true);
      expect(o.nullable, p).toBe(false);
      if (o.choices === undefined) {
        expect(o.integer === true || typeof o.validate === "function", `${p} is a whole number or checked`).toBe(true);
        expect(typeof o.min, `${p} has a minimum`).toBe("number");
      }
    }
  });

  it("starts each new entry with the element's initial values", () => {
    const defaults: Readonly<Record<string, object>> = ENTRY_DEFAULTS[type];
    for (const [collection, data] of Object.entries(defaults)) {
      const field = schema().fields[collection] as DataField & { element: DataField };
      expect(field.constructor.name).toBe("TypedObjectField");
      expect(data, `${type} ${collection}`).toEqual(field.element.initial);
    }
  });

  it("has a label for every field under its localization prefix", () => {
    const model = models[type] as ModelClass & { LOCALIZATION_PREFIXES: string[] };
    expect(model.LOCALIZATION_PREFIXES).toEqual([`ROLLING_BONES.Actor.${type}`]);
    const missing = walkSchema(schema())
      .filter((f) => !f.underFixedKey)
      .map((f) => `ROLLING_BONES.Actor.${type}.FIELDS.${f.path}.label`)
      .filter((key) => !hasKey(key));
    expect(missing).toEqual([]);
  });

  it("migrateData returns the object it was given, migrated", () => {
    const source: Record<string, unknown> = { attributes: {} };
    expect(models[type].migrateData(source)).toBe(source);
  });
});

describe.each([...NPC_TYPES])("%s schema", (type) => {
  const character = CHARACTER_OF_NPC[type];
  const schema = () => schemaOf(models[type]);

  it("is its character type's schema less the player's points and pools, with notes", () => {
    const fields = Object.keys(schema().fields);
    const omitted: readonly string[] = NPC_OMITTED[character];
    expect(fields).toEqual([
      ...Object.keys(schemaOf(models[character]).fields).filter((k) => !omitted.includes(k)),
      "notes",
    ]);
    for (const key of ["karma", "characterPoints", "fatePoints", "session", "willpower", "classDice", "level"]) {
      expect(fields, key).not.toContain(key);
    }
  });

  it("gives new NPCs valid data that rolls as its character type, with every left-out field empty", () => {
    const initial = schema().initial;
    expect(initial.schemaVersion).toBe(SCHEMA_VERSION);
    const as = asCharacter(type, initial);
    expect(as?.type).toBe(character);
    const prepared = prepareUpdate(character, as?.system, flatten({ system: as?.system }));
    expect(prepared.ok ? "ok" : prepared.error.key).toBe("ok");
    const full = as?.system as unknown as Record<string, unknown>;
    for (const key of NPC_OMITTED[character] as readonly string[]) expect(full[key], key).toBeDefined();
  });

  it("labels its fields under the character's prefix and its own (the notes)", () => {
    const model = models[type] as ModelClass & { LOCALIZATION_PREFIXES: string[] };
    expect(model.LOCALIZATION_PREFIXES).toEqual([`ROLLING_BONES.Actor.${character}`, `ROLLING_BONES.Actor.${type}`]);
    const missing = walkSchema(schema())
      .filter((f) => !f.underFixedKey)
      .map((f) => f.path)
      .filter((p) => !model.LOCALIZATION_PREFIXES.some((prefix) => hasKey(`${prefix}.FIELDS.${p}.label`)));
    expect(missing).toEqual([]);
  });

  it("migrates old shapes as its character type does", () => {
    const source: Record<string, unknown> = { schemaVersion: 0, attributes: {}, skills: {} };
    expect(models[type].migrateData(source)).toBe(source);
    expect(source.schemaVersion).toBe(SCHEMA_VERSION);
  });
});

describe("figures the rules fix", () => {
  it("starts a wild-die character with five Fate Points and no points spent", () => {
    const initial = schemaOf(models["wild-character"]).initial;
    expect(initial.fatePoints).toBe(WILD_STARTING_FATE_POINTS);
    expect(initial.session).toEqual({ characterPoints: 0, fatePoints: 0 });
  });

  it("allows only the engine's die sizes in Precision & Impact pools", () => {
    const attributes = schemaOf(models["pi-character"]).fields.attributes as DataField & {
      fields: Record<string, DataField & { fields: Record<string, DataField & { element: DataField }> }>;
    };
    for (const attribute of Object.values(attributes.fields)) {
      expect(attribute.fields.dice?.element.options.choices).toEqual([...PI_DIE_SIZES]);
    }
  });

  it("rates pool attributes 0–5, abilities 0–6 (the sixth dot of botch cancellation) and 10-point traits 0–10", () => {
    const ranges = walkSchema(schemaOf(models["pool-character"]))
      .filter((f) => f.field.constructor.name === "NumberField" && f.path !== "schemaVersion")
      .map((f) => `${f.path} ${String(f.field.options.min)}–${String(f.field.options.max)}`);
    expect(ranges).toContain("attributes.strength.rating 0–5");
    expect(ranges).toContain("abilities.element.rating 0–6");
    expect(ranges).toContain("willpower.permanent 0–10");
    expect(ranges).toContain("traits.element.current 0–10");
  });
});
