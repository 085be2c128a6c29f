/**
 * Every control on a chat card, declared once: its name (the button's `data-rb-action`), who may
 * press it, and what it runs. The one listener (`card-actions.ts`) loads this table on the first
 * click of a card control and dispatches each click from it.
 */
import type { CardControl } from "../../services/action-dice/index.ts";
import { awardForRoll, cardControl, undoPoolAction } from "../../services/action-dice/index.ts";
import { assistLeader, cancelAssist, pickDice, undoFateLoss, undoPoints } from "../../services/points/index.ts";
import type { DiceSource } from "../../engines/action/index.ts";
import { notify } from "../../helpers/notify.ts";
import type { CardControlContext, CardControlRun, CardControlSpec } from "./card-control.ts";
import { rollCardDamage } from "./damage-control.ts";
import { approveAutomatic, refuseAutomatic } from "../../services/automatic/index.ts";
import { TABLE_KINDS } from "../../data/effect-tables.ts";
import { applyControl, undoControl } from "./harm-controls.ts";

/** `{ source: "class" }` when a control (or its source select) asks for class dice, else nothing. */
function classSource(value: string | undefined): { source?: DiceSource } {
  return value === "class" ? { source: "class" } : {};
}

/** An action-dice card control, sent to the active GM. */
function actionDice(control: (context: CardControlContext) => CardControl): CardControlRun {
  return (context) => cardControl(context.message, control(context), context.place);
}

/** An activation (botch, critical, special botch) with the dice count and source chosen on the card. */
function activation(type: "botch" | "critical" | "specialBotch"): CardControlSpec {
  return {
    access: "anyone",
    run: actionDice(({ scope }) => {
      const input = scope.querySelector<HTMLInputElement>(`[data-dice-for="${type}"]`);
      const source = scope.querySelector<HTMLSelectElement>(`[data-source-for="${type}"]`);
      return { type, dice: Number(input?.value ?? 1), ...classSource(source?.value) };
    }),
  };
}

/** The effect chosen for an activation, with the text typed (sent as text, never markup). */
const effect: CardControlRun = (context) => {
  const kind = context.button.dataset.activation;
  if (kind !== "critical" && kind !== "botch" && kind !== "specialBotch") return null;
  const chosen = context.scope.querySelector<HTMLInputElement>(`[data-effect-for="${kind}"] input:checked`);
  const note = context.scope.querySelector<HTMLInputElement>(`[data-note-for="${kind}"]`);
  return cardControl(
    context.message,
    { type: "effect", activation: kind, effect: chosen?.value ?? "", note: note?.value ?? "" },
    context.place,
  );
};

/** The GM draws an activation's effect from the table of the kind chosen on the card (services/effect-tables.ts). */
const drawEffect: CardControlRun = (context) => {
  const kind = context.button.dataset.activation;
  if (kind !== "critical" && kind !== "botch" && kind !== "specialBotch") return null;
  const table = context.scope.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-table-for="${kind}"]`);
  const chosen = TABLE_KINDS.find((k) => k === table?.value);
  if (chosen === undefined) return null;
  return import("../../services/effect-tables.ts").then(({ drawEffect: draw }) =>
    draw(context.message, kind, chosen, context.place),
  );
};

/** The pick of two dice on a Precision & Impact card, from its checked boxes. */
function pickChecked({ message, scope, place }: CardControlContext): Promise<boolean> | null {
  const slots = [...scope.querySelectorAll<HTMLInputElement>("[data-pick-slot]")]
    .filter((el) => el.checked)
    .map((el) => Number(el.dataset.pickSlot));
  if (slots.length !== 2) {
    notify("warn", game.i18n.localize("ROLLING_BONES.Points.Controls.PickTwo"));
    return null;
  }
  return pickDice(message, [slots[0] as number, slots[1] as number], place);
}

/** `"2,3"` → `[2, 3]`. */
function slotPair(text: string | undefined): [number, number] {
  const [a = 0, b = 0] = (text ?? "").split(",").map(Number);
  return [a, b];
}

/** A GM roll request's service, loaded on first use (it stays out of the startup bundle). */
const requests = () => import("../../services/requests/requests.ts");

// What each control runs, one small function per control (the table below names them).
const augment = actionDice(({ button: b }) => ({
  type: "augment",
  faces: Number(b.dataset.faces),
  ...classSource(b.dataset.source),
}));
const reroll = actionDice(({ button: b }) => ({
  type: "reroll",
  ...(b.dataset.die === undefined ? {} : { die: Number(b.dataset.die) }),
  ...(b.dataset.augment === undefined ? {} : { augment: Number(b.dataset.augment) }),
  ...classSource(b.dataset.source),
}));
const close = actionDice(({ button: b }) =>
  b.dataset.verdict === "success" || b.dataset.verdict === "failure"
    ? { type: "close", verdict: b.dataset.verdict }
    : { type: "close" },
);
const undo = actionDice(({ button: b }) => ({ type: "undo", entry: b.dataset.entry ?? "" }));
const refund = actionDice(({ button: b }) => ({ type: "refund", entry: b.dataset.entry ?? "" }));
const undoPool: CardControlRun = ({ message }) => undoPoolAction(message);
const awardRoll: CardControlRun = ({ message, scope, place }) =>
  awardForRoll(message, scope.querySelector<HTMLInputElement>("[data-award-reason]")?.value ?? "", place);
const assist: CardControlRun = ({ message, scope, place }) =>
  assistLeader(message, scope.querySelector<HTMLSelectElement>("[data-leader-select]")?.value ?? "", place);
const cancel: CardControlRun = ({ button: b }) => cancelAssist(b.dataset.leader ?? "", b.dataset.assist ?? "");
const pickBest: CardControlRun = ({ message, button: b, place }) => pickDice(message, slotPair(b.dataset.slots), place);
const pointsUndo: CardControlRun = ({ message, button: b, place }) => undoPoints(message, b.dataset.entry ?? "", place);
const fateLossUndo: CardControlRun = ({ message }) => undoFateLoss(message);
const rollDamage: CardControlRun = ({ message, event, place }) => rollCardDamage(message, event, place);
const requestRoll: CardControlRun = ({ message, button: b, event }) =>
  import("../requests/roll.ts").then((r) => r.rollForRequest(message.id ?? "", b.dataset.actor ?? "", event));
const automaticApprove: CardControlRun = ({ message }) => approveAutomatic(message);
const automaticRefuse: CardControlRun = ({ message }) => refuseAutomatic(message);
const requestReveal: CardControlRun = ({ message }) => requests().then((r) => r.revealRequest(message.id ?? ""));

/**
 * The card controls by name. To add one: write its action as a small function `(context) => promise`
 * next to its kind's (or in its own module), then add ONE line here — `["name", { access, run }]` —
 * and give its button `data-rb-action="name"` in the card's template (or
 * `controlButton(…, "name", …)`). Nothing else wires it: the listener, the permission refusal and
 * the busy state come from `card-actions.ts`.
 */
export const CARD_CONTROLS: ReadonlyMap<string, CardControlSpec> = new Map<string, CardControlSpec>([
  // Action dice (action cards, economy cards).
  ["augment", { access: "anyone", run: augment }],
  ["reroll", { access: "anyone", run: reroll }],
  ["botch", activation("botch")],
  ["critical", activation("critical")],
  ["specialBotch", activation("specialBotch")],
  ["effect", { access: "anyone", run: effect }],
  ["drawEffect", { access: "gm", run: drawEffect }],
  ["close", { access: "gm", run: close }],
  ["undo", { access: "gm", run: undo }],
  ["refund", { access: "gm", run: refund }],
  ["undoPool", { access: "gm", run: undoPool }],
  ["awardRoll", { access: "gm", run: awardRoll }],
  // Points (percentile, wild, pool and pi cards).
  ["pointsAssist", { access: "author", run: assist }],
  ["pointsCancelAssist", { access: "anyone", run: cancel }],
  ["pointsPick", { access: "author", run: pickChecked }],
  ["pointsPickBest", { access: "author", run: pickBest }],
  ["pointsUndo", { access: "gm", run: pointsUndo }],
  ["pointsUndoFateLoss", { access: "gm", run: fateLossUndo }],
  // Attack cards rolled from a weapon: the weapon's damage.
  ["rollDamage", { access: "actorOwner", run: rollDamage }],
  // GM roll requests.
  ["requestRoll", { access: "actorOwner", run: requestRoll }],
  ["requestReveal", { access: "gm", run: requestReveal }],
  // Dice-pool automatic successes a player asks for: the GM's answer.
  ["automaticApprove", { access: "gm", run: automaticApprove }],
  ["automaticRefuse", { access: "gm", run: automaticRefuse }],
  // Damage and healing applied from a card, and their Undo (the active GM re-checks who may).
  ["harmApply", { access: "anyone", run: applyControl }],
  ["harmUndo", { access: "anyone", run: undoControl }],
]);
