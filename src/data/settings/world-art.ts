/**
 * The world's Action Results Table, read from its setting: the one place percentile rolls and
 * dialogs learn which table to read (the GM's, or the default when none is set).
 */
import { SYSTEM_ID } from "../../constants.ts";
import { storedArt, withArt } from "./art-setting.ts";
import { isDamageRequest, type ArtTable } from "../../engines/percentile/core.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";

/**
 * The GM's Action Results Table, or `undefined` when the world uses the default table (no table
 * set, or a stored value that is not a valid table).
 */
export function worldArt(): ArtTable | undefined {
  return storedArt(game.settings.get(SYSTEM_ID, SETTING_KEYS.artTable)) ?? undefined;
}

/**
 * A request made to read the world's table: a percentile request without an `art` of its own gets
 * the GM's table; any other engine's request, a percentile request naming a table, or a percentile
 * damage roll's (which reads no table), is returned unchanged.
 *
 * @param engine - The engine the request is for.
 * @param request - The request as the caller wrote it.
 */
export function withWorldArt(engine: string, request: unknown): unknown {
  return engine === "percentile" && !isDamageRequest(request) ? withArt(request, worldArt()) : request;
}
