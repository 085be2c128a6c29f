/** The odds panels' number formats: see `helpers/format.ts` (the chat cards format their rarity line with them too). */
export * from "../../helpers/format.ts";
