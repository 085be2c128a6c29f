/**
 * Chat cards with the controls one viewer sees on them, as the chat listeners add them when a
 * message renders: the pick of two dice on a Precision & Impact card and the card after a re-pick,
 * the Assist control on a percentile result and the assist once it waits for its leader, and the
 * GM's Undo and Refund on an action card whose ledger holds an undone and a refunded line. Each
 * card state is made by the rules' own functions (the engines' card actions, the points ledger),
 * its controls by the listeners' pure views (`actionControls`, `pointsControls`), and the ledger
 * lines are decorated on the page by the listeners' own DOM functions (`card-controls.ts`).
 */
import { actionControls } from "../src/applications/chat/action-controls.ts";
import { pointsControls, type PointsControlsView } from "../src/applications/chat/points-controls.ts";
import { NEW_CARD_RECORD, recordOf, type ActionCardRecord, type CardEvent } from "../src/dice/rolls/action-card.ts";
import { EMPTY_POINTS_RECORD, type PointsEntry, type PointsRecord } from "../src/dice/rolls/points-card.ts";
import { action, shared } from "../src/engines/index.ts";
import { withEntry } from "../src/services/points/spends.ts";
import {
  LAB_PENDING_ASSIST,
  LAB_YSOLDE,
  TABLE_BRAM,
  TABLE_BOB_LEVEL,
  TABLE_USERS,
  actionRoll,
  cardContext,
  cardTemplateFile,
  rollEngine,
  type LabRoll,
} from "./model.ts";

/** Odile Fenwick (a sample Precision & Impact character): her Fencing combines Quickness d8 d4 and Power d6 d4, Precision +1. */
export const ODILE_FENCING = Object.freeze({
  actorId: "rbActorPrecImp01",
  name: "Odile Fenwick",
  skill: "skillFencing0001",
  request: Object.freeze({ pool: Object.freeze([8, 4, 6, 4]), precisionMod: 1 }),
  faces: Object.freeze([7, 3, 5, 1]),
});

/** What the chat listeners put on a card's ledger lines for the viewer. */
export interface ControlDecorations {
  /** The action card's lines that take the GM's Undo, and Refund on a critical. */
  readonly ledger: readonly { readonly entry: string; readonly refund: boolean }[];
  /** The points card's lines that take the GM's Undo. */
  readonly pointsUndo: readonly string[];
  /** The state of the assist a percentile card gave, marked on its line. */
  readonly assistState: PointsControlsView["assistState"];
}

/** A card as one viewer sees it: the card, the controls the listeners add inside it, and its decorations. */
export interface ControlSpecimen {
  /** A stable id (`data-control-specimen`; its caption's key is `ROLLING_BONES.Lab.Controls.<id>`). */
  readonly id: string;
  /** The card. */
  readonly card: { readonly file: string; readonly context: object };
  /** The per-viewer controls appended inside the card, or `null` when the viewer has none. */
  readonly controls: { readonly file: string; readonly context: object } | null;
  readonly decorations: ControlDecorations;
}

const NO_DECORATIONS: ControlDecorations = Object.freeze({ ledger: [], pointsUndo: [], assistState: null });

const NAMES: Readonly<Record<string, string>> = Object.freeze({
  [TABLE_USERS.gm]: "Gamemaster",
  [TABLE_USERS.alice]: "Alice",
  [TABLE_USERS.bob]: "Bob",
  [LAB_YSOLDE.id]: LAB_YSOLDE.name,
  [ODILE_FENCING.actorId]: ODILE_FENCING.name,
  [TABLE_BRAM.id]: TABLE_BRAM.name,
});

/** A points card (percentile or pi) with its record, and the controls a viewer sees on it. */
function pointsSpecimen(
  id: string,
  roll: LabRoll,
  record: PointsRecord,
  view: { viewer: string; viewerIsGM: boolean; author: string; rollerId: string | null; flavor: string },
): ControlSpecimen {
  const controls = pointsControls({
    viewer: view.viewer,
    viewerIsGM: view.viewerIsGM,
    author: view.author,
    engine: roll.engine as "percentile" | "pi",
    messageId: `lab-${id}`,
    record,
    outcome: roll.outcome,
    rollerId: view.rollerId,
    leaders: [{ id: LAB_YSOLDE.id, name: LAB_YSOLDE.name }],
    // The lab's one assist waits in Ysolde's flags until she rolls.
    isPending: (leaderId, assistId) => leaderId === LAB_YSOLDE.id && assistId === LAB_PENDING_ASSIST.id,
  });
  return {
    id,
    card: {
      file: cardTemplateFile(roll.engine),
      context: cardContext(roll, { flavor: view.flavor, stored: { points: record } }),
    },
    // As `pointsControlsHtml`: the template only when something is shown.
    controls: controls.any ? { file: "templates/chat/points-controls.hbs", context: controls } : null,
    decorations: { ledger: [], pointsUndo: controls.undo, assistState: controls.assistState },
  };
}

/** Odile's Fencing roll, first as thrown (the best pick for Precision), then after Alice picks for Impact. */
function piSpecimens(): ControlSpecimen[] {
  const { alice, gm } = TABLE_USERS;
  const roll = (pick?: readonly [number, number]) =>
    rollEngine(
      "pi",
      { ...ODILE_FENCING.request, pool: [...ODILE_FENCING.request.pool], ...(pick ? { pick: [...pick] } : {}) },
      shared.fixedFaces(ODILE_FENCING.faces),
    );
  const first = roll();
  const record: PointsRecord = { ...EMPTY_POINTS_RECORD, actorId: ODILE_FENCING.actorId, names: NAMES };
  // The re-pick, as `runPick` records it: the slots, the pick before (none: the default), and the card resolved again.
  const outcome = first.outcome as { bestImpact: { slots: readonly number[] } };
  const pick: [number, number] = [outcome.bestImpact.slots[0] ?? 0, outcome.bestImpact.slots[1] ?? 0];
  const entry: PointsEntry = {
    id: "lab-repick",
    type: "pick",
    by: alice,
    pick,
    previous: null,
    undone: false,
    undoneBy: null,
  };
  const repicked = withEntry(record, entry, "lab-repick-action", {});
  const flavor = "Fencing";
  const roller = { author: alice, rollerId: ODILE_FENCING.actorId, flavor };
  return [
    pointsSpecimen("piPick", first, record, { ...roller, viewer: alice, viewerIsGM: false }),
    pointsSpecimen("piRepick", roll(pick), repicked, { ...roller, viewer: gm, viewerIsGM: true }),
  ];
}

/** Bob's Great result and the bonus die it offers Ysolde's next roll; then the same card once the assist waits. */
function assistSpecimens(): ControlSpecimen[] {
  const { bob } = TABLE_USERS;
  const roll = rollEngine("percentile", { bonus: 0, penalty: 0, column: 9 }, shared.fixedFaces([8, 5]));
  const record: PointsRecord = { ...EMPTY_POINTS_RECORD, names: NAMES };
  // The assist, as `runAssist` records it on the assistant's card.
  const entry: PointsEntry = {
    id: `${LAB_PENDING_ASSIST.id}-assist`,
    type: "assistGiven",
    by: bob,
    actorId: LAB_YSOLDE.id,
    assist: LAB_PENDING_ASSIST,
    undone: false,
    undoneBy: null,
  };
  const given = withEntry(record, entry, LAB_PENDING_ASSIST.id, {});
  const bobView = { viewer: bob, viewerIsGM: false, author: bob, rollerId: null, flavor: "Spot the pickpocket" };
  return [
    pointsSpecimen("percentileAssist", roll, record, bobView),
    pointsSpecimen("percentileAssistPending", roll, given, bobView),
  ];
}

/** The session's pools at the lab's table: Alice plays Bram, Bob a level-3 character. */
function tablePools(): ReturnType<typeof action.sessionPools> {
  const { gm, alice, bob } = TABLE_USERS;
  return action.sessionPools({
    gm,
    players: [
      { userId: alice, levels: [TABLE_BRAM.level] },
      { userId: bob, levels: [TABLE_BOB_LEVEL] },
    ],
  });
}

/**
 * A card of Bram's played step by step on the table's pools: each engine card action applied, the
 * dice it throws attached as the roller's client throws them, and the card's record kept as the
 * service records it.
 */
function playCard(request: action.ActionRequest, d20: number, options: { subject?: string } = {}) {
  const { alice } = TABLE_USERS;
  const fresh = action.newCard(request, alice, options);
  let table: action.ActionTable = {
    card: { ...action.attachThrows(fresh, 0, [{ faces: 20, role: "d20", value: d20 }]), character: TABLE_BRAM.id },
    pools: tablePools(),
  };
  let record: ActionCardRecord = recordOf(table.card, NEW_CARD_RECORD, null, NAMES, 3);
  return {
    act(a: action.CardAction, event: CardEvent | null = null, faces: readonly number[] = []): void {
      table = action.applyCardAction(table, a);
      // A die used joins the card once thrown, as the roller's client throws it.
      for (const value of faces) {
        const spec = action.cardMissing(table.card);
        if (spec)
          table = { ...table, card: action.attachThrows(table.card, table.card.thrown.length, [{ ...spec, value }]) };
      }
      record = recordOf(table.card, record, event, NAMES, 3);
    },
    /** The card as one viewer sees it, with the controls the listeners add for that viewer. */
    specimen(id: string, flavor: string, viewer: string, viewerIsGM: boolean): ControlSpecimen {
      const controls = actionControls({
        viewer,
        viewerIsGM,
        card: table.card,
        pools: table.pools,
        messageId: `lab-${id}`,
      });
      return {
        id,
        card: {
          file: cardTemplateFile("action"),
          context: cardContext(actionRoll(table.card), { flavor, stored: { card: record } }),
        },
        controls: controls.any ? { file: "templates/chat/action-controls.hbs", context: controls } : null,
        decorations: { ...NO_DECORATIONS, ledger: controls.undo },
      };
    },
  };
}

/**
 * Bram's attack, a natural 20, as the GM sees it after: Alice used a d6 (the GM undid it), activated
 * the critical with one die (the GM refunded it), activated it again with two dice and used another
 * d6. Every step is an engine card action on the session's pools; the GM's Undo and Refund events
 * are recorded as the GM's service records them.
 */
function gmLedgerSpecimen(): ControlSpecimen {
  const { gm, alice } = TABLE_USERS;
  const card = playCard({ kind: "attack", modifier: 5, dc: 14 }, 20);
  card.act({ type: "augment", id: "lab-a1", by: alice, faces: 6 }, null, [4]);
  card.act(
    { type: "undo", id: "lab-u1", by: gm, entry: "lab-a1" },
    { id: "lab-u1", type: "undo", by: gm, entry: "lab-a1" },
  );
  card.act({ type: "critical", id: "lab-c1", by: alice, dice: 1 });
  card.act(
    { type: "undo", id: "lab-r1", by: gm, entry: "lab-c1" },
    { id: "lab-r1", type: "refund", by: gm, entry: "lab-c1" },
  );
  card.act({ type: "critical", id: "lab-c2", by: alice, dice: 2 });
  card.act({ type: "augment", id: "lab-a2", by: alice, faces: 6 }, null, [3]);
  return card.specimen("actionGmLedger", "Battle axe", gm, true);
}

/**
 * Bram's Sneak check against DC 15 after Alice used a d6 (4) on a d20 of 7, as Alice sees it: besides
 * another die, she may re-roll the d20 or the action die she used, its cascade thrown afresh
 * (docs/rules.md §2, issue 29 item 14).
 */
function rerollActionDieSpecimen(): ControlSpecimen {
  const { alice } = TABLE_USERS;
  const card = playCard({ kind: "check", modifier: 2, dc: 15 }, 7);
  card.act({ type: "augment", id: "lab-a1", by: alice, faces: 6 }, null, [4]);
  return card.specimen("actionRerollDie", "Sneak", alice, false);
}

/**
 * Bram's insight roll on a secret DC (the GM knows it, the card does not), as the GM sees it: the GM
 * declares the result in words, Declare success or Declare failure (a declared failure blocks the
 * subject for Alice, docs/rules.md §2, issue 29 item 16).
 */
function declareSpecimen(): ControlSpecimen {
  const card = playCard({ kind: "insight", modifier: 2, level: TABLE_BRAM.level }, 11, {
    subject: "Who forged the duke's seal",
  });
  return card.specimen("actionDeclare", "Insight", TABLE_USERS.gm, true);
}

/** The card-control specimens, in the order the page shows them. */
export function controlSpecimens(): ControlSpecimen[] {
  return [...piSpecimens(), ...assistSpecimens(), gmLedgerSpecimen(), rerollActionDieSpecimen(), declareSpecimen()];
}
