/**
 * Data migrations as pure functions, one file per schema version. Each character model's
 * `migrateData` runs its type's migration before Foundry's own; a migration recognises old shapes
 * itself (partial update data carries no version), changes only those, and returns its argument.
 * Every type ends with health (`health.ts`): actors stored before it existed get the default.
 */

import {
  actionCharacterV1,
  percentileCharacterV1,
  piCharacterV1,
  poolCharacterV1,
  wildCharacterV1,
} from "./character-v1.ts";
import { characterV2 } from "./character-v2.ts";
import { withHealth } from "./health.ts";
import type { Source } from "./helpers.ts";

export type { Source } from "./helpers.ts";
export { withHealth } from "./health.ts";
export { kindFromDamage, migrateGear, migrateWeapon, readLegacyDamage } from "./item-v2.ts";

/** Migrates a percentile character's source (possibly partial) to the current shape, in place. */
export function migratePercentileCharacter<S extends Source>(source: S): S {
  withHealth(characterV2(percentileCharacterV1(source)));
  return source;
}

/** Migrates an action character's source (possibly partial) to the current shape, in place. */
export function migrateActionCharacter<S extends Source>(source: S): S {
  withHealth(characterV2(actionCharacterV1(source)));
  return source;
}

/** Migrates a wild-die character's source (possibly partial) to the current shape, in place. */
export function migrateWildCharacter<S extends Source>(source: S): S {
  withHealth(characterV2(wildCharacterV1(source)));
  return source;
}

/** Migrates a Precision & Impact character's source (possibly partial) to the current shape, in place. */
export function migratePiCharacter<S extends Source>(source: S): S {
  withHealth(characterV2(piCharacterV1(source)));
  return source;
}

/** Migrates a dice-pool character's source (possibly partial) to the current shape, in place. */
export function migratePoolCharacter<S extends Source>(source: S): S {
  withHealth(characterV2(poolCharacterV1(source)));
  return source;
}
