/**
 * What the action-dice panels show, as pure functions of plain facts: the GM panel (every player's
 * pool and the GM's, with award, take and start session) and a player's own panel (their pool,
 * lucky break, gain insight with an optional insight roll). The applications gather the facts from
 * the world and render these views.
 */
import {
  diceLeft,
  gmPool,
  MAX_STRIKES,
  poolCount,
  poolForCharacters,
  strikesOf,
  type ActionPoolState,
  type BalancedChoice,
  type LateUses,
  type MultiCharacterRule,
  type PoolPart,
} from "../../engines/action/index.ts";
import { diceText } from "../../dice/rolls/action-card.ts";
import { formatSigned } from "../../helpers/numbers.ts";
import { economyView, type EconomyRecord, type EconomyView } from "../../services/action-dice/economy-card.ts";

/** A character as the panels mention it. */
export interface PanelCharacter {
  readonly name: string;
  readonly level: number;
  /** Class bonus dice held by this character (tracked on it, not in the pool). */
  readonly classDice: { readonly faces: number; readonly count: number } | null;
}

/** What the GM panel is built from. */
export interface GmPanelFacts {
  readonly session: number;
  readonly rule: MultiCharacterRule;
  /** Under the `balanced` rule, which reduced pool applies (`fewer` when absent). */
  readonly balanced?: BalancedChoice;
  /** The GM pool this session, or `null`. */
  readonly gm: ActionPoolState | null;
  /** The viewing GM's user id (a take from the GM pool names it). */
  readonly gmUserId: string;
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly active: boolean;
    /** The player's pool this session, or `null`. */
    readonly pool: ActionPoolState | null;
    readonly characters: readonly PanelCharacter[];
  }[];
  /** This session's pool actions (awards, forfeits, takes, insight, secret agenda, lucky breaks), oldest first. */
  readonly ledger?: readonly PanelLedgerRecord[];
  /** The three-strike leniency and the players' strikes (absent: the rule is off and nobody has a strike). */
  readonly lateUses?: LateUses;
}

/** A pool action's record as the panel reads it: the record, and the id of the economy card that holds it. */
export type PanelLedgerRecord = EconomyRecord & { readonly messageId?: string };

/** One player's row in the GM panel. */
export interface GmPanelPlayer {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly dice: string;
  readonly count: number;
  readonly hasPool: boolean;
  /** The pool the tables give the player's characters now (what a session start fills), e.g. `3d4`; empty without one. */
  readonly expected: string;
  readonly spent: number;
  readonly luckyBreak: boolean;
  readonly failedInsight: string;
  readonly characters: string;
  readonly classDice: string;
  readonly canAward: boolean;
  readonly canTake: boolean;
  /** Whether the player's awards may be forfeited now (a pool this session, not forfeited yet). */
  readonly canForfeit: boolean;
  /** Whether the row's menu of rarer actions (take, reset strikes, forfeit or lift) has anything to offer. */
  readonly menu: boolean;
  /** The standing forfeit of the player's awards: its reason and its card (whose undo lifts it), else `null`. */
  readonly forfeit: { readonly reason: string | null; readonly messageId: string | null } | null;
  /**
   * The player's strikes under the three-strike leniency (shown while the rule is on, or while any
   * remain from when it was), and whether the GM may reset them; else `null`.
   */
  readonly strikes: { readonly count: number; readonly max: number; readonly canReset: boolean } | null;
}

/** The GM panel's context. */
export interface GmPanelView {
  readonly session: number;
  readonly started: boolean;
  /** The localization key of the multi-character rule in force. */
  readonly rule: string;
  readonly gm: {
    readonly dice: string;
    readonly count: number;
    /** The GM pool the players' expected pools give (see {@link GmPanelPlayer.expected}), or empty. */
    readonly expected: string;
    readonly canTake: boolean;
    readonly userId: string;
  } | null;
  readonly players: readonly GmPanelPlayer[];
  /** Whether any player owns an action character (a session can start). */
  readonly canStart: boolean;
  /** This session's pool actions as their cards tell them (reasons and secret agendas included). */
  readonly ledger: readonly EconomyView[];
}

function charactersText(characters: readonly PanelCharacter[]): string {
  return characters.map((c) => `${c.name} (${c.level === 0.5 ? "\u00bd" : c.level})`).join(", ");
}

function classDiceText(characters: readonly PanelCharacter[]): string {
  return characters
    .filter((c) => c.classDice !== null && c.classDice.count > 0)
    .map((c) => `${c.name}: ${c.classDice?.count ?? 0}d${c.classDice?.faces ?? 0}`)
    .join(", ");
}

/** The latest standing forfeit of a player's awards this session, from the panel's ledger. */
function standingForfeit(facts: GmPanelFacts, userId: string): GmPanelPlayer["forfeit"] {
  const records = (facts.ledger ?? []).filter(
    (r) =>
      r.session === facts.session &&
      r.entry?.type === "forfeit" &&
      !r.entry.undone &&
      r.entry.changes.some((c) => c.userId === userId && c.forfeited === true),
  );
  const last = records.at(-1);
  return { reason: last?.entry?.reason ?? null, messageId: last?.messageId ?? null };
}

/** A player's strikes as the panels show them (see {@link GmPanelPlayer.strikes}). */
function strikesView(lateUses: LateUses | undefined, userId: string): GmPanelPlayer["strikes"] {
  const count = strikesOf(lateUses, userId);
  if (lateUses?.allowed !== true && count === 0) return null;
  return { count, max: MAX_STRIKES, canReset: count > 0 };
}

/** The pool the tables give a player's characters now, or `null` without any (levels out of range are skipped). */
function expectedPool(
  characters: readonly PanelCharacter[],
  rule: MultiCharacterRule,
  balanced: BalancedChoice,
): PoolPart[] | null {
  if (characters.length === 0) return null;
  try {
    return poolForCharacters(
      characters.map((c) => c.level),
      rule,
      balanced,
    );
  } catch {
    return null;
  }
}

/** Builds the GM panel's view. */
export function gmPanelView(facts: GmPanelFacts): GmPanelView {
  const started = facts.session > 0;
  const expected = new Map(
    facts.players.map((p) => [p.id, expectedPool(p.characters, facts.rule, facts.balanced ?? "fewer")]),
  );
  const playerPools = [...expected.values()].filter((pool) => pool !== null);
  return {
    session: facts.session,
    started,
    rule: `ROLLING_BONES.Action.Rule.${facts.rule}`,
    gm: facts.gm
      ? {
          dice: diceText(facts.gm.dice),
          count: diceLeft(facts.gm),
          expected: playerPools.length > 0 ? diceText([gmPool(playerPools)]) : "",
          canTake: diceLeft(facts.gm) > 0,
          userId: facts.gmUserId,
        }
      : null,
    players: facts.players.map((p) => {
      const count = p.pool ? diceLeft(p.pool) : 0;
      const forfeited = p.pool?.forfeited === true;
      const strikes = strikesView(facts.lateUses, p.id);
      const canTake = started && count > 0;
      const canForfeit = started && p.pool !== null && !forfeited && facts.gm !== null;
      const forfeit = forfeited ? standingForfeit(facts, p.id) : null;
      return {
        id: p.id,
        name: p.name,
        active: p.active,
        dice: p.pool ? diceText(p.pool.dice) : "",
        count,
        hasPool: p.pool !== null,
        expected: diceText(expected.get(p.id) ?? []),
        spent: p.pool?.spent ?? 0,
        luckyBreak: p.pool?.luckyBreak ?? false,
        failedInsight: (p.pool?.failedInsight ?? []).join(", "),
        characters: charactersText(p.characters),
        classDice: classDiceText(p.characters),
        canAward: started && p.pool !== null && !p.pool.luckyBreak && !forfeited && facts.gm !== null,
        canTake,
        canForfeit,
        menu: canTake || canForfeit || strikes?.canReset === true || forfeit?.messageId != null,
        forfeit,
        strikes,
      };
    }),
    canStart: facts.players.some((p) => p.characters.length > 0),
    ledger: (facts.ledger ?? []).filter((r) => r.entry !== null && r.session === facts.session).map(economyView),
  };
}

/** A modifier an insight roll may use. */
export interface InsightOption {
  /** The option's value in the form. */
  readonly key: string;
  /** Shown text (already localized by the caller, or a skill name). */
  readonly label: string;
  readonly modifier: number;
}

/** What a player's panel is built from. */
export interface PlayerPanelFacts {
  readonly session: number;
  readonly pool: ActionPoolState | null;
  /** The character an insight roll is made for, or `null`. */
  readonly character: PanelCharacter | null;
  /** The modifiers an insight roll may use (Reason, Intuition, knowledge skills…). */
  readonly insightOptions: readonly InsightOption[];
  /** A prefix that makes form ids unique. */
  readonly idPrefix: string;
  /** The three-strike leniency and the players' strikes (absent: off). */
  readonly lateUses?: LateUses;
  /** The viewing player's user id (whose strikes are shown). */
  readonly userId?: string;
  /** The user's language (the insight modifiers' signs are written in it). */
  readonly lang: string;
  /** Class bonus dice the player's characters used this session (they count against a lucky break); 0 when absent. */
  readonly classDiceSpent?: number;
}

/** A player's panel context. */
export interface PlayerPanelView {
  readonly started: boolean;
  readonly hasPool: boolean;
  readonly dice: string;
  readonly count: number;
  readonly spent: number;
  readonly luckyBreak: boolean;
  /** Why a lucky break is not possible, as a localization key, or `null` when it is. */
  readonly luckyBreakBlocked: string | null;
  readonly failedInsight: string;
  readonly character: string | null;
  readonly insightOptions: readonly (InsightOption & { readonly text: string })[];
  readonly canInsight: boolean;
  readonly idPrefix: string;
  /** The player's late uses under the three-strike leniency (while the rule is on), else `null`. */
  readonly strikes: { readonly count: number; readonly max: number } | null;
}

/** Builds a player's panel view. */
export function playerPanelView(facts: PlayerPanelFacts): PlayerPanelView {
  const pool = facts.pool;
  const count = pool ? poolCount(pool.dice) : 0;
  let luckyBreakBlocked: string | null = null;
  if (!pool) luckyBreakBlocked = "ROLLING_BONES.ActionDice.Player.NoPool";
  else if (pool.luckyBreak) luckyBreakBlocked = "ROLLING_BONES.ActionDice.Player.LuckyBreakTaken";
  else if (pool.spent + (facts.classDiceSpent ?? 0) > 0)
    luckyBreakBlocked = "ROLLING_BONES.ActionDice.Player.LuckyBreakSpent";
  else if (count === 0) luckyBreakBlocked = "ROLLING_BONES.ActionDice.Player.NoDice";
  return {
    started: facts.session > 0,
    hasPool: pool !== null,
    dice: pool ? diceText(pool.dice) : "",
    count,
    spent: pool?.spent ?? 0,
    luckyBreak: pool?.luckyBreak ?? false,
    luckyBreakBlocked,
    failedInsight: (pool?.failedInsight ?? []).join(", "),
    character: facts.character
      ? `${facts.character.name} (${facts.character.level === 0.5 ? "\u00bd" : facts.character.level})`
      : null,
    insightOptions: facts.insightOptions.map((o) => ({
      ...o,
      text: `${o.label} ${formatSigned(o.modifier, facts.lang)}`,
    })),
    canInsight: count > 0,
    idPrefix: facts.idPrefix,
    strikes:
      facts.lateUses?.allowed === true
        ? { count: strikesOf(facts.lateUses, facts.userId ?? ""), max: MAX_STRIKES }
        : null,
  };
}

/** The insight form's values. */
export interface InsightForm {
  readonly subject: string;
  readonly dice: number;
  /** Whether to make the insight roll. */
  readonly roll: boolean;
  /** The chosen modifier option's key. */
  readonly modifier: string;
  /** The DC, blank when unknown. */
  readonly dc: string;
}

/** The request the insight form makes: the spend, and the roll when asked for. */
export interface InsightPlan {
  readonly subject: string;
  readonly dice: number;
  readonly roll: { readonly level: number; readonly modifier: number; readonly dc: number | null } | null;
}

/**
 * Reads the insight form into a plan, or the localization key of what is wrong (no subject, a dice
 * count that is not a whole number of at least 1, a DC that is not a whole number, a roll without a
 * character).
 */
export function insightPlan(
  form: InsightForm,
  character: PanelCharacter | null,
  options: readonly InsightOption[],
): InsightPlan | { readonly error: string } {
  const subject = form.subject.trim();
  if (subject.length === 0) return { error: "ROLLING_BONES.Error.MissingSubject" };
  if (!Number.isInteger(form.dice) || form.dice < 1) return { error: "ROLLING_BONES.ActionDice.Player.BadDice" };
  if (!form.roll) return { subject, dice: form.dice, roll: null };
  if (character === null) return { error: "ROLLING_BONES.ActionDice.Player.NoCharacter" };
  const dcText = form.dc.trim();
  const dc = dcText === "" ? null : Number(dcText);
  if (dc !== null && (!Number.isInteger(dc) || dc < 0)) return { error: "ROLLING_BONES.ActionDice.Player.BadDc" };
  const modifier = options.find((o) => o.key === form.modifier)?.modifier ?? 0;
  return { subject, dice: form.dice, roll: { level: Math.floor(character.level), modifier, dc } };
}
