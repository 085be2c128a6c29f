/**
 * A world for the action-dice tests on the Foundry double: a GM and three players, their action
 * characters, and helpers to read pools and cards the way a client sees them.
 */
import { mixedFaces, type ActorSpec, type FoundryDouble } from "../foundry/index.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { ALICE, BOB, bootSystem, CARA, GM } from "../support/system.ts";
import type * as ActionDice from "../../src/services/action-dice/index.ts";
import type * as RollService from "../../src/services/roll.ts";
import type { ActionRoll } from "../../src/dice/index.ts";
import type { ActionRequest, PoolPart } from "../../src/engines/action/index.ts";

export { ALICE, BOB, CARA, GM };

/**
 * The characters: Alice plays a level-3 (3d4), Bob a level-7 (4d6), Cara a level-½ and a level-12
 * character (highest-level rule: 5d8). The GM's ogre gives no pool. GM pool: d8 → d12, 3 players +
 * the largest pool 5 = 8d12.
 */
export const CHARACTERS: ActorSpec[] = [
  { id: "actorAyla0000001", name: "Ayla", type: "action-character", system: { level: 3 }, ownership: { [ALICE]: 3 } },
  { id: "actorBrann000001", name: "Brann", type: "action-character", system: { level: 7 }, ownership: { [BOB]: 3 } },
  { id: "actorCorin000001", name: "Corin", type: "action-character", system: { level: 0.5 }, ownership: { [CARA]: 3 } },
  { id: "actorDax00000001", name: "Dax", type: "action-character", system: { level: 12 }, ownership: { [CARA]: 3 } },
  { id: "actorOgre0000001", name: "Ogre", type: "action-character", system: { level: 5 }, ownership: { default: 0 } },
  { id: "actorWild0000001", name: "Wil", type: "wild-character", system: {}, ownership: { [BOB]: 3 } },
];

/** What a test keeps of the booted world. */
export interface World {
  double: FoundryDouble;
  service: typeof ActionDice;
  roll: typeof RollService;
}

/** Boots the system with the four users and the characters; the GM's client runs first. */
export async function bootWorld(options: Parameters<typeof bootSystem>[0] = {}): Promise<World> {
  const double = await bootSystem({ userId: GM, queryLatency: 0, actors: CHARACTERS, ...options });
  (await import("../../src/services/gm-action.ts")).forgetGmActions();
  const service = await import("../../src/services/action-dice/index.ts");
  const roll = await import("../../src/services/roll.ts");
  return { double, service, roll };
}

/**
 * Boots the world (as {@link bootWorld}), sets the given system settings as the GM, starts a session
 * as the GM (every pool filled) and lets every client see it: how the action-dice scenarios begin.
 *
 * @param options - The boot options (other actors or users).
 * @param settings - System settings the GM sets before the session starts, by key.
 * @throws Error when the session does not start.
 */
export async function startedWorld(
  options: Parameters<typeof bootSystem>[0] = {},
  settings: Readonly<Record<string, unknown>> = {},
): Promise<World> {
  const w = await bootWorld(options);
  for (const [key, value] of Object.entries(settings)) {
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", key, value));
  }
  if (!(await w.double.actAs(GM, () => w.service.startSession()))) throw new Error("the session did not start");
  await w.double.settle();
  return w;
}

/** A user's pool dice this session (the GM pool for the GM), as that user's client reads it. */
export function diceOf(w: World, userId: string): readonly PoolPart[] | null {
  return w.double.actAs(userId, () => {
    const user = w.double.game.users.get(userId);
    const stored = user ? w.service.sessionPoolOf(user as never) : null;
    return stored?.state.dice ?? null;
  });
}

/** The number of dice in a user's pool (0 without a pool). */
export function countOf(w: World, userId: string): number {
  return (diceOf(w, userId) ?? []).reduce((n, p) => n + p.count, 0);
}

/**
 * Rolls an action request to chat as `userId` with the given d20 (and later faces), publicly.
 *
 * @returns The message id.
 */
export async function rollAs(
  w: World,
  userId: string,
  request: ActionRequest,
  faces: readonly (readonly [number, number])[],
  options: Partial<RollService.PostOptions> = {},
): Promise<string> {
  w.double.CONFIG.Dice.randomUniform = mixedFaces(faces);
  const message = await w.double.actAs(userId, () =>
    w.roll.rollToChat("action", request, { visibility: "public", ...options }),
  );
  if (!message?.id) throw new Error("no message");
  return message.id;
}

/** The card's roll on `userId`'s client. */
export function cardRoll(w: World, messageId: string, userId = GM): ActionRoll {
  return w.double.actAs(userId, () => w.double.game.messages.get(messageId)!.rolls[0] as unknown as ActionRoll);
}

/** Uses a card control as `userId`. */
export function control(w: World, userId: string, messageId: string, c: ActionDice.CardControl): Promise<boolean> {
  return w.double.actAs(userId, () => w.service.cardControl(w.double.game.messages.get(messageId) as never, c));
}

/** Sets the faces the next dice show. */
export function nextFaces(w: World, faces: readonly (readonly [number, number])[]): void {
  w.double.CONFIG.Dice.randomUniform = mixedFaces(faces);
}

/** The error notifications shown so far (localized text). */
export function errors(w: World): string[] {
  return w.double.notifications.filter((n) => n.type === "error").map((n) => n.message);
}

/** The text of an error key as the user sees it (a `field` shown by its label, as `errorMessage` does). */
export function errorText(code: string, data: Record<string, unknown> = {}): string {
  const field = typeof data.field === "string" ? `ROLLING_BONES.Field.${data.field}` : "";
  const shown = field && hasKey(field) ? { ...data, field: localize(field) } : data;
  return format(`ROLLING_BONES.Error.${code}`, shown);
}

/** Everything the world stores (users, messages, settings), to prove a refused request changed nothing. */
export function snapshot(w: World): string {
  const setting = (key: string) => w.double.game.settings.get("rolling-bones", key);
  return JSON.stringify({
    users: w.double.game.users.map((u) => [u.id, u.flags]),
    messages: w.double.storedMessages(),
    gm: setting("actionGmPool"),
    players: setting("actionPlayerPools"),
    classDice: setting("actionClassPools"),
    strikes: setting("actionStrikes"),
    session: setting("actionSession"),
  });
}

/** A snapshot without the users' filed-request flags (the asker files a request before the GM refuses it, and it is removed after). */
export function stateSnapshot(w: World): string {
  const value = JSON.parse(snapshot(w)) as { users: [string, Record<string, Record<string, unknown>>][] };
  for (const [, flags] of value.users) {
    delete flags["rolling-bones"]?.requests;
    // A user whose only system flag was a filed request keeps an empty flag scope after it is removed.
    if (Object.keys(flags["rolling-bones"] ?? {}).length === 0) delete flags["rolling-bones"];
  }
  return JSON.stringify(value);
}
