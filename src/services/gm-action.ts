/**
 * Privileged actions, applied by the active GM once each.
 *
 * A query handler cannot tell who sent a query (FI#13418): a sender id inside the data is only what
 * the sender claims. So the asker first files the request in its **own** User flags, which only that
 * user (or a GM) can write, and then queries the active GM with the request's id. The GM acts only on
 * a request it finds in that user's flags, so the asker is authenticated by Foundry's own document
 * permissions. The GM runs every action through one queue (no two interleave), re-checks the asker's
 * rights against the current state inside the action, and remembers the reply of each action id it
 * applied, so a repeated id (a double click, a retry, two clients racing) is answered without applying
 * it again; a refused id changed nothing and may be tried again.
 */
import { SYSTEM_ID } from "../constants.ts";
import { EngineError } from "../engines/core.ts";
import { errorMessage, notify } from "../helpers/notify.ts";

/** The query every privileged action travels by. */
export const ACTION_QUERY = `${SYSTEM_ID}.action`;

/** How long an asker waits for the GM's client, in milliseconds. */
export const ACTION_TIMEOUT = 10_000;

/** How long the GM waits for the asker's request flag to arrive (it travels separately from the query). */
const REQUEST_WAIT = 2_000;

/** What an asker files in its own flags. */
export interface FiledRequest {
  readonly name: string;
  readonly data: unknown;
  /** The asker's attempt after a GM handover (absent on the first). */
  readonly attempt?: number;
}

/** The GM's answer: the action's value, or a refusal as a localization key and its data. */
export type ActionReply =
  | { readonly ok: true; readonly value: unknown; readonly repeated: boolean }
  | { readonly ok: false; readonly error: { readonly key: string; readonly data: Record<string, string | number> } };

/** What an action knows about the request it runs for. */
export interface ActionContext {
  /** The user who filed the request (authenticated by the flag it was filed in). */
  readonly asker: User.Implementation;
  /** The request's id. */
  readonly actionId: string;
}

/**
 * A privileged action. `run` executes on the active GM's client: it must check everything (the
 * asker's rights, the current state) before its first write, throw an `EngineError` to refuse, and
 * undo its earlier writes if a later one fails, so a refused or failed action leaves nothing changed.
 */
export interface GmAction<D = never> {
  run(context: ActionContext, data: D): Promise<unknown>;
}

/** The flag path of one filed request. Flag keys are dotted paths; the v13 types only know the top-level key. */
function requestKey(actionId: string): "requests" {
  return `requests.${actionId}` as "requests";
}

/** What the GM side needs to know about an action before running it. */
export interface GmActionOptions {
  /**
   * The action writes world settings: the active GM must hold the SETTINGS_MODIFY permission, which an
   * Assistant GM holds by default and a world may revoke (API13 CONST.USER_PERMISSIONS.SETTINGS_MODIFY,
   * defaultRole ASSISTANT); without it the action is refused before anything is written.
   */
  readonly writesSettings?: boolean;
}

const registry = new Map<string, { readonly action: GmAction<never>; readonly options: GmActionOptions }>();

/** Registers a privileged action under a name (every client registers the same set in `init`). */
export function registerGmAction<D>(name: string, action: GmAction<D>, options: GmActionOptions = {}): void {
  registry.set(name, { action, options });
}

/**
 * A privileged action whose code loads on the GM's first use: `load` imports its module (a dynamic
 * import, so players and the world's start never download GM-side code), `pick` chooses the function.
 */
export function lazyGmAction<M, D>(
  load: () => Promise<M>,
  pick: (module: M) => (context: ActionContext, data: D) => Promise<unknown>,
): GmAction<D> {
  return { run: async (context, data) => pick(await load())(context, data) };
}

// ---- GM side -----------------------------------------------------------------------------------

let queue: Promise<unknown> = Promise.resolve();
const replies = new Map<string, ActionReply>();
const MAX_REMEMBERED = 2_000;
/** Recent refusals: a duplicate whose filed request the first copy already consumed gets the same answer. */
const refusals = new Map<string, { reply: ActionReply; at: number }>();
const REFUSAL_MEMORY = 10_000;

function refuse(code: string, data: Record<string, string | number> = {}): ActionReply {
  return { ok: false, error: { key: `ROLLING_BONES.Error.${code}`, data } };
}

async function readRequest(asker: User.Implementation, actionId: string, wait: boolean): Promise<FiledRequest | null> {
  const deadline = wait ? Date.now() + REQUEST_WAIT : 0;
  for (;;) {
    const request = asker.getFlag(SYSTEM_ID, requestKey(actionId)) as FiledRequest | undefined;
    if (request) return request;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * How long a GM asked to apply waits for its own view to make it the active GM. Presence reaches each
 * client after its own latency (the `userConnected` hook): a player who heard first that the GM left
 * asks the assistant before the assistant has heard it. [API13/API14 hookEvents.userConnected]
 */
const PRESENCE_WAIT = 2_000;

/** Whether this client is the active GM, or becomes it within {@link PRESENCE_WAIT}. */
async function activeHere(): Promise<boolean> {
  const deadline = Date.now() + PRESENCE_WAIT;
  while (!game.users.activeGM?.isSelf) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

async function apply(userId: string, actionId: string): Promise<ActionReply> {
  if (!(await activeHere())) return refuse("NotActiveGM");
  const key = `${userId}.${actionId}`;
  const earlier = replies.get(key);
  if (earlier?.ok) return { ...earlier, repeated: true };
  const asker = game.users.get(userId);
  if (!asker) return refuse("UnknownUser");
  // A copy of a request refused a moment ago (a double click) finds no filed request of its own: the
  // first copy consumed it. It gets the same refusal at once; a later retry files again and runs again.
  const refused = refusals.get(key);
  const recent = refused !== undefined && Date.now() - refused.at < REFUSAL_MEMORY;
  const request = await readRequest(asker, actionId, !recent);
  if (!request) return recent ? refused.reply : refuse("ForgedRequest");
  const registered = registry.get(request.name);
  let reply: ActionReply;
  if (!registered) reply = refuse("UnknownGmAction", { name: request.name });
  else if (registered.options.writesSettings && !game.user.can("SETTINGS_MODIFY")) {
    // An Assistant GM in a world that revoked its SETTINGS_MODIFY: refused before any write.
    reply = refuse("GmMayNotWriteSettings", { name: game.user.name });
  } else {
    try {
      const { action } = registered;
      reply = { ok: true, value: await action.run({ asker, actionId }, request.data as never), repeated: false };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      reply = { ok: false, error: { key: error.key, data: { ...error.data } } };
    }
  }
  // Only applied actions are remembered: a refusal changed nothing, so the same request may be tried
  // again once the state allows it (a deterministic id repeats when the user retries the same control).
  if (reply.ok) replies.set(key, reply);
  else refusals.set(key, { reply, at: Date.now() });
  if (replies.size > MAX_REMEMBERED) replies.delete(replies.keys().next().value as string);
  if (refusals.size > MAX_REMEMBERED) refusals.delete(refusals.keys().next().value as string);
  return reply;
}

/** Removes a filed request from the asker's flags (a no-op when it is gone already). */
async function removeRequest(asker: User.Implementation, actionId: string): Promise<void> {
  if (asker.getFlag(SYSTEM_ID, requestKey(actionId)) !== undefined)
    await asker.unsetFlag(SYSTEM_ID, requestKey(actionId));
}

/**
 * Removes every request still filed in the users' flags (requests whose asker gave up or whose GM
 * went away); run by the active GM when the world becomes ready, before any request can be in flight.
 */
export async function clearStaleRequests(): Promise<void> {
  if (!game.users.activeGM?.isSelf) return;
  for (const user of game.users) {
    const filed = user.getFlag(SYSTEM_ID, "requests") as Record<string, unknown> | undefined;
    if (filed && Object.keys(filed).length > 0) await user.unsetFlag(SYSTEM_ID, "requests");
  }
}

/**
 * Forgets every remembered reply and pending request, as a reload of the GM's client does. Used by
 * tests that boot one world after another in the same module instance.
 */
export function forgetGmActions(): void {
  replies.clear();
  refusals.clear();
  queue = Promise.resolve();
}

/**
 * The GM's handler of {@link ACTION_QUERY} (registered in `CONFIG.queries`). Requests run one after
 * another, in arrival order.
 */
export function handleActionQuery(query: { userId: string; actionId: string }): Promise<ActionReply> {
  const userId = String(query.userId);
  const actionId = String(query.actionId);
  const run = queue.then(() => apply(userId, actionId));
  // The next action need not wait for this one's cleanup (a write to the asker's own flags only).
  queue = run.catch(() => undefined);
  // Whatever happened (applied, refused, failed), the filed request is gone before the answer leaves,
  // so the asker never holds an answered request in its flags.
  return run.finally(async () => {
    const asker = game.users.activeGM?.isSelf ? game.users.get(userId) : undefined;
    if (asker) await removeRequest(asker, actionId);
  });
}

// ---- asker side --------------------------------------------------------------------------------

/**
 * A deterministic action id from what the user saw when acting (e.g. the message id, the control, and
 * the ledger length): a double click on the same card state sends the same id and is applied once.
 */
export function actionIdFor(...parts: readonly unknown[]): string {
  // A macro may pass any value: text and numbers count as they read, anything else by its type only.
  const text = parts.map((p) => (typeof p === "string" || typeof p === "number" ? String(p) : typeof p)).join("\u001f");
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a.toString(36) + b.toString(36)).padStart(16, "0").slice(-16);
}

/**
 * Asks the active GM to run a privileged action and returns its value. Anything that stops it (no
 * GM online, no answer in time, a refusal) is shown to the user as one localized error, and `null`
 * is returned; a refused action changed nothing.
 *
 * @param name - The registered action.
 * @param data - JSON-safe data for the action.
 * @param actionId - The action's id (default: a fresh random id; pass {@link actionIdFor} for clicks).
 */
export async function requestGmAction(name: string, data: unknown, actionId?: string): Promise<unknown> {
  if (!game.users.activeGM) {
    notify("error", game.i18n.localize("ROLLING_BONES.Error.NoActiveGM"));
    return null;
  }
  const id = actionId ?? foundry.utils.randomID();
  const filed: FiledRequest = { name, data };
  let reply: ActionReply | null = null;
  // A GM who leaves before answering (a reload; an assistant GM takes over) is asked no more: the request
  // goes to the GM active now, under the same id, so an action the first GM applied is answered as a repeat
  // (its record lives in the documents) and the asker never hears "no answer" for an action then applied.
  // A GM who is still there and did not answer in time (a timeout, an error on the way) is not asked again:
  // the request goes on only to another GM active at retry time.
  let asked: string | null = null;
  for (let attempt = 0; attempt < HANDOVERS && reply === null; attempt++) {
    const gm = game.users.activeGM;
    if (!gm || gm.id === asked) break;
    // Filed again on each attempt, marked with the attempt so that it is a real write even while the asker's
    // copy still holds the first filing (a write of the same values sends nothing, API13
    // DatabaseUpdateOperation#diff) after the GM that left removed it from the world.
    const filing: FiledRequest = attempt === 0 ? filed : { ...filed, attempt };
    await game.user.setFlag(SYSTEM_ID, requestKey(id), filing as never);
    const answer = await ask(gm, id);
    reply = answer.reply;
    // A GM who left (and maybe came back: a new client) may be asked again; one who stayed may not.
    asked = answer.handedOver ? null : gm.id;
  }
  if (reply === null) {
    // A request the GM never answered (a timeout, an error on the way) does not stay in the asker's flags.
    await removeRequest(game.user, id);
    notify("error", game.i18n.localize("ROLLING_BONES.Error.GmDidNotAnswer"));
    return null;
  }
  if (!reply.ok) {
    notify(
      "error",
      errorMessage(new EngineError(reply.error.key.replace(/^ROLLING_BONES\.Error\./, ""), reply.error.data)),
    );
    return null;
  }
  return reply.value;
}

/** How many GMs in turn a request is put to (the first and two handovers). */
const HANDOVERS = 3;

/** A request waiting for a GM's answer: its asker, and its check, told who joined or left and who is the active GM now. */
interface Waiter {
  readonly userId: string;
  readonly check: (user: User.Implementation, connected: boolean, active: User.Implementation | null) => void;
}

/** The requests waiting for a GM's answer. */
const waiting = new Set<Waiter>();

/**
 * The `userConnected` hook: a user joining or leaving may change the active GM, so each request this
 * client is waiting on looks again. [API13/API14 hookEvents.userConnected "fires whenever some other User
 * joins or leaves the game session" (https://foundryvtt.com/api/v14/functions/hookEvents.userConnected.html)]
 */
export function onUserConnected(user: User.Implementation, connected: boolean): void {
  const active = game.users.activeGM;
  for (const each of waiting) if (each.userId === game.user.id) each.check(user, connected, active);
}

/**
 * Puts a filed request to a GM: the reply, or `null` when none came (a timeout, an error on the way, or
 * the GM left and another GM became the active one, which is then asked in its place); `handedOver`
 * when the GM asked left (or left and came back) while the request waited.
 */
async function ask(gm: User.Implementation, id: string): Promise<{ reply: ActionReply | null; handedOver: boolean }> {
  if (gm.isSelf) return { reply: await handleActionQuery({ userId: game.user.id, actionId: id }), handedOver: false };
  let left = false;
  let handedOver = false;
  // The GM asked is gone once another user is the active GM, or once it left and is back (a reload).
  let entry: Waiter | undefined;
  const handover = new Promise<null>((resolve) => {
    entry = {
      userId: game.user.id,
      check: (user, connected, active) => {
        if (user.id === gm.id && !connected) left = true;
        if (active !== null && (active.id !== gm.id || left)) {
          handedOver = true;
          resolve(null);
        }
      },
    };
    waiting.add(entry);
  });
  const query = gm.query(ACTION_QUERY as never, { userId: game.user.id, actionId: id } as never, {
    timeout: ACTION_TIMEOUT,
  }) as Promise<ActionReply>;
  try {
    return { reply: await Promise.race([query, handover]), handedOver };
  } catch {
    // A query to a GM who left meanwhile fails at once: a handover too.
    return { reply: null, handedOver: handedOver || left || !gm.active };
  } finally {
    if (entry) waiting.delete(entry);
  }
}
