/**
 * The equipment items: their models as declared (registration, system.json, schema ranges and
 * initial values, field labels), the pure validation an item sheet's changes go through, the figures
 * each engine's characters see, and the attack a weapon starts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { bootSystem } from "../support/system.ts";
import { hasKey, ROOT } from "../support/i18n.ts";
import {
  ITEM_SCHEMA_VERSION,
  ITEM_TYPES,
  itemFigures,
  newGear,
  newWeapon,
  prepareItemUpdate,
  requireDamageFormula,
  weaponAttackRequest,
  WEAPON_ATTACK_ENGINES,
  type ItemType,
} from "../../src/data/item/pure.ts";
import type { EngineId } from "../../src/engines/index.ts";
import { actionDamageRequest } from "../../src/data/item/damage.ts";
import { errorMessage } from "../../src/helpers/notify.ts";

const ENGINE_IDS: readonly EngineId[] = ["percentile", "action", "wild", "pi", "pool"];
import { schemaOf, walkSchema, type ModelClass } from "./schema-walk.ts";
import { weaponSystem } from "./samples.ts";

let double: FoundryDouble;
let models: Record<ItemType, ModelClass>;

beforeAll(async () => {
  double = await bootSystem();
  models = (await import("../../src/data/item/index.ts")).config;
});
afterAll(() => double.uninstall());

describe("registration", () => {
  it("init assigns one data model and a label per item type, and one default sheet for both", () => {
    const item = double.CONFIG.Item as { dataModels: Record<string, unknown>; typeLabels: Record<string, string> };
    expect(Object.keys(item.dataModels)).toEqual([...ITEM_TYPES]);
    for (const type of ITEM_TYPES) {
      expect(item.dataModels[type]).toBe(models[type]);
      expect(hasKey(item.typeLabels[type] ?? ""), type).toBe(true);
    }
    expect(double.itemSheetRegistrations).toHaveLength(1);
    const [sheet] = double.itemSheetRegistrations;
    expect(sheet?.scope).toBe("rolling-bones");
    expect(sheet?.options).toMatchObject({ types: [...ITEM_TYPES], makeDefault: true });
    expect(hasKey(sheet?.options.label ?? "")).toBe(true);
  });

  it("declares the same item types in system.json", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
      documentTypes: { Item: Record<string, unknown> };
    };
    expect(Object.keys(manifest.documentTypes.Item)).toEqual([...ITEM_TYPES]);
  });
});

describe.each([...ITEM_TYPES])("%s schema", (type) => {
  it("gives new items the defaults the pure functions use, at the current version", () => {
    const initial = schemaOf(models[type]).initial;
    expect(initial).toEqual(type === "weapon" ? newWeapon() : newGear());
    expect(initial.schemaVersion).toBe(ITEM_SCHEMA_VERSION);
  });

  it("labels every field (FIELDS keys under the model's localization prefix)", () => {
    for (const { path: p } of walkSchema(schemaOf(models[type]))) {
      expect(hasKey(`ROLLING_BONES.Item.${type}.FIELDS.${p}.label`), p).toBe(true);
    }
  });
});

describe("item validation", () => {
  it.each<[ItemType, Record<string, unknown>, string]>([
    ["weapon", { "system.action.attack": 3 }, "ok"],
    ["weapon", { "system.action.attack": 1000 }, "OutOfRange"],
    ["weapon", { "system.action.botchRange": "4" }, "ok"],
    ["weapon", { "system.action.botchRange": 5 }, "OutOfRange"],
    ["weapon", { "system.action.botchRange": 0 }, "OutOfRange"],
    ["weapon", { "system.action.damage": "1d8+2" }, "ok"],
    ["weapon", { "system.action.damage": "2d6 + 1d4 - 1" }, "ok"],
    ["weapon", { "system.action.damage": "" }, "ok"],
    ["weapon", { "system.action.damage": "a lot" }, "BadDamageFormula"],
    ["weapon", { "system.action.damage": "<b>1d6</b>" }, "BadDamageFormula"],
    // What the damage roll could not throw, the sheet does not take (one check serves both).
    ["weapon", { "system.action.damage": "21d6" }, "DamageTooManyDice"],
    ["weapon", { "system.action.damage": "10d6+11d4" }, "DamageTooManyDice"],
    ["weapon", { "system.action.damage": "1d999" }, "DamageDieSize"],
    ["weapon", { "system.action.damage": "99d999+1" }, "DamageDieSize"],
    ["weapon", { "system.action.damage": "1d1" }, "DamageDieSize"],
    ["weapon", { "system.action.damage": "1d6+999+1" }, "DamageNumberTooLarge"],
    ["weapon", { "system.action.damage": "1d8-1d4" }, "BadDamageFormula"],
    ["weapon", { "system.action.damage": "20d6" }, "ok"],
    ["weapon", { "system.equipped": "yes" }, "NotOnOrOff"],
    ["gear", { "system.equipped": false }, "ok"],
    ["weapon", { "system.action.damage": "1d100+999" }, "ok"],
    ["weapon", { "system.wild.damage": "3D+1" }, "ok"],
    ["weapon", { "system.wild.damage": "" }, "ok"],
    ["weapon", { "system.wild.damage": "+1D" }, "BadDieCode"],
    ["weapon", { "system.pi.impact": -3 }, "ok"],
    ["weapon", { "system.pi.precision": 101 }, "OutOfRange"],
    ["weapon", { "system.percentile.multiplier": 0 }, "OutOfRange"],
    ["weapon", { "system.percentile.multiplier": 3 }, "ok"],
    ["weapon", { "system.pool.difficulty": 1 }, "OutOfRange"],
    ["weapon", { "system.pool.difficulty": 10 }, "ok"],
    ["weapon", { "system.pool.damage": 2.5 }, "NotInteger"],
    ["gear", { "system.quantity": -1 }, "OutOfRange"],
    ["gear", { "system.quantity": "12" }, "ok"],
    ["gear", { "system.wild.bonus": "+2" }, "ok"],
    ["gear", { "system.wild.bonus": "+1D" }, "ok"],
    ["gear", { "system.wild.bonus": "3D" }, "ok"],
    ["gear", { "system.wild.bonus": "plenty" }, "BadDieCode"],
    ["gear", { "system.pi.precision": 2, name: "<i>Rope</i>" }, "ok"],
    ["gear", { "system.description": "d".repeat(2000) }, "ok"],
    ["weapon", { "system.description": "d".repeat(2001) }, "NoteTooLong"],
  ])("%s %o → %s", (type, changes, expected) => {
    const prepared = prepareItemUpdate(type, changes);
    expect(prepared.ok ? "ok" : prepared.error.key.replace("ROLLING_BONES.Error.", "")).toBe(expected);
    if (!prepared.ok) expect(hasKey(prepared.error.key)).toBe(true);
  });

  it("drops what no field of the item is (unknown keys, prototype paths, flags), and keeps every field", () => {
    const prepared = prepareItemUpdate("weapon", {
      name: "Axe",
      "system.__proto__.polluted": 1,
      "system.constructor.prototype.polluted": 1,
      "system.unknown": 1,
      "flags.core.x": 1,
      ownership: { default: 3 },
      "system.action.attack": 2,
    });
    expect(prepared).toEqual({ ok: true, changes: { name: "Axe", "system.action.attack": 2 } });
  });

  it("reads numbers a form sent as text, and passes names through untouched", () => {
    const prepared = prepareItemUpdate("weapon", { "system.action.botchRange": "3", name: "<b>Axe</b>" });
    expect(prepared).toEqual({ ok: true, changes: { "system.action.botchRange": 3, name: "<b>Axe</b>" } });
  });

  it("accepts a whole new item of either type", () => {
    for (const [type, system] of [
      ["weapon", newWeapon()],
      ["gear", newGear()],
    ] as const) {
      const flat = Object.fromEntries(
        Object.entries(system as object).flatMap(([k, v]: [string, unknown]) =>
          typeof v === "object" && v !== null
            ? Object.entries(v).map(([k2, v2]: [string, unknown]) => [`system.${k}.${k2}`, v2])
            : [[`system.${k}`, v]],
        ),
      );
      expect(prepareItemUpdate(type, flat).ok, type).toBe(true);
    }
  });

  it("the damage roll refuses a stored formula with the sheet's words, never a request field's name", () => {
    for (const formula of ["21d6", "1d999", "99d999+1", "1d6+999+1"]) {
      const sheet = prepareItemUpdate("weapon", { "system.action.damage": formula });
      let roll: unknown = null;
      try {
        actionDamageRequest(formula, "Axe");
      } catch (error) {
        roll = error;
      }
      expect(sheet.ok ? null : sheet.error, formula).toEqual(roll);
      const text = errorMessage(roll as never);
      expect(text, formula).toContain(`"${formula}"`);
      expect(text).not.toMatch(/\bbase\b|\[0\]|undefined/);
    }
  });

  it("refuses anything but text as a damage formula", () => {
    expect(() => requireDamageFormula(5)).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.BadDamageFormula" }),
    );
  });
});

describe("figures and attacks per engine", () => {
  const axe = {
    type: "weapon" as const,
    system: weaponSystem({
      action: { attack: 5, botchRange: 3, damage: "1d10+2" },
      wild: { damage: "" },
      pi: { precision: -1, impact: 3 },
      percentile: { multiplier: 2 },
      pool: { difficulty: 7, damage: 3 },
    }),
  };
  const rope = { type: "gear" as const, system: { ...newGear(), quantity: 2, wild: { bonus: "+1D" } } };

  it.each<[EngineId, string[]]>([
    ["action", ["+5", "1–3", "1d10+2"]],
    ["wild", ["—"]],
    ["pi", ["−1", "+3"]],
    ["percentile", ["×2"]],
    ["pool", ["7", "3"]],
  ])("a weapon shows a %s character its engine's figures only: %o", (engine, values) => {
    const figures = itemFigures(engine, axe, "en");
    expect(figures.map((f) => f.value)).toEqual(values);
    for (const f of figures) expect(hasKey(f.key), f.key).toBe(true);
  });

  it("writes the figures' numbers and signs in the user's language", () => {
    expect(itemFigures("pi", axe, "sv").map((f) => f.value)).toEqual(["\u22121", "+3"]);
    expect(itemFigures("pi", rope, "ar-EG").map((f) => f.value)).toEqual(["\u0662", "\u0660", "\u0660"]);
  });

  it("gear shows its quantity everywhere, and its bonus or modifiers where an engine uses them", () => {
    expect(itemFigures("percentile", rope, "en").map((f) => f.value)).toEqual(["2"]);
    expect(itemFigures("wild", rope, "en").map((f) => f.value)).toEqual(["2", "+1D"]);
    expect(itemFigures("pi", rope, "en").map((f) => f.value)).toEqual(["2", "0", "0"]);
  });

  it("starts an action-dice attack from the weapon's figures; every other engine's starts from a skill", () => {
    expect(weaponAttackRequest("action", axe.system)).toEqual({ kind: "attack", modifier: 5, botchRange: 3 });
    for (const engine of ENGINE_IDS.filter((e) => e !== "action")) {
      expect(weaponAttackRequest(engine, axe.system), engine).toBeNull();
    }
    expect(WEAPON_ATTACK_ENGINES).toEqual(["action", "pi", "percentile", "wild", "pool"]);
  });
});
