/**
 * The data the lab page reads through Vite: `lang/en.json` (with the files of `RB_LANG_EXTRA`
 * merged in by the lab's Vite config) and the sample characters of the actors compendium's sources
 * (`packs/_source/actors/`) and the bestiary's NPCs (`packs/_source/bestiary/`), so the page shows
 * what the system ships.
 */
import en from "../lang/en.json" with { type: "json" };
import { createLocalization, mergeTrees, type Localization, type Tree } from "./i18n.ts";
import { sampleActors, type SampleActor } from "./model.ts";

/** English, as Foundry would load it for the system. */
export const I18N: Localization = createLocalization(
  __RB_LANG_EXTRA__.reduce<Tree>((tree, extra) => mergeTrees(tree, extra as Tree), mergeTrees({}, en)),
  "en",
);

/** The sample characters of the actors compendium. */
export const SAMPLE_ACTORS: readonly SampleActor[] = sampleActors(
  Object.values(import.meta.glob("../packs/_source/actors/*.json", { import: "default", eager: true })),
);

/** The bestiary's NPCs. */
export const BESTIARY: readonly SampleActor[] = sampleActors(
  Object.values(import.meta.glob("../packs/_source/bestiary/*.json", { import: "default", eager: true })),
);
