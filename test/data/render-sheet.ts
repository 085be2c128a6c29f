/**
 * Renders a character sheet the way its ApplicationV2 class does — the same context (header, view,
 * editable) from the same pure view function, through the real templates and Handlebars — but
 * without Foundry's window frame, for the template and browser tests.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  characterView,
  type CharacterView,
  type SheetActionDice,
  type SheetPoints,
} from "../../src/applications/sheets/views/index.ts";
import { ROLL_HINT_KEYS } from "../../src/applications/dialogs/skip.ts";
import {
  CHARACTER_OF_NPC,
  NPC_TYPES,
  asCharacter,
  npcFromCharacter,
  type CharacterSources,
  type CharacterType,
  type NpcType,
} from "../../src/data/actor/pure.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { format, localize, ROOT } from "../support/i18n.ts";

/** Localization from lang/en.json, as `game.i18n` gives it. */
export const i18n = { localize, format: (key: string, data: Record<string, string>) => format(key, data), lang: "en" };

/** How to render a sample sheet. */
export interface RenderOptions {
  editable?: boolean;
  /** The client setting that swaps click and Shift-click. */
  skipDialogDefault?: boolean;
  /** The points facts beyond the character's data (waiting assists, CP limit, this turn's Willpower). */
  points?: SheetPoints;
  /** An action character's players' pools and class dice this session. */
  actionDice?: SheetActionDice;
  /** Whether the viewer is a GM. */
  gm?: boolean;
  /** The engine's conditions and whether each is on (the sheet's conditions stat). */
  conditions?: { id: string; name: string; active: boolean }[];
  /** Renders the NPC type of the engine, with these notes (its data: the sample less the player's fields). */
  npcNotes?: string;
  /** How an NPC's defence is shown (the GM's "edit" when omitted). */
  npcDefence?: "edit" | "show" | "hide";
}

/** The context a character sheet renders with. */
export function sheetContext<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  options: RenderOptions = {},
) {
  const editable = options.editable ?? true;
  const npcType = NPC_TYPES.find((n) => CHARACTER_OF_NPC[n] === type) as NpcType;
  const npc = options.npcNotes === undefined ? null : npcFromCharacter(type, system, options.npcNotes);
  const shown = npc ? (asCharacter(npcType, npc)?.system as CharacterSources[T]) : system;
  const view: CharacterView = characterView(type, shown, i18n, {
    editable,
    idPrefix: `rb-${type}`,
    rollHintKey: options.skipDialogDefault ? ROLL_HINT_KEYS.skip : ROLL_HINT_KEYS.dialog,
    rollHintKeys: "Shift",
    ...(options.points ? { points: options.points } : {}),
    ...(options.actionDice ? { actionDice: options.actionDice } : {}),
    ...(options.gm ? { gm: true } : {}),
    ...(options.conditions ? { conditions: options.conditions } : {}),
    ...(npc
      ? {
          npc: {
            notes: npc.notes,
            labelKey: `ROLLING_BONES.Actor.${npcType}.FIELDS.notes.label`,
            defence: options.npcDefence ?? "edit",
          },
        }
      : {}),
  });
  const label = localize(`ROLLING_BONES.Actor.${npc ? npcType : type}.label`);
  const header = {
    name: `Sample ${label}`,
    img:
      "data:image/svg+xml," +
      encodeURIComponent(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c9b48f"/><circle cx="32" cy="24" r="12" fill="#7a5c3a"/><rect x="14" y="40" width="36" height="20" rx="10" fill="#7a5c3a"/></svg>',
      ),
    nameId: `rb-${type}-name`,
    typeLabel: label,
  };
  return { header, view, editable };
}

/** The inner HTML of a character sheet: its header and body parts, in a form like Foundry's. */
export function renderSheet<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  options: RenderOptions = {},
): string {
  const hb = createHandlebars();
  const context = sheetContext(type, system, options);
  const part = (file: string) => hb.compile(readFileSync(path.join(ROOT, file), "utf8"))(context);
  return (
    `<form class="rolling-bones rb-sheet sheet actor" data-type="${type}"><div class="rb-sheet__frame">` +
    part("templates/sheets/shared/header.hbs") +
    part(`templates/sheets/${type}/body.hbs`) +
    "</div></form>"
  );
}
