/**
 * The cases of the odds advice bench (issue 26, `bench/advice.ts`): each roll dialog's whole "what
 * each choice buys" table for the largest inputs the rules allow, with the changes a player makes,
 * and an open card's advisor. Free of the bench's tooling, so a fresh process can load it alone.
 */
import { actionAdvice, piAdvice } from "../src/engines/advice.ts";
import { choicesView } from "../src/applications/dialogs/choices.ts";
import { DIALOG_ENGINES } from "../src/applications/dialogs/engines.ts";
import { DEFAULT_DIALOG_SETTINGS, evaluateForm, type DialogSettings } from "../src/applications/dialogs/types.ts";
import type { FormValues } from "../src/applications/dialogs/form-values.ts";
import { action, pi, shared, type EngineId } from "../src/engines/index.ts";

/** A table's first open, at most (µs). */
export const TABLE_FIRST_TARGET = 5000;
/** A table's change, warm, at most (µs). */
export const TABLE_CHANGE_TARGET = 1000;
/** A card's advisor on first view, at most (µs). */
export const CARD_FIRST_TARGET = 1000;

/** One timed case: a dialog's tables or a card's advisor. */
export interface AdviceCase {
  readonly name: string;
  readonly kind: "table" | "card";
  /** The largest inputs, in words. */
  readonly inputs: string;
  /** The first call (the first open of the dialog, the first view of the card). */
  readonly first: () => unknown;
  /** The calls of successive changes, cycled in the warm pass (the first is `first`'s). */
  readonly changes: readonly (() => unknown)[];
  /** The dialog's odds panel for the same changes (tables only), timed beside them. */
  readonly panel?: readonly (() => unknown)[];
}

/** A dialog's tables and odds panel for form values made from a request and changed by `edits`. */
function tableCase(
  name: string,
  engine: EngineId,
  inputs: string,
  initial: Record<string, unknown>,
  settings: DialogSettings,
  edits: readonly Record<string, string | boolean>[],
): AdviceCase {
  const dialog = DIALOG_ENGINES[engine];
  const start = dialog.requestToForm(initial, settings);
  const forms: FormValues[] = [start, ...edits.map((e) => ({ ...start, ...e }))];
  return {
    name,
    kind: "table",
    inputs,
    first: () => choicesView(engine, start, settings, "en"),
    changes: forms.map((v) => () => choicesView(engine, v, settings, "en")),
    panel: forms.map((v) => () => evaluateForm(dialog, v, settings, "en")),
  };
}

const GEAR = [
  { id: "gear0000000000001", name: "Lens", adjustments: [{ target: "precision", value: 2 }] },
  { id: "gear0000000000002", name: "Gauntlet", adjustments: [{ target: "impact", value: 1 }] },
] as const;

/** An open action card: four cascading augments on a check against a far DC. */
function actionCard(): action.ActionOutcome {
  const req = action.validate({ modifier: 6, dc: 45, augments: [12, 12, 12, 12] });
  return action.resolve(req, shared.throwAll(action.engine, req, shared.seededFaces(26)));
}

/** A rolled 10-die Precision & Impact card with a goal. */
function piCard(): pi.PiOutcome {
  const req = pi.validate({ pool: [12, 12, 10, 10, 8, 8, 6, 6, 4, 4], precisionGoal: 19, impactGoal: 4 });
  return pi.resolve(req, shared.throwAll(pi.engine, req, shared.seededFaces(26)));
}

/** Every case, in a fixed order (the cold children find theirs by index). */
export function adviceCases(): AdviceCase[] {
  const base = DEFAULT_DIALOG_SETTINGS;
  const points = { actor: "Bench", karma: null, assists: [], wild: null, willpower: null };
  const held = [
    { faces: 12, count: 4 },
    { faces: 8, count: 2 },
    { faces: 4, count: 3 },
  ];
  const card = actionCard();
  const pick = piCard();
  return [
    tableCase(
      "Percentile dialog",
      "percentile",
      "five bonus dice, karma for three, a called shot (cap 5)",
      { bonus: 5, penalty: 0, column: 12, voluntaryPenalty: 1 },
      { ...base, points: { ...points, karma: 9 } },
      [{ bonus: "4" }, { column: "20" }, { penalty: "5" }, { karmaDice: "2" }],
    ),
    tableCase(
      "Action dialog",
      "action",
      "four cascading d12 augments held, DC 45",
      { modifier: 6, dc: 45, augments: [12, 12, 12, 12] },
      { ...base, actionDice: { level: 22, faces: 12, held: [{ faces: 12, count: 4 }] } },
      [{ dc: "44" }, { modifier: "7" }, { augmentCount: "3" }, { dc: "50" }],
    ),
    tableCase(
      "Wild Die dialog",
      "wild",
      "12D with 5 Character Points left and the Fate Point",
      { dice: 12, pips: 2, target: 50 },
      { ...base, points: { ...points, wild: { characterPoints: 5, fatePoints: 5, cpUsed: 0, fpUsed: 0, cpLimit: 5 } } },
      [{ target: "51" }, { characterPoints: "5" }, { code: "11D+2" }, { bonus: "+1D" }],
    ),
    tableCase(
      "Precision & Impact dialog",
      "pi",
      "a 10-die pool (two of each size), a goal, two pieces of gear",
      { pool: [12, 12, 10, 10, 8, 8, 6, 6, 4, 4], precisionGoal: 19, impactGoal: 4 },
      { ...base, gear: GEAR },
      [{ precisionGoal: "20" }, { hindrance: "minor" }, { "gear-gear0000000000001": true }, { d4: "1" }],
    ),
    tableCase(
      "Dice Pool dialog",
      "pool",
      "a 30-die pool, Willpower held, the automatic success on offer",
      { pool: 30, difficulty: 7 },
      { ...base, points: { ...points, willpower: { current: 5, permanent: 8, spentInTurn: null, turn: null } } },
      [{ difficulty: "8" }, { pool: "29" }, { willpower: true }, { cancellation: "2" }],
    ),
    {
      name: "Action card advisor",
      kind: "card",
      inputs: "an open d20 card with four cascading augments, three die sizes held, DC 45",
      first: () => actionAdvice.cardAdvice(card, held),
      changes: [() => actionAdvice.cardAdvice(card, held), () => actionAdvice.cardAdvice(card, held.slice(1))],
    },
    {
      name: "Precision & Impact card picks",
      kind: "card",
      inputs: "a rolled 10-die card with a goal: every pick judged",
      first: () => piAdvice.pickVerdicts(pick),
      changes: [() => piAdvice.pickVerdicts(pick)],
    },
  ];
}
