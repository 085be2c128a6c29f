/** The difficulty dial's defaults, apart from its odds (which load with the composer). */

/** The chance the dial solves for when the GM has not chosen one (60%). */
export const DEFAULT_DIAL_CHANCE = 60;
