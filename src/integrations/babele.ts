/**
 * Babele (compendium translations): when the module starts (`babele.init`), the system tells it
 * where its own translations are: `lang/babele/<language>/<pack collection>.json`, each with the
 * pack's translated label, the mapping of the system's fields (an NPC's notes, an item's description)
 * and the entries by their English name. Translators start from the English templates in
 * `lang/babele/template/` (generated from the packs: `npm run babele`). Nothing happens without the
 * module. [public systems: `Hooks.once("babele.init", (babele) => babele.setSystemTranslationsDir(…))`,
 * e.g. the Heart and XDZ systems; Babele's loader reads `systems/<id>/<dir>/<lang>/<collection>.json`]
 */

/** Where the system's compendium translations are, relative to the system's folder. */
export const BABELE_DIR = "lang/babele";

/** The part of Babele's API the system uses. */
export interface BabeleApi {
  setSystemTranslationsDir(dir: string): void;
}

/** The `babele.init` hook (fired by Babele, only when it is active): points it at the system's translations. */
export function onBabeleInit(babele: BabeleApi): void {
  babele.setSystemTranslationsDir(BABELE_DIR);
}
