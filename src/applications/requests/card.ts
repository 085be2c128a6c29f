/**
 * The per-viewer part of a request card, added when it renders (`renderChatMessageHTML`). Only a
 * request card loads its code (`rows.ts`), so it stays out of the startup bundle until the first one.
 */
import { partOf } from "../../data/card/parts.ts";
import { REQUEST_FLAG } from "../../services/requests/names.ts";
import { lazyDecoration } from "../chat/lazy-decoration.ts";

const decoration = lazyDecoration(
  "request rows",
  // A system flag; the v13 types know no system flag keys.
  (message) => Boolean(partOf(message, REQUEST_FLAG)),
  async () => (await import("./rows.ts")).decorateRequest,
);

/** Adds a request card's per-viewer rows (a no-op on other messages). */
export const addRequestRows = decoration.add;

/** Resolves once a rendered request card's rows are in place (tests, Quench). */
export const requestDecorated = decoration.done;
