/** The point figures a character sheet and the session counters start from (the checks are in `points.ts`). */

/** Fate Points a character starts with. */
export const STARTING_FATE_POINTS = 5;

/** Fate Points a character may spend in one session. */
export const FATE_POINTS_PER_SESSION = 1;

/** Character Points a character may spend in one session unless the GM sets another limit. */
export const DEFAULT_CP_SESSION_LIMIT = 5;
