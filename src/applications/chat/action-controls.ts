/**
 * Which action-dice controls a user sees on an action card, decided by the engine's own rules
 * (`checkCardAction`) against the card and the pools as this client sees them: a control is shown
 * only when the action would be allowed now. The GM re-checks everything when the control is used,
 * so this is for clarity, not for safety. Pure.
 */
import {
  cardOutcome,
  checkAwardForRoll,
  checkCardAction,
  diceLeft,
  effectsFor,
  MAX_EFFECT_NOTE,
  MAX_STRIKES,
  strikesOf,
  TABLE_DRAW,
  type LateUses,
  type EffectActivation,
  type ActionCardState,
  type ActionPoolState,
  type CardAction,
  type ClassDicePool,
  type DiceSource,
} from "../../engines/action/index.ts";
import { diceText } from "../../dice/rolls/action-card.ts";
import { tableKindKey, tableKindsFor } from "../../data/effect-tables.ts";

/** What the controls are computed from. */
export interface ControlsInput {
  /** The viewing user. */
  readonly viewer: string;
  /** Whether the viewer is a GM. */
  readonly viewerIsGM: boolean;
  /** The card (its owner resolved). */
  readonly card: ActionCardState;
  /** The pools this client sees: the viewer's (the GM pool for a GM) and those of the ledger's users. */
  readonly pools: Readonly<Record<string, ActionPoolState>>;
  /** The card's message id (for unique control ids). */
  readonly messageId: string;
  /**
   * The class dice of the card's character, when the viewer owns that character (its name and its
   * class pool this session); absent or `null` otherwise.
   */
  readonly classDice?: { readonly name: string; readonly pool: ClassDicePool } | null;
  /** The three-strike leniency and the players' strikes (absent: no late use). */
  readonly lateUses?: LateUses;
}

/** One activation control: a dice count and a button. */
export interface ActivationControl {
  readonly type: "botch" | "critical" | "specialBotch";
  /** The button's localization key. */
  readonly label: string;
  /** The most dice the viewer can declare. */
  readonly max: number;
  /** The id of the dice-count input. */
  readonly inputId: string;
  /** Where the dice may come from, when the viewer may choose (their pool or the class dice), else empty. */
  readonly sources: readonly DiceSource[];
  /** The id of the source select (when there is a choice). */
  readonly sourceId: string;
}

/** The effect chooser of one activation: the effects the viewer may record now, and a text field. */
export interface EffectControl {
  readonly activation: EffectActivation;
  /** The button's localization key. */
  readonly label: string;
  /** The effects offered (label keys under `ROLLING_BONES.ActionDice.Effect.`), in the rules' order. */
  readonly options: readonly { readonly value: string; readonly labelKey: string; readonly needsNote: boolean }[];
  /** The id of the effect choice (its radio buttons' name, and their ids' prefix), and of the text input. */
  readonly selectId: string;
  readonly noteId: string;
  /** The longest text accepted. */
  readonly maxNote: number;
  /**
   * The GM's draw from a critical or botch table: the kinds of table this roll may draw from (a
   * check's: check, defence, parry) with their label keys, and the id of their select; `null` for a
   * viewer who may not draw (not a GM) or a roll no table is made for.
   */
  readonly draw: {
    readonly kinds: readonly { readonly value: string; readonly labelKey: string }[];
    readonly selectId: string;
  } | null;
}

/** One button re-rolling an action die used on the roll: its use's index, size and what its cascade adds now. */
export interface ActionRerollControl {
  /** The use's index among the roll's augments. */
  readonly augment: number;
  /** The die size. */
  readonly faces: number;
  /** What its throws add now. */
  readonly total: number;
}

/** One re-roll button: the die it replaces (its index, size and the face it shows now). */
export interface RerollControl {
  /** The die's index among the roll's own dice. */
  readonly die: number;
  /** Its size. */
  readonly faces: number;
  /** The face it shows now. */
  readonly value: number;
  /** Its place among the roll's own dice, from 1 (shown when the roll has more than one). */
  readonly number: number;
  /** True when the roll has one die of its own (the button needs no number). */
  readonly only: boolean;
}

/** The controls a viewer sees on a card. */
export interface ActionControlsView {
  /** The ledger length the controls were built for (sent back as `seen`). */
  readonly seen: number;
  /** The viewer's dice left, e.g. `2d6 + 1d4`, or `null` without a pool this session. */
  readonly pool: string | null;
  /** One button per die size the viewer may use to augment. */
  readonly augment: readonly { readonly faces: number; readonly left: number }[];
  /** The dice of the roll's own the viewer may spend a die to re-roll: one button each, naming the die. */
  readonly reroll: readonly RerollControl[];
  /** The action dice used on the roll the viewer may spend a die to re-roll (cascade thrown afresh): one button each. */
  readonly rerollAction: readonly ActionRerollControl[];
  /** Whether the row of re-roll buttons is shown (a die of the roll's own or an action die to re-roll). */
  readonly rerollRow: boolean;
  /** The card character's class dice the viewer may spend: their name, size and number left, or `null`. */
  readonly classDice: { readonly name: string; readonly faces: number; readonly left: number } | null;
  /** Whether the viewer may use a class die to augment. */
  readonly classAugment: boolean;
  /** The dice of the roll's own the viewer may spend a class die to re-roll. */
  readonly classReroll: readonly RerollControl[];
  /** Whether the row of class-die buttons is shown (a class use or re-roll is possible). */
  readonly classRow: boolean;
  /**
   * When the result is declared and the viewer may still use a die under the three-strike leniency:
   * the strike such a late use would be, and the most there are; else `null`.
   */
  readonly late: { readonly strike: number; readonly max: number } | null;
  /** The activations the viewer may make. */
  readonly activations: readonly ActivationControl[];
  /** The effects the viewer may record for activations that stand (a critical's: roller or GM; a botch's: GM). */
  readonly effects: readonly EffectControl[];
  /** Whether the viewer (a GM) may declare the result (never on a damage roll, which has none). */
  readonly close: boolean;
  /** True when the GM declares the result in words (a secret DC): a success and a failure button. */
  readonly declare: boolean;
  /** Ledger entries the viewer (a GM) may undo, and whether each may be refunded (criticals). */
  readonly undo: readonly { readonly entry: string; readonly refund: boolean }[];
  /**
   * The GM's award of a die to the roller for this roll (a player's roll, not damage, with a pool this session), with
   * the id of its reason field; `blocked` is the localization key of why it cannot be made now
   * (dice used or spent on the roll, the player's awards forfeited, a lucky break), else `null`.
   */
  readonly award: { readonly reasonId: string; readonly blocked: string | null } | null;
  /** True when any control is shown. */
  readonly any: boolean;
}

const PROBE = "\u0000probe";

/** A card action without its id and actor (each member of the union on its own). */
type Probe = CardAction extends infer A ? (A extends CardAction ? Omit<A, "id" | "by"> : never) : never;

/** A pool standing for a GM without a GM pool this session (closing and undoing need no dice). */
function gmStandIn(userId: string): ActionPoolState {
  return { userId, gm: true, dieFaces: 6, dice: [], spent: 0, luckyBreak: false, failedInsight: [], applied: [] };
}

const ACTIVATION_LABELS = {
  botch: "ROLLING_BONES.Action.Spend.botch",
  critical: "ROLLING_BONES.Action.Spend.critical",
  specialBotch: "ROLLING_BONES.Action.Spend.specialBotch",
} as const;

/** The GM's award for a card's roll: only for a player's roll with a pool this session (see {@link ActionControlsView}). */
function awardControl(input: ControlsInput): ActionControlsView["award"] {
  const owner = Object.hasOwn(input.pools, input.card.owner) ? input.pools[input.card.owner] : undefined;
  if (owner === undefined || owner.gm) return null;
  let blocked: string | null = null;
  if (!checkAwardForRoll(input.card).ok) blocked = "ROLLING_BONES.ActionDice.Award.BlockedDice";
  else if (owner.forfeited === true) blocked = "ROLLING_BONES.ActionDice.Award.BlockedForfeit";
  else if (owner.luckyBreak) blocked = "ROLLING_BONES.ActionDice.Award.BlockedLuckyBreak";
  return { reasonId: `rb-${input.messageId}-award-reason`, blocked };
}

/** The controls a viewer sees on an action card. */
export function actionControls(input: ControlsInput): ActionControlsView {
  const { viewer, card } = input;
  const pools =
    input.viewerIsGM && input.pools[viewer] === undefined
      ? { ...input.pools, [viewer]: gmStandIn(viewer) }
      : input.pools;
  const table = { card, pools, ...(input.lateUses ? { lateUses: input.lateUses } : {}) };
  const allowed = (action: Probe): boolean => checkCardAction(table, { ...action, id: PROBE, by: viewer }).ok;
  const own = input.pools[viewer];

  const augment = (own?.dice ?? [])
    .filter((part) => allowed({ type: "augment", faces: part.faces }))
    .map((part) => ({ faces: part.faces, left: part.count }));
  const base = cardOutcome(card)?.base ?? [];
  const rerollable = (ok: (die: number) => boolean): RerollControl[] =>
    base.flatMap((b, die) =>
      ok(die) ? [{ die, faces: b.faces, value: b.value, number: die + 1, only: base.length === 1 }] : [],
    );
  const reroll = own === undefined ? [] : rerollable((die) => allowed({ type: "reroll", die }));
  const rerollAction: ActionRerollControl[] =
    own === undefined
      ? []
      : (cardOutcome(card)?.augments ?? []).flatMap((a, augment) =>
          allowed({ type: "reroll", augment }) ? [{ augment, faces: a.faces, total: a.total }] : [],
        );
  const cls = input.classDice ?? null;
  const classTable = cls ? { ...table, classPools: { [cls.pool.actorId]: cls.pool } } : null;
  const classAllowed = (action: Probe): boolean =>
    classTable !== null &&
    checkCardAction(classTable, { ...action, id: PROBE, by: viewer, source: "class" } as CardAction).ok;
  const classAugment = cls !== null && classAllowed({ type: "augment", faces: cls.pool.faces });
  const classReroll = rerollable((die) => classAllowed({ type: "reroll", die }));
  const activations: ActivationControl[] = [];
  for (const type of ["botch", "critical", "specialBotch"] as const) {
    const fromPool = own !== undefined && allowed({ type, dice: 1 });
    const fromClass = classAllowed({ type, dice: 1 });
    if (!fromPool && !fromClass) continue;
    const sources: DiceSource[] = fromPool && fromClass ? ["pool", "class"] : fromClass ? ["class"] : [];
    activations.push({
      type,
      label: ACTIVATION_LABELS[type],
      max: Math.max(fromPool && own ? diceLeft(own) : 0, fromClass && cls ? cls.pool.left : 0),
      inputId: `rb-${input.messageId}-${type}-dice`,
      sources,
      sourceId: `rb-${input.messageId}-${type}-source`,
    });
  }
  const effects: EffectControl[] = [];
  for (const activation of ["critical", "botch", "specialBotch"] as const) {
    const recordable = effectsFor(card.request.kind, activation).filter((o) =>
      allowed({ type: "effect", activation, effect: o.id, ...(o.needsNote ? { note: "-" } : {}) }),
    );
    // A table's result is drawn, never chosen by hand: it has its own control.
    const options = recordable
      .filter((o) => o.id !== TABLE_DRAW)
      .map((o) => ({ value: o.id, labelKey: `ROLLING_BONES.ActionDice.Effect.${o.id}`, needsNote: o.needsNote }));
    const kinds = recordable.some((o) => o.id === TABLE_DRAW) ? tableKindsFor(activation, card.request.kind) : [];
    if (options.length === 0 && kinds.length === 0) continue;
    effects.push({
      activation,
      label: `ROLLING_BONES.ActionDice.Effect.Record.${activation}`,
      options,
      selectId: `rb-${input.messageId}-${activation}-effect`,
      noteId: `rb-${input.messageId}-${activation}-note`,
      maxNote: MAX_EFFECT_NOTE,
      draw:
        kinds.length > 0
          ? {
              kinds: kinds.map((kind) => ({ value: kind, labelKey: tableKindKey(kind) })),
              selectId: `rb-${input.messageId}-${activation}-table`,
            }
          : null,
    });
  }
  // A damage roll has no result to declare and earns no award (its card only adds up harm).
  const damage = card.request.kind === "damage";
  const close = input.viewerIsGM && !damage && allowed({ type: "close" });
  // An insight roll with a secret DC: the GM says how it went (a failure blocks the subject).
  const declare =
    input.viewerIsGM && !close && allowed({ type: "close", verdict: "failure" }) && card.request.kind === "insight";
  const dieSteps =
    augment.length > 0 || reroll.length > 0 || rerollAction.length > 0 || classAugment || classReroll.length > 0;
  const late = !card.open && dieSteps ? { strike: strikesOf(input.lateUses, viewer) + 1, max: MAX_STRIKES } : null;
  const award = input.viewerIsGM && !damage ? awardControl(input) : null;
  const undo = input.viewerIsGM
    ? card.ledger
        .filter((e) => !e.undone && allowed({ type: "undo", entry: e.id }))
        .map((e) => ({ entry: e.id, refund: e.type === "critical" }))
    : [];
  return {
    seen: card.ledger.length,
    pool: own ? diceText(own.dice) || "0" : null,
    augment,
    reroll,
    rerollAction,
    rerollRow: reroll.length > 0 || rerollAction.length > 0,
    classDice: cls ? { name: cls.name, faces: cls.pool.faces, left: cls.pool.left } : null,
    classAugment,
    classReroll,
    classRow: classAugment || classReroll.length > 0,
    late,
    activations,
    effects,
    close,
    declare,
    undo,
    award,
    any:
      award !== null ||
      augment.length > 0 ||
      reroll.length > 0 ||
      rerollAction.length > 0 ||
      classAugment ||
      classReroll.length > 0 ||
      activations.length > 0 ||
      effects.length > 0 ||
      close ||
      declare,
  };
}
