/**
 * Changing a typed card's parts (`parts.ts`): loaded with the services that write cards, so the
 * startup code that only reads cards stays small.
 */
import type { CardPart, DataPartKind } from "./parts.ts";

/**
 * A typed card's parts with the part of `kind` set to `data` (replacing the one it had, else added
 * after the others); `data` `null` removes it.
 */
export function withPart(parts: readonly CardPart[], kind: DataPartKind, data: unknown): CardPart[] {
  const next: CardPart[] = [];
  let placed = false;
  for (const part of parts) {
    if (part.kind !== kind) next.push(part);
    else if (!placed && data !== null) {
      next.push({ kind, data });
      placed = true;
    } else placed = true;
  }
  if (!placed && data !== null) next.push({ kind, data });
  return next;
}
