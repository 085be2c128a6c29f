/** The five engines' roll dialogs, by engine id. Pure: no Foundry globals. */

import type { action, EngineId, percentile, pi, pool, wild } from "../../engines/core.ts";
import { actionDialog } from "./action-roll-dialog.ts";
import { percentileDialog } from "./percentile-roll-dialog.ts";
import { piDialog } from "./pi-roll-dialog.ts";
import { poolDialog } from "./pool-roll-dialog.ts";
import type { AnyDialogEngine } from "./types.ts";
import { wildDialog } from "./wild-roll-dialog.ts";

/** Each engine's request type, by engine id. */
export interface RequestByEngine {
  percentile: percentile.PercentileRequest;
  action: action.ActionRequest;
  wild: wild.WildRequest;
  pi: pi.PiRequest;
  pool: pool.PoolRequest;
}

/** The roll dialog of each engine. */
export const DIALOG_ENGINES: Readonly<Record<EngineId, AnyDialogEngine>> = Object.freeze({
  percentile: percentileDialog,
  action: actionDialog,
  wild: wildDialog,
  pi: piDialog,
  pool: poolDialog,
});

/** The engine ids, in the order the UI lists them. */
export const DIALOG_ENGINE_IDS: readonly EngineId[] = Object.freeze(["percentile", "action", "wild", "pi", "pool"]);
