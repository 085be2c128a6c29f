/**
 * GM roll requests: the names and shapes every client shares (no GM-side code here, so the world's
 * start loads none of it).
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { PublicSpec } from "./spec.ts";

/** The message flag of a request card. */
export const REQUEST_FLAG = "rollRequest";

/** The message flag of the GM-only note that holds a hidden target. */
export const SECRET_FLAG = "rollRequestSecret";

/** The roll option a roll made for a request carries: which request, which character. */
export const ANSWERS_OPTION = "answers";

/** The pool roll option of a roll made for a request whose difficulty is hidden (see `PoolCardView`). */
export const DIFFICULTY_HIDDEN_OPTION = "difficultyHidden";

/** The privileged action that records a result on a request card. */
export const ANSWER_ACTION = `${SYSTEM_ID}.requestAnswer`;

/** A named character's result, as the card records it. */
export interface RequestAnswer {
  /** The result's chat message. */
  readonly messageId: string;
  /** The user who rolled. */
  readonly userId: string;
}

/** What a request card stores (its message flag {@link REQUEST_FLAG}); nothing hidden is in it. */
export interface RequestRecord {
  /** The request, its hidden target left out. */
  readonly spec: PublicSpec;
  /** The characters' names when the request was made, by actor id. */
  readonly names: Readonly<Record<string, string>>;
  /** The results so far, by actor id. */
  readonly answers: Readonly<Record<string, RequestAnswer>>;
  /** The GM-only note holding the hidden target, or `null`. */
  readonly secretId: string | null;
  /** The hidden target once the GM revealed it, else `null`. */
  readonly revealed: number | null;
}

/** What the GM-only note stores (its message flag {@link SECRET_FLAG}). */
export interface RequestSecret {
  readonly target: number;
}

/** The roll option a roll made for a request carries. */
export interface AnswersOption {
  /** The request card's message id. */
  readonly request: string;
  /** The character who answers. */
  readonly actor: string;
}

/** What a roller asks the GM to record. */
export interface AnswerRequest {
  readonly request: string;
  readonly actor: string;
  /** The roll's message. */
  readonly message: string;
}
