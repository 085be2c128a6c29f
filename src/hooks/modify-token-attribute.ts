import { barChange } from "../data/actor/pure.ts";
import { notify } from "../helpers/notify.ts";

/** What Foundry tells the hook about the change typed into a token's bar. */
interface TokenAttributeChange {
  readonly attribute: string;
  readonly value: number;
  readonly isDelta: boolean;
  readonly isBar: boolean;
}

/**
 * The `modifyTokenAttribute` hook: a change typed into one of the system's derived token bars is
 * written where the figure lives (Willpower's current points), or refused with a message (the
 * action dice held, which only the action-dice panel and cards change). Other attributes keep
 * Foundry's own update.
 *
 * @param data - The attribute, the value, and whether it is a change or a new value.
 * @param updates - The actor update Foundry is about to make (replaced in place).
 * @param actor - The token's actor.
 * @returns `false` to refuse the change.
 */
export function onModifyTokenAttribute(
  data: TokenAttributeChange,
  updates: Record<string, unknown>,
  actor: { readonly system: unknown },
): boolean | void {
  const change = barChange(data.attribute, data.value, data.isDelta, actor.system);
  if (change === null) return;
  if ("refused" in change) {
    notify("warn", game.i18n.localize(change.refused));
    return false;
  }
  for (const key of Object.keys(updates)) delete updates[key];
  Object.assign(updates, change.update);
}
