/**
 * The action-dice panels: the GM's panel (every pool, award, take, start session) and a player's own
 * panel (their pool, lucky break, insight). Opened from the `/actiondice` chat command or from a
 * macro through `game.system.api.openGmPanel()` / `openActionDice()`.
 */
import { ActionDiceGmPanel } from "./gm-panel.ts";
import { ActionDicePlayerPanel } from "./player-panel.ts";
import { notify } from "../../helpers/notify.ts";

export { ActionDiceGmPanel } from "./gm-panel.ts";
export { ActionDicePlayerPanel } from "./player-panel.ts";
export * from "./views.ts";

/**
 * The open panel of this class on this client, found in Foundry's registry of rendered applications
 * by its id, or a new one. [API14 foundry.applications.instances]
 */
function panelOf<P extends ActionDiceGmPanel | ActionDicePlayerPanel>(
  Panel: (new () => P) & { DEFAULT_OPTIONS: { id: string } },
): P {
  const open = foundry.applications.instances.get(Panel.DEFAULT_OPTIONS.id);
  return open instanceof Panel ? open : new Panel();
}

/** Opens the GM's action-dice panel, or brings the open one up to date (a player is told it is the GM's). */
export async function openGmPanel(): Promise<ActionDiceGmPanel | null> {
  if (!game.user.isGM) {
    notify("error", game.i18n.localize("ROLLING_BONES.Error.GmOnly"));
    return null;
  }
  const panel = panelOf(ActionDiceGmPanel);
  await panel.render({ force: true });
  return panel;
}

/** Opens the user's own action-dice panel (the GM's panel for a GM). */
export async function openActionDice(): Promise<ActionDiceGmPanel | ActionDicePlayerPanel | null> {
  if (game.user.isGM) return openGmPanel();
  const panel = panelOf(ActionDicePlayerPanel);
  await panel.render({ force: true });
  return panel;
}
