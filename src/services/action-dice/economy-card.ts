/**
 * The chat card of a change to the pools themselves: a session start, an award, a forfeit of awards,
 * a take, an insight spend or a lucky break. Its record (the message flag `economy`) holds the engine's pool entry, so
 * the GM can undo it from the card; the card's text is rendered from the record when it is written.
 * The record and its view are plain data.
 */
import { formatSignedDice } from "../../helpers/numbers.ts";
import { systemPath } from "../../constants.ts";
import { diceText } from "../../dice/rolls/action-card.ts";
import type { PoolEntry, PoolPart } from "../../engines/action/index.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";

export { ECONOMY_FLAG } from "./protocol.ts";

/** The template of an economy card. */
export const ECONOMY_TEMPLATE = systemPath("templates/chat/action-economy-card.hbs");

/** What an economy card records. */
export interface EconomyRecord {
  /** What happened. */
  readonly kind: "session" | PoolEntry["type"];
  /** The session it happened in. */
  readonly session: number;
  /** The engine's record of a pool action (undoable); `null` for a session start. */
  readonly entry: PoolEntry | null;
  /** For a session start: each pool as refilled (the GM's first), else empty. */
  readonly pools: readonly { readonly userId: string; readonly gm: boolean; readonly dice: readonly PoolPart[] }[];
  /** The user who undid the entry, once undone. */
  readonly undoneBy: string | null;
  /** Names of the users mentioned, as they were when written. */
  readonly names: Readonly<Record<string, string>>;
}

/** One line of an economy card: a user and how their pool changed (or what it now holds). */
export interface EconomyLineView {
  readonly userId: string;
  readonly name: string;
  /** `+1d4`, `−2d6`, or the refilled pool `3d4`. */
  readonly change: string;
  readonly gm: boolean;
  /** True when the action forfeited this player's awards for the session. */
  readonly forfeited: boolean;
}

/** An economy card as its template shows it. */
export interface EconomyView {
  readonly kind: EconomyRecord["kind"];
  /** The localization key of the title (formatted with `session`, `subject`, `by`, `villain`, `target`). */
  readonly title: string;
  readonly session: number;
  readonly subject: string | null;
  readonly by: string | null;
  /** The player a forfeit names, else `null`. */
  readonly target: string | null;
  /** An award's or a forfeit's reason, as the GM wrote it, else `null`. */
  readonly reason: string | null;
  /** The villain of a GM's secret agenda, else `null`. */
  readonly villain: string | null;
  readonly lines: readonly EconomyLineView[];
  readonly undone: boolean;
  readonly undoneBy: string | null;
}

/**
 * Arranges an economy record for its template.
 *
 * @param record - The card's record.
 * @param lang - The language the card is written in (`+1d4`, `−2d6`).
 */
export function economyView(record: EconomyRecord, lang: string): EconomyView {
  const name = (id: string) => record.names[id] ?? id;
  let lines: EconomyLineView[];
  if (record.entry === null) {
    lines = record.pools.map((p) => ({
      userId: p.userId,
      name: name(p.userId),
      change: diceText(p.dice),
      gm: p.gm,
      forfeited: false,
    }));
  } else {
    lines = record.entry.changes.map((c) => {
      const parts = [
        ...c.added.map((p) => formatSignedDice(p.count, p.faces, lang)),
        ...c.removed.map((p) => formatSignedDice(-p.count, p.faces, lang)),
      ];
      return {
        userId: c.userId,
        name: name(c.userId),
        change: parts.join(" "),
        gm: false,
        forfeited: c.forfeited === true,
      };
    });
  }
  const villain = record.entry?.villain ?? null;
  // A session started in a world where no player owns an action-dice character refilled no pool.
  const kind = record.kind === "session" && record.pools.length === 0 ? "sessionOnly" : record.kind;
  return {
    kind: record.kind,
    title: villain === null ? `ROLLING_BONES.ActionDice.Economy.${kind}` : "ROLLING_BONES.ActionDice.Economy.agenda",
    session: record.session,
    subject: record.entry?.subject ?? null,
    by: record.entry ? name(record.entry.by) : null,
    target: lines.find((l) => l.forfeited)?.name ?? null,
    reason: record.entry?.reason ?? null,
    villain,
    lines,
    undone: record.entry?.undone ?? false,
    undoneBy: record.undoneBy ? name(record.undoneBy) : null,
  };
}

/** Renders an economy card's content (HTML) from its record, in the language of the user who writes it. */
export function renderEconomyCard(record: EconomyRecord): Promise<string> {
  return renderSystemTemplate(ECONOMY_TEMPLATE, { ...economyView(record, game.i18n.lang) });
}
