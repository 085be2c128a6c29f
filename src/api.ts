/**
 * The public surface for macros and other modules: `game.system.api`, also `globalThis.rollingBones`
 * (available before `init`). Engines are pure functions; `rollToChat` rolls one to chat.
 */
import * as dice from "./dice/index.ts";
import * as engines from "./engines/index.ts";
import { rollToChat } from "./services/roll.ts";

/** The Rolling Bones API. */
export const api = Object.freeze({
  /** The five pure engines (validate, plan, resolve, exact odds, rule tables). */
  engines,
  /** The Roll subclasses and formula terms. */
  dice,
  /** Rolls an engine request and posts its chat card. */
  rollToChat,
});

/** The API's type. */
export type RollingBonesApi = typeof api;
