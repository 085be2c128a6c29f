/**
 * A dice-pool automatic success the roller asks the GM for (docs/rules.md §5: it is the Storyteller's
 * call). The names every client shares, the record the request card keeps (the message flag
 * `automatic`) and its view; plain data, no GM code.
 */
import { SYSTEM_ID, systemPath } from "../../constants.ts";
import { pool } from "../../engines/core.ts";
import type { Visibility } from "../../helpers/compat.ts";

/** The privileged action that posts a player's request card. */
export const AUTOMATIC_ASK_ACTION = `${SYSTEM_ID}.automaticAsk`;

/** The privileged action of the GM's answer (approve or refuse). */
export const AUTOMATIC_DECIDE_ACTION = `${SYSTEM_ID}.automaticDecide`;

/** The message flag that holds a request card's record. */
export const AUTOMATIC_FLAG = "automatic";

/** The request card's template. */
export const AUTOMATIC_TEMPLATE = systemPath("templates/chat/automatic-card.hbs");

/** Who may take an automatic success: the GM approves each one (the rules' default) or the roller takes it. */
export type AutomaticRule = "ask" | "free";

/** The speaker the approved card is spoken by, as the roller's client made it. */
export interface AskSpeaker {
  readonly scene: string | null;
  readonly actor: string | null;
  readonly token: string | null;
  readonly alias: string;
}

/** What a client sends to ask. */
export interface AskRequest {
  /** The pool request, with `automatic: true`. */
  readonly request: pool.PoolRequest;
  /** The roll options the card keeps (conditions named on it, the GM roll request it answers…). */
  readonly options: Record<string, unknown>;
  readonly speaker: AskSpeaker;
  /** The card's flavor line as typed (text), or `null`. */
  readonly flavor: string | null;
  readonly visibility: Visibility;
}

/** What a client sends to answer (the GM). */
export interface DecideRequest {
  readonly messageId: string;
  readonly approve: boolean;
}

/** What a request card records. */
export interface AutomaticRecord {
  /** The ask's action id. */
  readonly id: string;
  /** The user who asked (the approved card is theirs). */
  readonly asker: string;
  /** The rolling character, when one rolls. */
  readonly actorId: string | null;
  /** The validated pool request (automatic). */
  readonly request: pool.ValidPoolRequest;
  /** The roll options the approved card keeps (checked by the GM). */
  readonly options: Record<string, unknown>;
  readonly speaker: AskSpeaker;
  readonly flavor: string | null;
  /** Who sees the approved card (a roll only its roller sees cannot be asked of the GM: `self` becomes `gm`). */
  readonly visibility: Exclude<Visibility, "self">;
  /** Waiting for the GM, approved (the card posted) or refused (nothing posted, nothing spent). */
  readonly state: "pending" | "approved" | "refused";
  /** The GM who answered, and the answer's action id. */
  readonly decidedBy: string | null;
  readonly decideId: string | null;
  /** The approved automatic success's message. */
  readonly rollId: string | null;
  /** Names of the users mentioned, as written. */
  readonly names: Readonly<Record<string, string>>;
}

/** The request card's view: names resolved, text as typed. */
export interface AutomaticView {
  readonly asker: string;
  /** Who would succeed (the speaker). */
  readonly who: string;
  readonly flavor: string | null;
  readonly pool: number;
  readonly difficulty: number;
  /** The localization key of the difficulty's name, or `null` (2 and 10 have none). */
  readonly difficultyName: string | null;
  readonly state: AutomaticRecord["state"];
  readonly decidedBy: string | null;
}

/** Arranges a record for its template. */
export function automaticView(record: AutomaticRecord): AutomaticView {
  const name = (id: string | null) => (id === null ? null : (record.names[id] ?? id));
  const difficultyName = pool.difficultyName(record.request.difficulty);
  return {
    asker: name(record.asker) ?? "",
    who: record.speaker.alias,
    flavor: record.flavor,
    pool: record.request.pool,
    difficulty: record.request.difficulty,
    difficultyName: difficultyName === null ? null : `ROLLING_BONES.Pool.DifficultyName.${difficultyName}`,
    state: record.state,
    decidedBy: name(record.decidedBy),
  };
}
