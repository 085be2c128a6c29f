/**
 * One dialog from an engine's own parts (`define.ts`): what every engine's dialog shares is added
 * once — the odds-only values of an engine without any, the adjustments checked by the engine, and a
 * weapon attack's choice and the gear (form values, view, shown fields, the refill after a new
 * choice) for the engines whose rolls take equipment. Checked on a small engine of the test's own.
 */
import { describe, expect, it } from "vitest";
import { defineDialog, defineEquipmentDialog } from "../../src/applications/dialogs/define.ts";
import type { DialogAttack, EquipmentView } from "../../src/applications/dialogs/equipment.ts";
import { EngineError } from "../../src/engines/index.ts";
import { settingsWith } from "./dialog-helpers.ts";

/** A toy engine's request: a count of dice, at most 9. */
interface Toy {
  readonly dice: number;
}

const validate = (request: Toy): Toy => {
  if (!Number.isInteger(request.dice) || request.dice > 9) throw new EngineError("OutOfRange", { field: "dice" });
  return request;
};

const parts = {
  id: "pool" as const,
  validate,
  requestToForm: (initial: Partial<Toy> = {}) => ({ dice: String(initial.dice ?? 1) }),
  formToRequest: (values: Record<string, unknown>) => validate({ dice: Number(values.dice) }),
  formView: (values: Record<string, unknown>) => ({ dice: typeof values.dice === "string" ? values.dice : "" }),
  oddsView: (request: Toy) => ({ dice: request.dice }),
  shownFields: () => ["dice"],
};

const ATTACK: DialogAttack = {
  weapon: { id: "itemAxe000000001", name: "Axe", adjustments: [] },
  uses: [
    { value: "skill:one", text: "One", request: { dice: 2 } },
    { value: "skill:two", text: "Two", request: { dice: 5 } },
  ],
  use: "skill:one",
};

describe("a dialog from an engine's parts", () => {
  const dialog = defineDialog<Toy, null, { dice: string }, { dice: number }>(parts);

  it("reads no odds-only values when the engine gives none, and is frozen", () => {
    expect(dialog.formToExtras({ dice: "3" })).toBeNull();
    expect(Object.isFrozen(dialog)).toBe(true);
    expect("follow" in dialog).toBe(false);
  });

  it("checks the adjusted request with the engine's own check", () => {
    expect(dialog.adjust?.({ dice: 3 }, [])).toEqual({ dice: 3 });
    expect(() => dialog.adjust?.({ dice: 12 }, [])).toThrow(EngineError);
  });
});

describe("a dialog whose rolls take equipment", () => {
  const dialog = defineEquipmentDialog<Toy, null, { dice: string; equipment: EquipmentView }, { dice: number }>(
    parts,
    (request) => ({ dice: String(request.dice ?? "") }),
  );
  const settings = settingsWith({ attack: ATTACK, gear: [{ id: "itemRope00000001", name: "Rope", adjustments: [] }] });

  it("starts from the attack's choice with the gear unticked, then the engine's own fields", () => {
    const values = dialog.requestToForm({ dice: 2 }, settings);
    expect(values).toEqual({ use: "skill:one", "gear-itemRope00000001": false, dice: "2" });
    expect(Object.keys(values)).toEqual(["use", "gear-itemRope00000001", "dice"]);
  });

  it("shows the attack's choice and the gear first, and carries the equipment's view", () => {
    const form = dialog.formView(dialog.requestToForm({ dice: 2 }, settings), settings, "en");
    expect(form.dice).toBe("2");
    expect(form.equipment.attack?.weapon).toBe("Axe");
    expect(form.equipment.gear.map((g) => g.name)).toEqual(["Rope"]);
    expect(dialog.shownFields(form)).toEqual(["use", "gear", "dice"]);
    // Without an attack or gear, only the engine's fields are shown.
    const plain = settingsWith();
    expect(dialog.shownFields(dialog.formView({ dice: "1" }, plain, "en"))).toEqual(["dice"]);
    expect(dialog.requestToForm({ dice: 1 }, plain)).toEqual({ dice: "1" });
  });

  it("refills the engine's fields from a new choice only, keeping everything else", () => {
    const start = { ...dialog.requestToForm({ dice: 2 }, settings), "gear-itemRope00000001": true };
    const changed = { ...start, use: "skill:two" };
    expect(dialog.follow?.(changed, start, settings)).toEqual({ ...changed, dice: "5" });
    // The same choice again, or a choice the attack does not offer, refills nothing.
    expect(dialog.follow?.({ ...start, dice: "7" }, start, settings)).toEqual({ ...start, dice: "7" });
    const forged = { ...start, use: "skill:forged" };
    expect(dialog.follow?.(forged, start, settings)).toEqual(forged);
  });
});
