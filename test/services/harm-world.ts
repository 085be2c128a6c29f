/**
 * A world for the harm tests on the Foundry double: the points world's users and characters, plus
 * NPCs the GM owns (a goblin and an ogre, Wild Die and dice pool) and Alice's summoned ally (a Wild
 * Die NPC she owns), the system's chat hook (so every card carries its damage panel), and helpers to
 * post a damage card, press its controls in a user's chat log and read health and marks.
 */
import { partIn } from "../support/cards.ts";
import { vi } from "vitest";
import type { ActorSpec, ChatLog } from "../foundry/index.ts";
import {
  ALICE,
  BOB,
  bootWorld as bootPoints,
  CARA,
  CHARACTERS,
  d6s,
  GM,
  VEX,
  WIL,
  type World,
} from "./points-world.ts";
import type * as Harm from "../../src/services/harm/index.ts";
import type * as Controls from "../../src/applications/chat/harm-controls.ts";

export { ALICE, BOB, CARA, GM, VEX, WIL };

/** NPC and ally ids. */
export const GOBLIN = "actorGoblin00001"; // a Wild Die NPC the GM owns, health 10
export const OGRE = "actorOgre0000001"; // a dice-pool NPC the GM owns, health 12
export const WOLF = "actorWolf0000001"; // Alice's summoned ally, a Wild Die NPC, health 6

const wildNpc = (health: number) => ({
  schemaVersion: 2,
  attributes: {},
  skills: {},
  notes: "",
  health: { value: health, max: health },
});

/** The NPCs and the ally. */
export const NPCS: ActorSpec[] = [
  { id: GOBLIN, name: "Goblin", type: "wild-npc", system: wildNpc(10), ownership: { default: 1 } },
  {
    id: OGRE,
    name: "Ogre",
    type: "pool-npc",
    system: { schemaVersion: 2, attributes: {}, abilities: {}, notes: "", health: { value: 12, max: 12 } },
    ownership: { default: 1 },
  },
  { id: WOLF, name: "Wolf", type: "wild-npc", system: wildNpc(6), ownership: { default: 1, [ALICE]: 3 } },
];

/** What a harm test keeps. */
export interface HarmWorld extends World {
  harm: typeof Harm;
  controls: typeof Controls;
}

/** Boots the world with the characters and NPCs and the system's chat hook. */
export async function bootHarmWorld(options: Parameters<typeof bootPoints>[0] = {}): Promise<HarmWorld> {
  const w = await bootPoints({ actors: [...structuredClone(CHARACTERS), ...structuredClone(NPCS)], ...options });
  const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
  w.double.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  const harm = await import("../../src/services/harm/index.ts");
  const controls = await import("../../src/applications/chat/harm-controls.ts");
  return { ...w, harm, controls };
}

/**
 * Posts a damage card (Alice rolling for Vex by default) (a Wild Die roll of `faces` d6, so its total is their sum) with the
 * targets recorded as the attack recorded them.
 *
 * @returns The card's id.
 */
export async function damageCard(
  w: HarmWorld,
  targets: readonly string[],
  faces: readonly number[],
  userId = ALICE,
  actorId = VEX,
): Promise<string> {
  d6s(w, ...faces);
  const message = await w.double.actAs(userId, () =>
    w.points.rollWithPoints(
      "wild",
      { dice: faces.length },
      {
        actor: w.double.game.actors.get(actorId) as never,
        visibility: "public",
        rollOptions: { damage: { actor: "Vex", weapon: "Axe", rolled: `${faces.length}D` }, targets: [...targets] },
      },
    ),
  );
  await w.double.settle();
  if (!message?.id) throw new Error("the damage card was not posted");
  return message.id;
}

/** The card as drawn in `userId`'s chat log, its damage panel in place. */
export async function inLog(
  w: HarmWorld,
  messageId: string,
  userId: string,
): Promise<{ log: ChatLog; html: HTMLElement }> {
  await w.double.settle();
  const log = w.double.chatLog(userId);
  const html = log.messageElement(messageId);
  if (!html) throw new Error(`the message is not in ${userId}'s chat log`);
  await w.controls.harmDecorated(html);
  return { log, html };
}

/**
 * Presses a button of the card's damage panel as `userId` and waits until its request was answered:
 * the card's ledger changed (an application or an undo) or the user was told why not, and the card's
 * controls are idle again; then until the world settled. (A card control's work is not a window's
 * action, so `press` does not wait for it.)
 */
export async function pressIn(
  w: HarmWorld,
  messageId: string,
  userId: string,
  selector: string,
  section?: number,
): Promise<void> {
  const { html } = await inLog(w, messageId, userId);
  // Within the card's `section`-th roll section, when one is named (a card of several rolls).
  const scope =
    section === undefined ? html : html.querySelectorAll<HTMLElement>(".message-content > section.rb-card")[section];
  const button = scope?.querySelector<HTMLButtonElement>(selector);
  if (!button) throw new Error(`no ${selector} on the card for ${userId}`);
  const seen = JSON.stringify(ledgerOf(w, messageId));
  const told = w.double.notifications.length;
  await w.double.press(button);
  await vi.waitFor(
    () => {
      if (JSON.stringify(ledgerOf(w, messageId)) === seen && w.double.notifications.length === told) {
        throw new Error("the request was not answered yet");
      }
    },
    { timeout: 5_000, interval: 5 },
  );
  // And until the press's work is over (the card is marked busy until then), so nothing travels on.
  await vi.waitFor(
    () => {
      if (html.getAttribute("aria-busy") === "true") throw new Error("the card's control is still at work");
    },
    { timeout: 10_000, interval: 5 },
  );
  await w.double.settle();
}

/** The apply button of a row (a target's actor id, or `selected`) and a multiplier. */
export function applyButton(actorId: string, multiplier: string): string {
  return `[data-harm-row][data-actor="${actorId}"] button[data-multiplier="${multiplier}"]`;
}

/** An actor's health as the GM's client reads it. */
export function healthOf(w: HarmWorld, actorId: string): { value: number; max: number } {
  return w.double.game.actors.get(actorId)!.system.health as { value: number; max: number };
}

/** The status ids on an actor's effects. */
export function statusesOf(w: HarmWorld, actorId: string): string[] {
  return w.double.game.actors
    .get(actorId)!
    .effects.contents.flatMap((e) => [...(e as unknown as { statuses: Set<string> }).statuses])
    .sort();
}

/** A card's ledger as stored. */
export function ledgerOf(w: HarmWorld, messageId: string): Harm.HarmLedger {
  const message = w.double.game.messages.get(messageId) as unknown as { getFlag(s: string, k: string): unknown };
  return w.harm.readLedger(partIn(message, "harmLedger"));
}
