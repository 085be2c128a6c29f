import type { QuenchApi } from "../quench/batch.ts";
import { onChatMessage } from "./chat-message.ts";
import { onDiceSoNiceReady } from "./dice-so-nice-ready.ts";
import type { TokenActionHudCore } from "../integrations/token-action-hud.ts";
import { onBabeleInit } from "../integrations/babele.ts";
import { onGetSceneControlButtons } from "./get-scene-control-buttons.ts";
import { onHotbarDrop } from "./hotbar-drop.ts";
import { onInit } from "./init.ts";
import { onModifyTokenAttribute } from "./modify-token-attribute.ts";
import { onReady } from "./ready.ts";
import { onRenderChatMessageHTML } from "./render-chat-message-html.ts";
import { onUpdateChatMessage } from "./update-chat-message.ts";
import { onCreateChatMessage } from "./create-chat-message.ts";
import { onUpdateActor } from "./update-actor.ts";
import { onUpdateCombat } from "./update-combat.ts";
import { listenForRollLinks } from "./roll-links.ts";
import { onSessionStarted } from "../services/points/session.ts";
import type { HudLike } from "../applications/hud/token-hud.ts";
import { reportBackgroundError } from "../helpers/notify.ts";

/** Registers every Foundry hook the system listens to; one module per hook. */
export function registerHooks(): void {
  Hooks.once("init", onInit);
  Hooks.once("ready", () => void onReady());
  Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
  // Token Action HUD Core offers its API (only when it is active): the system hands it its integration.
  // Loaded only then, so tables without it do not load it at startup; Core waits for tokenActionHudSystemReady.
  Hooks.once("tokenActionHudCoreApiReady", (core: TokenActionHudCore) => {
    void import("../integrations/token-action-hud.ts").then(({ onTokenActionHudCoreApiReady }) =>
      onTokenActionHudCoreApiReady(core),
    );
  });
  // Babele translates the compendiums from the system's lang/babele files (only when it is active).
  Hooks.once("babele.init", onBabeleInit);
  Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  // A session start resets the wild-die characters' per-session counters (on the active GM's client).
  Hooks.on("rollingBones.sessionStarted", onSessionStarted);
  Hooks.on("chatMessage", onChatMessage);
  // A button in the token controls opens the action-dice panel.
  Hooks.on("getSceneControlButtons", onGetSceneControlButtons);
  // A roll made for a GM roll request changed: its request card is drawn again; targets are judged again.
  Hooks.on("updateChatMessage", onUpdateChatMessage);
  // A roll card naming targets gets a verdict for each, and a new roll goes into the session's roll
  // record for the GM's dice report (the active GM).
  Hooks.on("createChatMessage", onCreateChatMessage);
  // A trait dragged from a sheet to the hotbar becomes a macro that rolls it.
  Hooks.on("hotbarDrop", onHotbarDrop);
  // Health changed by hand (sheet, token bar, macro): the wound and the defeated mark follow it.
  Hooks.on("updateActor", onUpdateActor);
  // A combat moved on: the active GM removes the timed conditions that ran out.
  Hooks.on("updateCombat", onUpdateCombat);
  // A token HUD drawn: its timed conditions say what is left, and an owner picks how long one applied
  // from it lasts (loaded with the first HUD drawn). [API13 hookEvents.renderApplicationV2: (app, element, …)]
  Hooks.on("renderTokenHUD", (hud: unknown, element: unknown) => {
    if (!(element instanceof HTMLElement)) return;
    void import("../applications/hud/token-hud.ts")
      .then(({ decorateTokenHud }) => decorateTokenHud(hud as HudLike, element))
      .catch(reportBackgroundError("ROLLING_BONES.Error.HudFailed"));
  });
  // A change typed into a token's Willpower or held-dice bar goes where the figure lives (or is refused).
  Hooks.on("modifyTokenAttribute", onModifyTokenAttribute as never);
  // Roll links (@RollPool[6|7] …) roll when clicked, wherever enriched text is shown.
  Hooks.once("ready", listenForRollLinks);
  // The Quench test batches, only when the Quench module is active: its global `quench` exists once
  // `init` has run, and its `quenchReady` hook is deprecated since Quench 0.5 (Quench README).
  Hooks.once("setup", onSetupQuench);
}

/** Registers the Quench batches when the Quench module put its global `quench` up (after `init`). */
export function onSetupQuench(): void {
  // Quench's global is not in fvtt-types.
  const quench = (globalThis as { quench?: QuenchApi }).quench;
  if (!quench) return;
  void import("../quench/index.ts").then(({ registerQuenchBatches }) => registerQuenchBatches(quench));
}
