/** The gear item: anything carried that is not a weapon, with a quantity and the figures equipment has in each engine. */

import { intField } from "../fields/index.ts";
import { migrateGear } from "../migrations/item-v2.ts";
import type { SameShape } from "../fields/shape.ts";
import { GEAR_MAX_QUANTITY } from "./constants.ts";
import { checkedTextField, descriptionField, itemVersionField, piModifiersField } from "./fields.ts";
import type { GearSource } from "./types.ts";
import { requireBonus } from "./validators.ts";

import fields = foundry.data.fields;

/** Builds the gear schema. */
function gearSchema() {
  return {
    schemaVersion: itemVersionField(),
    description: descriptionField(),
    equipped: new fields.BooleanField({ initial: true }),
    quantity: intField(0, GEAR_MAX_QUANTITY, 1),
    wild: new fields.SchemaField({ bonus: checkedTextField(requireBonus) }),
    pi: piModifiersField(),
  };
}

/** The schema of the gear model. */
export type GearSchema = ReturnType<typeof gearSchema>;

/** The stored data the schema describes is exactly {@link GearSource} (checked here). */
export const gearShapeCheck: SameShape<fields.SchemaField.InitializedData<GearSchema>, GearSource> = true;

/** The data model of a piece of gear's `system`. */
export class GearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation> {
  /** Field labels and hints come from `ROLLING_BONES.Item.gear.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Item.gear"];

  static override defineSchema(): GearSchema {
    return gearSchema();
  }

  /** Stored gear of an older schema is read in the current shape (`migrations/item-v2.ts`). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateGear(source));
  }
}
