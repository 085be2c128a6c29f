/**
 * Damage and healing links in journals and other enriched text (`@Damage[7]{Fireball}`,
 * `@Damage[12|half]`, `@Heal[5]{Potion}`), Foundry-free: what a link's text asks for. A malformed
 * link is an `EngineError` naming what it expected; the enricher shows it as a broken link.
 */

import { EngineError, harm } from "../../engines/core.ts";

/** The pattern of a damage or healing link: the kind, the parameters and an optional label. */
export const HARM_LINK_PATTERN = /@(Damage|Heal)\[([^\]]*)\](?:\{([^}]*)\})?/gi;

/** What a link asks for. */
export interface HarmLinkRequest {
  readonly amount: number;
  readonly multiplier: harm.Multiplier;
}

/**
 * Reads a link's parameters: an amount, and for damage an optional multiplier (`half`, `full`,
 * `double`, written `x1/2`, `x1`, `x2` too), separated by `|`, a comma or spaces.
 *
 * @param kind - `damage` or `heal` (the link's name, in any case).
 * @param params - The text between the brackets.
 * @throws EngineError `HarmLinkInvalid` for anything else (the amount itself is checked as any amount).
 */
export function parseHarmLink(kind: string, params: string): HarmLinkRequest {
  const heal = kind.toLowerCase() === "heal";
  const parts = params
    .split(/[|,\s]+/)
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== "");
  const [amountText, multiplierText, ...rest] = parts;
  if (amountText === undefined || rest.length > 0 || (heal && multiplierText !== undefined)) {
    throw new EngineError("HarmLinkInvalid", { text: params });
  }
  const amount = /^\d+$/.test(amountText) ? Number(amountText) : Number.NaN;
  const aliases: Readonly<Record<string, harm.Multiplier>> = { "x1/2": "half", "x½": "half", x1: "full", x2: "double" };
  const named =
    multiplierText === undefined
      ? "full"
      : Object.hasOwn(aliases, multiplierText)
        ? aliases[multiplierText]
        : multiplierText;
  if (named === "heal") throw new EngineError("HarmLinkInvalid", { text: params });
  const multiplier = heal ? "heal" : harm.readMultiplier(named);
  return { amount: harm.readAmount(amount), multiplier };
}
