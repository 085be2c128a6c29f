/**
 * GM roll requests in the lab: a request card with a hidden DC as a player and as the GM sees it,
 * the same card after the reveal, the GM-only note, and the composer, built by the same pure views
 * the chat hook and the composer use, with results thrown by the real engines. Then the other way
 * round: a player's request for a dice-pool automatic success, waiting for the GM, approved, refused.
 * Last, the GM's dice report: each player's rolls against expectation, and the dice entered by hand
 * tested against a fair die (a loaded d6 flagged, a fair d10 not).
 */
import { composerView, valuesFromDraft } from "../src/applications/requests/composer-view.ts";
import { dialView } from "../src/applications/requests/dial-view.ts";
import { diceReportView } from "../src/applications/report/report-view.ts";
import { requestCardView, type RequestFacts } from "../src/applications/requests/view.ts";
import { action, shared } from "../src/engines/index.ts";
import type { RequestRecord } from "../src/services/requests/names.ts";
import type { RollRecord } from "../src/services/roll-record.ts";
import { automaticView, type AutomaticRecord } from "../src/services/automatic/names.ts";
import { parseRequestText, publicSpec, validateSpec } from "../src/services/requests/spec.ts";
import type { Localization } from "./i18n.ts";

/** A specimen: a message (a card) or a window (the composer), as the table section shows them. */
export interface RequestSpecimen {
  readonly id: string;
  readonly kind: "message" | "window";
  readonly title?: string;
  readonly parts: readonly { readonly file: string; readonly context: object }[];
}

const AXEL = "labActorAxel0001"; // Alice's
const MIRA = "labActorMira0001"; // Alice's
const BORIS = "labActorBoris001"; // Bob's
const LINK = "action save:reflex target=15 hidden";
const LABEL = "Dodge the swinging blade";

const PLAYER_NAMES: Readonly<Record<string, string>> = { labPlayerAlice00: "Alice", labPlayerBob0000: "Bob" };

/**
 * A session's roll record as the GM's dice report reads it: Alice's rolls sat a little above
 * expectation with one rare good roll, Bob's a little below; faces entered by hand for three dice —
 * a d6 that came up 6 on 28 of 40 throws (flagged: p under 0.001), a fair-looking d10, and a d20 with 15
 * throws (tested exactly, nothing to flag).
 */
const SAMPLE_ROLL_RECORD: RollRecord = {
  current: {
    session: 3,
    players: {
      labPlayerAlice00: {
        rolls: 14,
        percentileSum: 8.12,
        rarest: { tail: 0.024, direction: "good", message: "lab-rare-alice" },
      },
      labPlayerBob0000: {
        rolls: 11,
        percentileSum: 4.73,
        rarest: { tail: 0.081, direction: "bad", message: "lab-rare-bob" },
      },
    },
    manual: {
      "6": [2, 3, 2, 3, 2, 28],
      "10": [6, 5, 7, 6, 5, 6, 7, 6, 5, 7],
      "20": [1, 0, 2, 1, 0, 1, 1, 0, 0, 2, 1, 0, 1, 1, 0, 0, 1, 2, 0, 1],
    },
    seen: [],
  },
  previous: null,
};

/** The request specimens. */
export function requestSpecimens(i18n: Localization): RequestSpecimen[] {
  const draft = parseRequestText(LINK, LABEL);
  const spec = validateSpec({ ...draft, actors: [AXEL, MIRA, BORIS] }, new Set([AXEL, MIRA, BORIS]));
  const d20 = (face: number, modifier: number) =>
    shared.rollWith(action.engine, { kind: "save", modifier }, shared.fixedFaces([face]));
  const outcomes: Record<string, unknown> = { [AXEL]: d20(8, 5), [BORIS]: d20(14, 2), [MIRA]: d20(17, 1) };
  const record = (answered: readonly string[], revealed: number | null): RequestRecord => ({
    spec: publicSpec(spec),
    names: { [AXEL]: "Axel", [MIRA]: "Mira", [BORIS]: "Boris" },
    answers: Object.fromEntries(answered.map((id) => [id, { messageId: `lab-${id}`, userId: "lab" }])),
    secretId: "labSecretNote000",
    revealed,
  });
  const card = (id: string, facts: Omit<RequestFacts, "messageId">): RequestSpecimen => ({
    id,
    kind: "message",
    parts: [
      {
        file: "templates/chat/request-card.hbs",
        context: {
          engine: "action",
          engineName: i18n.localize("ROLLING_BONES.Engine.action"),
          label: LABEL,
          trait: i18n.localize("ROLLING_BONES.Actor.action-character.FIELDS.saves.reflex.label"),
          viewer: requestCardView({ messageId: `lab-${id}`, ...facts }),
        },
      },
    ],
  });
  const pick = (ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, outcomes[id]]));
  // Alice asks for an automatic success for Silas: 6 dice against difficulty 4 (Easy).
  const asked: AutomaticRecord = {
    id: "lab-automatic",
    asker: "labPlayerAlice00",
    actorId: "labActorSilas001",
    request: { pool: 6, difficulty: 4, cancellation: 0, willpower: false, automatic: true },
    options: {},
    speaker: { scene: null, actor: "labActorSilas001", token: null, alias: "Silas Greaves" },
    flavor: "Investigation",
    visibility: "public",
    state: "pending",
    decidedBy: null,
    decideId: null,
    rollId: null,
    names: { labPlayerAlice00: "Alice", labGamemaster00: "Gamemaster" },
  };
  const decided = (state: "approved" | "refused"): AutomaticRecord => ({
    ...asked,
    state,
    decidedBy: "labGamemaster00",
    decideId: "lab-decide",
    rollId: state === "approved" ? "lab-automatic-roll" : null,
  });
  const automatic = (id: string, record: AutomaticRecord, gm: boolean): RequestSpecimen => ({
    id,
    kind: "message",
    parts: [
      { file: "templates/chat/automatic-card.hbs", context: automaticView(record) },
      ...(gm ? [{ file: "templates/chat/automatic-controls.hbs", context: {} }] : []),
    ],
  });
  return [
    card("requestPlayer", {
      record: record([AXEL], null),
      viewerIsGM: false,
      target: null,
      hiddenTarget: null,
      owns: { [AXEL]: true, [MIRA]: true, [BORIS]: false },
      outcomes: pick([AXEL]),
    }),
    card("requestGm", {
      record: record([AXEL, BORIS], null),
      viewerIsGM: true,
      target: 15,
      hiddenTarget: 15,
      owns: { [AXEL]: true, [MIRA]: true, [BORIS]: true },
      outcomes: pick([AXEL, BORIS]),
    }),
    card("requestRevealed", {
      record: record([AXEL, BORIS, MIRA], 15),
      viewerIsGM: false,
      target: 15,
      hiddenTarget: null,
      owns: { [AXEL]: false, [MIRA]: false, [BORIS]: true },
      outcomes: pick([AXEL, BORIS, MIRA]),
    }),
    {
      id: "requestSecret",
      kind: "message",
      parts: [{ file: "templates/chat/request-secret.hbs", context: { engine: "action", target: 15, label: LABEL } }],
    },
    automatic("automaticGm", asked, true),
    automatic("automaticApproved", decided("approved"), false),
    automatic("automaticRefused", decided("refused"), false),
    {
      id: "requestComposer",
      kind: "window",
      title: "ROLLING_BONES.Request.ComposerTitle",
      parts: [
        {
          file: "templates/requests/composer.hbs",
          context: {
            ...composerView({ ...valuesFromDraft(draft), actors: [AXEL, BORIS] }, [
              { id: AXEL, name: "Axel", players: "Alice" },
              { id: MIRA, name: "Mira", players: "Alice" },
              { id: BORIS, name: "Boris", players: "Bob" },
            ]),
            idPrefix: "lab-request-composer",
            // The difficulty dial for the two characters ticked: Reflex +5 and +2, solving for 60%
            // that at least one of them succeeds.
            dial: dialView({
              engine: "action",
              trait: { kind: "save", key: "reflex" },
              target: 15,
              characters: [
                { id: AXEL, name: "Axel", system: { saves: { reflex: { mod: 5 } } } },
                { id: BORIS, name: "Boris", system: { saves: { reflex: { mod: 2 } } } },
              ],
              wanted: "60",
              who: "atLeastOne",
              lang: i18n.lang,
            }),
          },
        },
      ],
    },
    {
      id: "diceReport",
      kind: "window",
      title: "ROLLING_BONES.Report.Title",
      parts: [
        {
          file: "templates/report/dice-report.hbs",
          context: {
            ...diceReportView(SAMPLE_ROLL_RECORD, (id) => PLAYER_NAMES[id] ?? "", i18n.lang),
            idPrefix: "lab-report",
          },
        },
      ],
    },
  ];
}
