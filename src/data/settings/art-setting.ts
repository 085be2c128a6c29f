/**
 * The Action Results Table's world setting as the code every client loads at start reads it: the
 * stored value read back as a checked table (or the default), a percentile request made to read
 * it, and whether the GM is to be told it can be replaced. The GM editor's form, import and export
 * (`art-table.ts`) load with the editor.
 */

import { EngineError, percentile } from "../../engines/core.ts";
import type { ArtTable } from "../../engines/percentile/core.ts";

const { validateArt } = percentile;

/** What the setting stores for the default table: an empty object (an object setting is never `null`). */
export const DEFAULT_ART_SETTING: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The table a stored setting value holds: an empty object, `null`, or anything that is not a
 * valid table means the default table. A stored value is checked again on every read, since a
 * world file can be edited by hand.
 *
 * @param stored - The setting's value.
 * @returns The checked table, or `null` for the default.
 */
export function storedArt(stored: unknown): ArtTable | null {
  if (stored === null || typeof stored !== "object" || Object.keys(stored).length === 0) return null;
  try {
    return validateArt(stored);
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
}

/**
 * A percentile request reading the given table, unless it names one already. Other values pass
 * through unchanged (the engine reports a bad request).
 *
 * @param request - A percentile request (of unknown shape, as callers write it).
 * @param table - The world's table, or `null`/`undefined` for the default.
 * @returns The request, with `art` set when the world has a table and the request none.
 */
export function withArt(request: unknown, table: ArtTable | null | undefined): unknown {
  if (!table || typeof request !== "object" || request === null || Array.isArray(request)) return request;
  if ((request as { art?: unknown }).art !== undefined) return request;
  return { ...request, art: table };
}

/** What decides whether the one-time notice about the table is shown. */
export interface ArtNoticeState {
  /** Whether the current user is the active GM (one GM is told, once). */
  readonly activeGm: boolean;
  /** Whether the notice was already shown in this world. */
  readonly shown: boolean;
  /** Whether the world already has a table of its own. */
  readonly customTable: boolean;
}

/**
 * Whether to tell the GM, once per world, that the default Action Results Table can be replaced
 * with the book's: only the active GM is told, only once, and not when a table was already set.
 *
 * @param state - Who the user is and what the world holds.
 */
export function artNoticeDue(state: ArtNoticeState): boolean {
  return state.activeGm && !state.shown && !state.customTable;
}
