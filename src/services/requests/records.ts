/** Reading request cards and the GM-only note of a hidden target (every client; small, loaded at start). */
import { partOf } from "../../data/card/parts.ts";
import { REQUEST_FLAG, SECRET_FLAG, type RequestRecord, type RequestSecret } from "./names.ts";

/** The record of a request card, or `null` when the message is not one. */
export function requestRecordOf(message: ChatMessage.Implementation | null | undefined): RequestRecord | null {
  const record = partOf(message, REQUEST_FLAG);
  if (typeof record !== "object" || record === null) return null;
  const r = record as Partial<RequestRecord>;
  return typeof r.spec === "object" && r.spec !== null && Array.isArray(r.spec.actors) ? (r as RequestRecord) : null;
}

/** The hidden target of a request, as a GM's client reads it from the GM-only note (`null` elsewhere). */
export function secretTargetOf(record: RequestRecord): number | null {
  if (record.secretId === null) return null;
  const note = game.messages.get(record.secretId);
  const secret = partOf(note, SECRET_FLAG) as RequestSecret | undefined;
  return typeof secret?.target === "number" ? secret.target : null;
}

/**
 * The target the current user may judge by: the public one, the revealed one, or (for a GM) the
 * hidden one. `null` when there is none or it is hidden from this user.
 */
export function knownTarget(record: RequestRecord): number | null {
  if (record.spec.target !== null) return record.spec.target;
  if (record.revealed !== null) return record.revealed;
  return game.user.isGM ? secretTargetOf(record) : null;
}
