/** The limits every data model shares (pure: the validators and the sheets read them too). */

/** The longest name a user may give a skill, weapon, condition or trait. */
export const MAX_NAME_LENGTH = 80;

/** The most entries one list (skills, weapons, conditions…) may hold. */
export const MAX_ENTRIES = 100;
