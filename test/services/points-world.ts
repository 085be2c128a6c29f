/**
 * A world for the points tests on the Foundry double: a GM and two players (Alice, Bob, plus Cara who
 * owns nothing of theirs), their characters of the percentile, wild, pool and pi engines, and helpers
 * to roll as a user for a character, read characters and cards the way a client sees them, and prove
 * a refused request changed nothing.
 */
import { fixedFaces, mixedFaces, type ActorSpec, type FoundryDouble } from "../foundry/index.ts";
import { format } from "../support/i18n.ts";
import { ALICE, BOB, bootSystem, CARA, GM } from "../support/system.ts";
import type * as Points from "../../src/services/points/index.ts";
import type * as Listeners from "../../src/applications/chat/points-card-listeners.ts";
import type * as Panel from "../../src/applications/chat/points-card-panel.ts";
import type { PendingAssist, PointsRecord } from "../../src/dice/index.ts";

export { ALICE, BOB, CARA, GM };

/** Actor ids. */
export const AYLA = "actorAyla0000001"; // Alice's percentile character, 3 karma
export const BRANN = "actorBrann000001"; // Bob's percentile character, 10 karma
export const WIL = "actorWil00000001"; // Bob's wild-die character, 7 CP, 2 FP
export const VEX = "actorVex00000001"; // Alice's pool character, Willpower 2 of 5
export const PIA = "actorPia00000001"; // Alice's pi character
export const AXEL = "actorAxel0000001"; // Alice's action character (a session needs one)

const percentileSystem = (karma: number) => ({
  schemaVersion: 1,
  attributes: {
    body: { rating: 10 },
    agility: { rating: 10 },
    endurance: { rating: 10 },
    reason: { rating: 10 },
    intuition: { rating: 10 },
    will: { rating: 10 },
  },
  skills: {},
  karma,
});

/** The characters. */
export const CHARACTERS: ActorSpec[] = [
  {
    id: AYLA,
    name: "Ayla",
    type: "percentile-character",
    system: percentileSystem(3),
    ownership: { default: 1, [ALICE]: 3 },
  },
  {
    id: BRANN,
    name: "Brann",
    type: "percentile-character",
    system: percentileSystem(10),
    ownership: { default: 1, [BOB]: 3 },
  },
  {
    id: WIL,
    name: "Wil",
    type: "wild-character",
    system: {
      schemaVersion: 1,
      attributes: {},
      skills: {},
      characterPoints: 7,
      fatePoints: 2,
      session: { characterPoints: 0, fatePoints: 0 },
    },
    ownership: { [BOB]: 3 },
  },
  {
    id: VEX,
    name: "Vex",
    type: "pool-character",
    system: { schemaVersion: 1, attributes: {}, abilities: {}, willpower: { permanent: 5, current: 2 }, traits: {} },
    ownership: { [ALICE]: 3 },
  },
  {
    id: PIA,
    name: "Pia",
    type: "pi-character",
    system: { schemaVersion: 1, attributes: {}, skills: {}, conditions: {} },
    ownership: { [ALICE]: 3 },
  },
  { id: AXEL, name: "Axel", type: "action-character", system: { level: 3 }, ownership: { [ALICE]: 3 } },
];

/** What a test keeps of the booted world. */
export interface World {
  double: FoundryDouble;
  points: typeof Points;
  /** The points card listeners and the controls' code they load (`pointsControlsFor`). */
  listeners: typeof Listeners & typeof Panel;
}

/** Boots the system with the users and characters; the GM's client runs first. The points hooks are registered as `registerHooks` does. */
export async function bootWorld(options: Parameters<typeof bootSystem>[0] = {}): Promise<World> {
  const double = await bootSystem({ userId: GM, queryLatency: 0, actors: structuredClone(CHARACTERS), ...options });
  (await import("../../src/services/gm-action.ts")).forgetGmActions();
  const points = await import("../../src/services/points/index.ts");
  const listeners = {
    ...(await import("../../src/applications/chat/points-card-listeners.ts")),
    ...(await import("../../src/applications/chat/points-card-panel.ts")),
  };
  double.Hooks.on("renderChatMessageHTML", listeners.addPointsControls);
  // The one listener of every card control, as the system's renderChatMessageHTML hook installs it.
  const { listenForCardControls } = await import("../../src/applications/chat/card-actions.ts");
  double.Hooks.on("renderChatMessageHTML", (_message: unknown, html: HTMLElement) => listenForCardControls(html));
  double.Hooks.on("rollingBones.sessionStarted", points.onSessionStarted);
  return { double, points, listeners };
}

/** Sets the faces the next d10s (percentile, pool) show. */
export function d10s(w: World, ...faces: number[]): void {
  w.double.CONFIG.Dice.randomUniform = fixedFaces(10, faces);
}

/** Sets the faces the next d6s (wild) show. */
export function d6s(w: World, ...faces: number[]): void {
  w.double.CONFIG.Dice.randomUniform = fixedFaces(6, faces);
}

/** Sets the faces of mixed dice. */
export function dice(w: World, faces: readonly (readonly [number, number])[]): void {
  w.double.CONFIG.Dice.randomUniform = mixedFaces(faces);
}

/**
 * Rolls a request for a character as `userId`, publicly, through `rollWithPoints` (what the dialogs
 * and the direct roll do), with the pending assists the user sees added as the dialog adds them.
 *
 * @returns The message id, or `null` when nothing was posted.
 */
export async function rollFor(
  w: World,
  userId: string,
  engine: "percentile" | "wild" | "pool" | "pi",
  actorId: string,
  request: Record<string, unknown>,
  assists: readonly PendingAssist[] = [],
): Promise<string | null> {
  const message = await w.double.actAs(userId, () =>
    w.points.rollWithPoints(engine, request, {
      actor: w.double.game.actors.get(actorId) as never,
      assists,
      visibility: "public",
    }),
  );
  await w.double.settle();
  return message?.id ?? null;
}

/** A character's system data, as stored. */
export function systemOf(w: World, actorId: string): Record<string, unknown> {
  return w.double.game.actors.get(actorId)!.system;
}

/** A character's flag (system scope). */
export function flagOf(w: World, actorId: string, key: string): unknown {
  return (w.double.game.actors.get(actorId) as unknown as { getFlag(s: string, k: string): unknown }).getFlag(
    "rolling-bones",
    key,
  );
}

/** The assists waiting for a character's next roll. */
export function assistsOf(w: World, actorId: string): PendingAssist[] {
  return (flagOf(w, actorId, "assists") as PendingAssist[] | undefined) ?? [];
}

/** A card's message as `userId` sees it. */
export function messageAs(w: World, messageId: string, userId = GM): ChatMessage.Implementation {
  return w.double.actAs(userId, () => w.double.game.messages.get(messageId)!) as unknown as ChatMessage.Implementation;
}

/** A card's roll options (request, outcome, points) as stored. */
export function cardOf(
  w: World,
  messageId: string,
): {
  request: Record<string, unknown>;
  outcome: Record<string, unknown>;
  points: PointsRecord;
} {
  const roll = w.double.game.messages.get(messageId)!.rolls[0] as unknown as {
    options: { request: Record<string, unknown>; outcome: Record<string, unknown>; points?: PointsRecord };
  };
  return { request: roll.options.request, outcome: roll.options.outcome, points: roll.options.points as PointsRecord };
}

/**
 * Runs a client request as a user. An asynchronous request resolves once what it wrote reached every
 * client (`settle()`: in the world of several clients with latency, another client's copy is read
 * only after the change could arrive there).
 */
export function as<T>(w: World, userId: string, fn: () => T): T {
  const out = w.double.actAs(userId, fn);
  if (!(out instanceof Promise)) return out;
  return out.then(async (value: unknown) => {
    await w.double.settle();
    return value;
  }) as T;
}

/** The error notifications shown so far (localized text). */
export function errors(w: World): string[] {
  return w.double.notifications.filter((n) => n.type === "error").map((n) => n.message);
}

/** The text of an error key as the user sees it. */
export function errorText(code: string, data: Record<string, unknown> = {}): string {
  return format(`ROLLING_BONES.Error.${code}`, data);
}

/**
 * Everything the world stores (actors with flags, messages, settings), without the users' filed
 * request flags (a request is filed before the GM refuses it and removed after), to prove a refused
 * request changed nothing.
 */
export function snapshot(w: World): string {
  return JSON.stringify({
    actors: w.double.game.actors.map((a) => [a.id, a.system, (a as unknown as { flags: unknown }).flags]),
    messages: w.double.storedMessages(),
    session: w.double.game.settings.get("rolling-bones", "actionSession"),
  });
}

/** Puts the world in a started combat (round `round`) with the given characters as combatants. */
export function combat(w: World, round: number, actorIds: readonly string[]): void {
  w.double.game.combat = {
    id: "combat0000000001",
    round,
    turn: 0,
    started: true,
    combatants: actorIds.map((actorId) => ({ actorId })),
  };
}

/**
 * Boots the world with Axel (Alice's action character) renamed `name`, and posts as the GM a
 * request for his Reflex save labelled `label`, with the chat hook that adds each viewer's rows.
 *
 * @returns The world, the card's message id and a function rendering the card as a user sees it.
 */
export async function requestWorld(
  name: string,
  label: string,
  hidden: boolean,
): Promise<{ w: World; id: string; renderAs: (userId: string) => Promise<HTMLElement> }> {
  const w = await bootWorld({ actors: structuredClone(CHARACTERS).map((c) => (c.id === AXEL ? { ...c, name } : c)) });
  const requests = await import("../../src/services/requests/requests.ts");
  const card = await import("../../src/applications/requests/card.ts");
  w.double.Hooks.on("renderChatMessageHTML", card.addRequestRows);
  const spec = { engine: "action", label, trait: { kind: "save", key: "reflex" }, target: 15, hidden, actors: [AXEL] };
  const posted = await w.double.actAs(GM, () => requests.postRollRequest(spec));
  if (!posted?.id) throw new Error("the request was refused");
  const id = posted.id;
  const renderAs = async (userId: string) => {
    const html = await w.double.actAs(userId, () => w.double.game.messages.get(id)!.renderHTML());
    await card.requestDecorated(html);
    return html;
  };
  return { w, id, renderAs };
}
