/** The system id, as in `system.json`. */
export const SYSTEM_ID = "rolling-bones";

/** The localization prefix of every key the system uses. */
export const I18N_PREFIX = "ROLLING_BONES";

/**
 * The path Foundry serves a system file from.
 *
 * @param path - A path relative to the system root, e.g. `templates/chat/pool-card.hbs`.
 * @returns `systems/rolling-bones/<path>`.
 */
export function systemPath(path: string): string {
  return `systems/${SYSTEM_ID}/${path}`;
}
