/**
 * What a card's damage panel shows (docs/rules.md §6), Foundry-free: the amount the card names, a row of
 * ×½, ×1, ×2 and Heal buttons per recorded target and one for the selected tokens, and the ledger of
 * what was applied, each line with its Undo for who may press it. The chat hook and the lab build the
 * same view; `templates/chat/harm-controls.hbs` lays it out.
 */

import { harm } from "../../engines/core.ts";
import {
  recordedTargets,
  targetDamage,
  verdictRule,
  type HarmEntry,
  type TargetRef,
  type TargetVerdict,
} from "../../services/harm/ledger.ts";
import type { ControlsLocalization } from "./card-controls.ts";

/** One apply button. */
export interface HarmButtonView {
  readonly multiplier: harm.Multiplier;
  /** The visible text (`×½`, `×1`, `×2`, `Heal`). */
  readonly text: string;
  /** The accessible name (what it applies, to whom). */
  readonly aria: string;
}

/** One row of apply buttons: a recorded target, or the selected tokens. */
export interface HarmRowView {
  readonly label: string;
  /** `data-*` attributes naming the target (`actor`, `token`, `scene`) or the selection (`selection`). */
  readonly data: Readonly<Record<string, string>>;
  readonly buttons: readonly HarmButtonView[];
  /** Why the row differs (a missed target, one of another engine), in words; `null` for a hit. */
  readonly note: string | null;
}

/** One ledger line. */
export interface HarmLineView {
  readonly id: string;
  readonly text: string;
  /** What the application left on the target, in words (a wound, defeat). */
  readonly marks: readonly string[];
  readonly undone: boolean;
  /** The Undo's accessible name, when the viewer may undo the line. */
  readonly undo: string | null;
}

/** The damage panel of a card. */
export interface HarmControlsView {
  /** The heading: the amount the card names, or what a record card records. */
  readonly title: string;
  readonly rows: readonly HarmRowView[];
  readonly lines: readonly HarmLineView[];
  /** The list's accessible name. */
  readonly ledgerLabel: string;
}

/** A recorded target as the panel shows it. */
export interface ShownTarget {
  readonly ref: TargetRef;
  readonly name: string;
  /** The attack's verdict on it (`pending` where no attack judged it). */
  readonly verdict: TargetVerdict;
  /** Its own damage where it differs from the card's (a dice-pool attack's extra successes on it, docs/rules.md §6). */
  readonly amount?: number;
}

/**
 * The recorded targets a card's panel offers: each one whose actor still exists, named as the card
 * recorded it (else by its actor's name), with its own share where the attack earned it different
 * extra successes (docs/rules.md §6). The chat hook and the lab's fight both read a card's targets so.
 *
 * @param roll - The card's first roll: its engine, its stored options and its total.
 * @param actorName - The name of the actor a target names, or `undefined` when it is gone.
 */
export function shownTargetsOf(
  roll: { engine: unknown; options: unknown; total: unknown } | null,
  actorName: (ref: TargetRef) => string | undefined,
): ShownTarget[] {
  const stored = (roll?.options as { targets?: unknown } | undefined)?.targets;
  return recordedTargets(stored).flatMap((t) => {
    const name = actorName(t.ref);
    const amount = targetDamage(roll, t);
    return name === undefined
      ? []
      : [{ ref: t.ref, name: t.name ?? name, verdict: t.verdict, ...(amount === null ? {} : { amount }) }];
  });
}

/** What the panel is built from. */
export interface HarmControlsInput {
  /** The card's damage, or `null` for a card that only records (no apply rows). */
  readonly amount: number | null;
  readonly targets: readonly ShownTarget[];
  /** Whether to offer the selected tokens. */
  readonly selection: boolean;
  readonly entries: readonly HarmEntry[];
  /** Whether the viewer may undo an entry (a GM, or who applied it). */
  readonly mayUndo: (entry: HarmEntry) => boolean;
  /** Whether the viewer is a GM (who alone may force damage on a missed target). */
  readonly gm: boolean;
  /** What a record card records, when it is one. */
  readonly record?: "damage" | "heal";
}

const BUTTON_TEXT: Readonly<Record<harm.Multiplier, string>> = {
  half: "ROLLING_BONES.Harm.Apply.half",
  full: "ROLLING_BONES.Harm.Apply.full",
  double: "ROLLING_BONES.Harm.Apply.double",
  heal: "ROLLING_BONES.Harm.Apply.heal",
};

/** The four buttons of a row (on a missed target, each says that it forces). */
function buttons(amount: number, who: string, i18n: ControlsLocalization, forced = false): HarmButtonView[] {
  return harm.MULTIPLIERS.map((multiplier) => {
    const value = String(harm.scaledAmount(amount, multiplier));
    const aria = i18n.format(`ROLLING_BONES.Harm.Apply.${multiplier}Label`, { amount: value, who });
    const text = i18n.localize(BUTTON_TEXT[multiplier]);
    return {
      multiplier,
      text,
      aria: forced ? i18n.format("ROLLING_BONES.Harm.Apply.ForceLabel", { what: aria }) : aria,
    };
  });
}

/**
 * A recorded target's row (docs/rules.md §6, "a miss gets no damage"): buttons after a hit (or where no
 * attack judged it); on a missed target, or one of another engine, buttons for a GM only, with a note
 * saying why.
 */
function targetRow(t: ShownTarget, amount: number, gm: boolean, i18n: ControlsLocalization): HarmRowView {
  const data: Record<string, string> = { actor: t.ref.actor };
  if (t.ref.token !== undefined) data.token = t.ref.token;
  if (t.ref.scene !== undefined) data.scene = t.ref.scene;
  const rule = verdictRule(t.verdict);
  if (rule === "open") return { label: t.name, data, buttons: buttons(amount, t.name, i18n), note: null };
  const note = i18n.localize(`ROLLING_BONES.Harm.Row.${rule}${gm ? "Gm" : ""}`);
  return { label: t.name, data, buttons: gm ? buttons(amount, t.name, i18n, rule === "gmForces") : [], note };
}

/** A ledger line's text: who, what, the health before and after, and who applied it. */
function lineText(entry: HarmEntry, i18n: ControlsLocalization): string {
  const data = {
    name: entry.name,
    amount: String(entry.amount),
    multiplier: i18n.localize(BUTTON_TEXT[entry.multiplier]),
    before: String(entry.before),
    after: String(entry.after),
    by: entry.byName,
  };
  return i18n.format(
    entry.multiplier === "heal" ? "ROLLING_BONES.Harm.Line.heal" : "ROLLING_BONES.Harm.Line.damage",
    data,
  );
}

/** What an application left on its target, in words. */
function marksOf(entry: HarmEntry, i18n: ControlsLocalization): string[] {
  const marks: string[] = [];
  if (entry.wound) marks.push(i18n.localize(`ROLLING_BONES.Condition.${entry.wound}.name`));
  if (entry.defeat === "add") marks.push(i18n.localize("ROLLING_BONES.Harm.Defeated"));
  if (entry.defeat === "remove") marks.push(i18n.localize("ROLLING_BONES.Harm.NoLongerDefeated"));
  if (entry.forced) marks.push(i18n.localize("ROLLING_BONES.Harm.Forced"));
  return marks;
}

/**
 * The damage panel of a card.
 *
 * @param input - The card's amount, its recorded targets, the ledger and who may undo.
 * @param i18n - The localization.
 */
export function harmControlsView(input: HarmControlsInput, i18n: ControlsLocalization): HarmControlsView {
  const { amount } = input;
  const rows: HarmRowView[] = [];
  if (amount !== null) {
    for (const t of input.targets) rows.push(targetRow(t, t.amount ?? amount, input.gm, i18n));
    if (input.selection) {
      const label = i18n.localize("ROLLING_BONES.Harm.Selected");
      rows.push({ label, data: { selection: "selected" }, buttons: buttons(amount, label, i18n), note: null });
    }
  }
  const title =
    amount !== null
      ? i18n.format("ROLLING_BONES.Harm.Apply.Title", { amount: String(amount) })
      : i18n.localize(input.record === "heal" ? "ROLLING_BONES.Harm.Record.Heal" : "ROLLING_BONES.Harm.Record.Damage");
  const lines = input.entries.map((entry) => {
    const text = lineText(entry, i18n);
    return {
      id: entry.id,
      text,
      marks: marksOf(entry, i18n),
      undone: entry.undone,
      undo: !entry.undone && input.mayUndo(entry) ? i18n.format("ROLLING_BONES.Harm.UndoLabel", { what: text }) : null,
    };
  });
  return { title, rows, lines, ledgerLabel: i18n.localize("ROLLING_BONES.Harm.Ledger") };
}
