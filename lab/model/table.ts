/**
 * The table the lab seats (a GM and two players), and the specimens of the GM's tools and the
 * players' panels it shows.
 */
import { NEW_CARD_RECORD, recordOf } from "../../src/dice/rolls/action-card.ts";
import type { PendingAssist } from "../../src/dice/rolls/points-card.ts";
import { type PanelCharacter, gmPanelView, playerPanelView } from "../../src/applications/action-dice/views.ts";
import { actionControls } from "../../src/applications/chat/action-controls.ts";
import { type EconomyRecord, economyView } from "../../src/services/action-dice/economy-card.ts";
import { fateLossView } from "../../src/services/points/fate-loss-card.ts";
import { action } from "../../src/engines/index.ts";
import type { Localization } from "../i18n.ts";
import { actionRoll, cardContext, cardTemplateFile } from "./rolls.ts";

/** The users of the lab's action-dice table, and their names. */
export const TABLE_USERS = Object.freeze({
  gm: "labGamemaster000",
  alice: "labPlayerAlice00",
  bob: "labPlayerBob00000",
});
const TABLE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  [TABLE_USERS.gm]: "Gamemaster",
  [TABLE_USERS.alice]: "Alice",
  [TABLE_USERS.bob]: "Bob",
});

/** Ysolde Marr, the sample percentile character, as the actors compendium holds her. */
export const LAB_YSOLDE = Object.freeze({ id: "rbActorPercent01", name: "Ysolde Marr" });

/**
 * The assist waiting for Ysolde's next roll: Bob's Great result gives it a bonus die (the card
 * controls section shows Bob's card; a roll from Ysolde's sheet adds the die and lists the assist).
 */
export const LAB_PENDING_ASSIST: PendingAssist = Object.freeze({
  id: "lab-assist",
  effect: "bonus",
  level: "great",
  from: "lab-percentileAssist",
  by: TABLE_USERS.bob,
  assistant: "Bob",
});

/** Bram Tallow, Alice's character, as the actors compendium holds him. */
export const TABLE_BRAM = Object.freeze({
  id: "rbActorAction001",
  name: "Bram Tallow",
  level: 6,
  classDice: Object.freeze({ faces: 6, count: 1 }),
});

/** The level of Bob's character at the table (not one of the sample characters). */
export const TABLE_BOB_LEVEL = 3;

/** The name of Bob's character at the table. */
const TABLE_BOB_CHARACTER = "Corin Ashdown";

/** The pools session 3 started with at the table: from the level table (RULES §2), as the GM's Start session fills them. */
export function tableSession(): action.SessionDice {
  return action.sessionDice({
    gm: TABLE_USERS.gm,
    players: [
      { userId: TABLE_USERS.alice, levels: [TABLE_BRAM.level] },
      { userId: TABLE_USERS.bob, levels: [TABLE_BOB_LEVEL] },
    ],
  });
}

/** A specimen of the action-dice table: a template and its context, under a caption. */
export interface TableSpecimen {
  /** A stable id (`data-table` on the page; its caption's key is `ROLLING_BONES.Lab.Table.<id>`). */
  readonly id: string;
  /** Chat messages (a card and the controls under it) or an application window (a panel). */
  readonly kind: "message" | "window";
  /** The localization key of a window's title. */
  readonly title?: string;
  /** The templates and contexts shown, in order. */
  readonly parts: readonly { readonly file: string; readonly context: object }[];
}

/**
 * What the action-dice economy looks like at a table in session 3: Alice's open check (a natural 1,
 * so a potential botch) with the controls Alice, Bob and the GM each see under it, the chat card of
 * the session start, and the GM's and Alice's action-dice panels. Built by the same pure views the
 * chat hooks and the panels use, from the engine's own card and pool states.
 */
export function tableSpecimens(i18n?: Pick<Localization, "localize" | "lang">): TableSpecimen[] {
  const { gm, alice, bob } = TABLE_USERS;
  // The session started with the pools the level table gives Bram (Alice's) and Bob's character;
  // since then Alice has used two of her dice and the GM one, the GM awarded Bob a die (and took one
  // himself), then spent two on his secret agenda: the panels hold what these events leave.
  const session = tableSession();
  const sessionDice = (userId: string) => session.players[userId] ?? [];
  const aliceDice = sessionDice(alice).map((p) => ({ ...p, count: p.count - 2 }));
  const bobDice = sessionDice(bob).map((p, i) => (i === 0 ? { ...p, count: p.count + 1 } : p));
  const gmDice = [{ faces: session.gm.faces, count: session.gm.count - 1 + 1 - 2 }];
  const pools = {
    [gm]: action.newPool(gm, gmDice, { gm: true }),
    [alice]: action.newPool(alice, aliceDice),
    [bob]: action.newPool(bob, bobDice),
  };
  const fresh = action.newCard({ kind: "check", modifier: 3, dc: 15 }, alice);
  const card = action.attachThrows(fresh, 0, [{ faces: 20, role: "d20", value: 1 }]);
  const roll = actionRoll(card);
  const record = recordOf(card, NEW_CARD_RECORD, null, TABLE_NAMES);
  const cardPart = {
    file: cardTemplateFile("action"),
    context: cardContext(roll, { flavor: "Stealth", stored: { card: record } }),
  };
  const controls = (viewer: string, viewerIsGM: boolean) => ({
    file: "templates/chat/action-controls.hbs",
    context: actionControls({ viewer, viewerIsGM, card, pools, messageId: `lab-${viewer}` }),
  });
  // Bram's attack: a natural 20 (a critical threat), with his own class die left this session.
  const bramId = TABLE_BRAM.id;
  const attack = action.newCard({ kind: "attack", modifier: 5, dc: 14 }, alice);
  const threat = { ...action.attachThrows(attack, 0, [{ faces: 20, role: "d20", value: 20 }]), character: bramId };
  const threatRoll = actionRoll(threat);
  const classPart = {
    file: "templates/chat/action-controls.hbs",
    context: actionControls({
      viewer: alice,
      viewerIsGM: false,
      card: threat,
      pools,
      messageId: "lab-class",
      classDice: {
        name: TABLE_BRAM.name,
        pool: action.newClassPool(bramId, TABLE_BRAM.classDice.faces, TABLE_BRAM.classDice.count),
      },
    }),
  };
  const bram: PanelCharacter = { name: TABLE_BRAM.name, level: TABLE_BRAM.level, classDice: null };
  const bobCharacter: PanelCharacter = { name: TABLE_BOB_CHARACTER, level: TABLE_BOB_LEVEL, classDice: null };
  // The same check after the GM declared the result, under the three-strike leniency (Alice has one strike).
  const lateUses = { allowed: true, strikes: { [alice]: 1 } };
  const declared = action.applyCardAction({ card, pools }, { type: "close", id: "lab-close", by: gm }).card;
  const declaredPart = {
    file: cardTemplateFile("action"),
    context: cardContext(roll, {
      flavor: "Stealth",
      stored: {
        card: recordOf(declared, NEW_CARD_RECORD, { id: "lab-close", type: "close", by: gm, entry: null }, TABLE_NAMES),
      },
    }),
  };
  // Bob's awards forfeited this session for table talk: the record his card and the GM panel read.
  const forfeit: EconomyRecord = {
    kind: "forfeit",
    session: 3,
    entry: {
      id: "lab-forfeit",
      type: "forfeit",
      by: gm,
      subject: null,
      reason: "Phone out and film quotes all through the ambush",
      villain: null,
      changes: [{ userId: bob, added: [], removed: [], spent: 0, luckyBreak: false, forfeited: true }],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  // The GM awards Bob a die for a reason: a player's award is a die of their pool's size, and the GM takes one of the GM's.
  const award: EconomyRecord = {
    kind: "award",
    session: 3,
    entry: {
      id: "lab-award",
      type: "award",
      by: gm,
      subject: null,
      reason: "Pieced the smuggler's ledger together",
      villain: null,
      changes: [
        { userId: bob, added: [{ faces: bobDice[0]?.faces ?? 4, count: 1 }], removed: [], spent: 0, luckyBreak: false },
        { userId: gm, added: [{ faces: session.gm.faces, count: 1 }], removed: [], spent: 0, luckyBreak: false },
      ],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  // The GM's secret agenda: two GM dice spent for a villain's insight.
  const agenda: EconomyRecord = {
    kind: "insight",
    session: 3,
    entry: {
      id: "lab-agenda",
      type: "insight",
      by: gm,
      subject: "the heroes' route north",
      reason: null,
      villain: "Baron Vex",
      changes: [
        { userId: gm, added: [], removed: [{ faces: session.gm.faces, count: 2 }], spent: 2, luckyBreak: false },
      ],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  return [
    { id: "roller", kind: "message", parts: [cardPart, controls(alice, false)] },
    { id: "other", kind: "message", parts: [cardPart, controls(bob, false)] },
    { id: "gm", kind: "message", parts: [cardPart, controls(gm, true)] },
    {
      id: "lateUse",
      kind: "message",
      parts: [
        declaredPart,
        {
          file: "templates/chat/action-controls.hbs",
          context: actionControls({
            viewer: alice,
            viewerIsGM: false,
            card: declared,
            pools,
            messageId: "lab-late",
            lateUses,
          }),
        },
      ],
    },
    {
      id: "classDice",
      kind: "message",
      parts: [
        {
          file: cardTemplateFile("action"),
          context: cardContext(threatRoll, {
            flavor: "Battle axe",
            stored: { card: recordOf(threat, NEW_CARD_RECORD, null, TABLE_NAMES) },
          }),
        },
        classPart,
      ],
    },
    {
      id: "session",
      kind: "message",
      parts: [
        {
          file: "templates/chat/action-economy-card.hbs",
          context: economyView(
            {
              kind: "session",
              session: 3,
              entry: null,
              pools: [
                { userId: gm, gm: true, dice: [session.gm] },
                { userId: alice, gm: false, dice: sessionDice(alice) },
                { userId: bob, gm: false, dice: sessionDice(bob) },
              ],
              undoneBy: null,
              names: TABLE_NAMES,
            },
            "en",
          ),
        },
      ],
    },
    {
      id: "awardReason",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(award, "en") }],
    },
    {
      id: "forfeit",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(forfeit, "en") }],
    },
    {
      id: "secretAgenda",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(agenda, "en") }],
    },
    {
      id: "fateLoss",
      kind: "message",
      parts: [
        {
          file: "templates/chat/fate-loss-card.hbs",
          context: fateLossView({
            id: "lab-fate",
            actorId: "labActorKestrel1",
            reason: "Left the wounded guard behind",
            by: gm,
            left: 3,
            undoneBy: null,
            undoId: null,
            names: { ...TABLE_NAMES, labActorKestrel1: "Kestrel Vane" },
          }),
        },
      ],
    },
    {
      id: "gmPanel",
      kind: "window",
      title: "ROLLING_BONES.ActionDice.Panel.GmTitle",
      parts: [
        {
          file: "templates/action-dice/gm-panel.hbs",
          context: gmPanelView({
            session: 3,
            rule: "highest",
            gm: pools[gm] ?? null,
            gmUserId: gm,
            players: [
              { id: alice, name: "Alice", active: true, pool: pools[alice] ?? null, characters: [bram] },
              {
                id: bob,
                name: "Bob",
                active: false,
                pool: pools[bob] ? { ...pools[bob], forfeited: true } : null,
                characters: [bobCharacter],
              },
            ],
            lateUses,
            ledger: [
              { ...award, messageId: "lab-award-card" },
              { ...agenda, messageId: "lab-agenda-card" },
              { ...forfeit, messageId: "lab-forfeit-card" },
            ],
          }),
        },
      ],
    },
    {
      id: "playerPanel",
      kind: "window",
      title: "ROLLING_BONES.ActionDice.Player.Title",
      parts: [
        {
          file: "templates/action-dice/player-panel.hbs",
          context: playerPanelView({
            session: 3,
            pool: pools[alice] ?? null,
            character: bram,
            insightOptions: [
              // The insight options' labels, localized as the player's panel localizes them (the key without a language).
              ...(["reason", "intuition"] as const).map((key, i) => ({
                key,
                label:
                  i18n?.localize(`ROLLING_BONES.ActionDice.Insight.${key}`) ??
                  `ROLLING_BONES.ActionDice.Insight.${key}`,
                modifier: -i,
              })),
            ],
            idPrefix: "lab-player-panel",
            lang: i18n?.lang ?? "en",
          }),
        },
      ],
    },
  ];
}
