/**
 * The GM side of an automatic success the roller asks for (docs/rules.md §5: the Storyteller's call),
 * run by the active GM through `gm-action.ts` (the asker is authenticated by its own User flags;
 * actions run one at a time):
 * - ask: checks the request (a valid automatic pool request, a character the asker owns) and posts
 *   the request card, whispered to the GMs and the asker; nothing is rolled or spent;
 * - decide: a GM approves (the automatic success is posted as the asker's own card, exactly as the
 *   roller's client would have posted it, and the request card says so) or refuses (nothing
 *   posted). Only a waiting request is decided, once: a second click, or a second GM, changes
 *   nothing more.
 */
import { cardData, partOf } from "../../data/card/parts.ts";
import { EngineError, pool, shared } from "../../engines/core.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import type { ActionContext } from "../gm-action.ts";
import { messageById, messageCreate, partWrite } from "../messages.ts";
import { buildRoll, createRollMessage, MAX_FLAVOR } from "../roll.ts";
import { runWrites, type WriteStep } from "../transaction.ts";
import { ANSWERS_OPTION, DIFFICULTY_HIDDEN_OPTION } from "../requests/names.ts";
import {
  AUTOMATIC_FLAG,
  AUTOMATIC_TEMPLATE,
  automaticView,
  type AskRequest,
  type AskSpeaker,
  type AutomaticRecord,
  type DecideRequest,
} from "./names.ts";

/** The record of a request card, or `null`. */
function recordOf(message: ChatMessage.Implementation): AutomaticRecord | null {
  // A system flag; the v13 types know no system flag keys.
  const value: unknown = partOf(message, AUTOMATIC_FLAG);
  return shared.isRecord(value) ? (value as unknown as AutomaticRecord) : null;
}

/** The users' names, for the card. */
function namesOf(ids: readonly (string | null)[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    const user = id === null ? undefined : game.users.get(id);
    if (user && id !== null) names[id] = user.name;
  }
  return names;
}

/**
 * The asker's flavor line: text of at most {@link MAX_FLAVOR} characters (a longer one is refused in
 * words, before anything is posted), or `null` when there is none.
 */
function flavorOf(raw: unknown): string | null {
  const text = typeof raw === "string" ? shared.requireText(raw, "flavor", MAX_FLAVOR) : "";
  return text.trim() === "" ? null : text;
}

/** The speaker as sent, each field text or `null` (a forged one is read as text, never trusted as markup). */
function speakerOf(raw: unknown): AskSpeaker {
  const s = shared.isRecord(raw) ? raw : {};
  const id = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return { scene: id(s.scene), actor: id(s.actor), token: id(s.token), alias: shared.textOf(s.alias ?? "") };
}

/**
 * The roll options the approved card keeps, from what the asker sent: the conditions named on the
 * card, the GM roll request it answers, a hidden difficulty's mark; the points record is the
 * GM's own (a dice-pool character's empty ledger). Anything else is dropped.
 */
function keptOptions(raw: unknown, actor: Actor.Implementation | null): Record<string, unknown> {
  const o = shared.isRecord(raw) ? raw : {};
  const kept: Record<string, unknown> = {};
  if (Array.isArray(o.conditions)) kept.conditions = o.conditions;
  const answers = o[ANSWERS_OPTION];
  if (shared.isRecord(answers) && typeof answers.request === "string" && typeof answers.actor === "string")
    kept[ANSWERS_OPTION] = { request: answers.request, actor: answers.actor };
  if (o[DIFFICULTY_HIDDEN_OPTION] === true) kept[DIFFICULTY_HIDDEN_OPTION] = true;
  if (actor?.type === "pool-character")
    kept.points = { actorId: actor.id, spendId: null, ledger: [], applied: [], names: {} };
  return kept;
}

/**
 * Posts a player's request for an automatic success (runs on the active GM). Refused when the
 * request is not a valid automatic success (`NotAutomatic`, or the engine's own error such as
 * `AutomaticNotAllowed`), or names a character the asker does not own. The same request again (a
 * repeated id) posts nothing more.
 */
export async function runAsk({ asker, actionId }: ActionContext, data: AskRequest): Promise<{ messageId: string }> {
  const d: Partial<AskRequest> = shared.isRecord(data) ? data : {};
  const earlier = game.messages.contents.find((m) => recordOf(m)?.id === actionId);
  if (earlier?.id) return { messageId: earlier.id };
  const request = pool.validate(d.request as pool.PoolRequest);
  if (!request.automatic) throw new EngineError("NotAutomatic");
  const speaker = speakerOf(d.speaker);
  const actor = speaker.actor === null ? null : (game.actors.get(speaker.actor) ?? null);
  if (speaker.actor !== null && !actor) throw new EngineError("PointsUnknownActor", { id: speaker.actor });
  if (actor && !actor.testUserPermission(asker, "OWNER"))
    throw new EngineError("PointsNotYourCharacter", { name: actor.name });
  const visibility = d.visibility === "public" || d.visibility === "blind" ? d.visibility : "gm";
  const record: AutomaticRecord = {
    id: actionId,
    asker: asker.id ?? "",
    actorId: actor?.id ?? null,
    request,
    options: keptOptions(d.options, actor),
    speaker: { ...speaker, alias: speaker.alias || (actor?.name ?? asker.name) },
    flavor: flavorOf(d.flavor),
    visibility,
    state: "pending",
    decidedBy: null,
    decideId: null,
    rollId: null,
    names: namesOf([asker.id]),
  };
  const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
  const create = messageCreate({
    author: game.user.id,
    speaker: { alias: asker.name },
    content: await renderSystemTemplate(AUTOMATIC_TEMPLATE, { ...automaticView(record) }),
    whisper: [...new Set([asker.id, ...gms])],
    ...cardData({ [AUTOMATIC_FLAG]: record }),
  });
  await runWrites([create]);
  return { messageId: create.created()?.id ?? "" };
}

/**
 * The GM approves or refuses a waiting request (runs on the active GM; a GM only). Approving posts
 * the automatic success as the asker's card (their character speaking, their flavor, the visibility
 * they chose) and marks the request approved, together; fires `rollingBones.roll` and, for a roll
 * that answers a GM roll request, records it there. Refusing marks the request refused: nothing is
 * posted or spent. A request already decided is refused with `AutomaticDecided`; the same answer
 * again (a double click) changes nothing.
 */
export async function runDecide(
  { asker, actionId }: ActionContext,
  data: DecideRequest,
): Promise<{ repeated: boolean; rollId: string | null }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const message = messageById((data as Partial<DecideRequest> | null)?.messageId);
  const record = recordOf(message);
  if (!record) throw new EngineError("NotAutomaticRequest");
  if (record.decideId === actionId) {
    // The same answer again (a double click) is that answer; the other answer sent under its id (an
    // Approve forged after a refusal) did nothing, and says so.
    if ((record.state === "approved") === (data.approve === true)) return { repeated: true, rollId: record.rollId };
    throw new EngineError(record.state === "approved" ? "AutomaticWasApproved" : "AutomaticWasRefused");
  }
  if (record.state !== "pending") throw new EngineError("AutomaticDecided");
  const approve = data.approve === true;
  const decided = (rollId: string | null): AutomaticRecord => ({
    ...record,
    state: approve ? "approved" : "refused",
    decidedBy: asker.id ?? "",
    decideId: actionId,
    rollId,
    names: { ...record.names, ...namesOf([asker.id]) },
  });
  if (!approve) {
    const next = decided(null);
    const content = await renderSystemTemplate(AUTOMATIC_TEMPLATE, { ...automaticView(next) });
    await runWrites([partWrite(message, AUTOMATIC_FLAG, next, { content })]);
    return { repeated: false, rollId: null };
  }
  const roll = buildRoll("pool", record.request);
  Object.assign(roll.options, record.options, roll.engineOptions);
  // An automatic success throws no die; nothing is asked of any dice fulfilment.
  await roll.evaluate({ allowInteractive: false });
  let posted: ChatMessage.Implementation | null = null;
  let flagStep: WriteStep | null = null;
  const post = { speaker: record.speaker, ...(record.flavor === null ? {} : { flavor: record.flavor }) };
  await runWrites([
    {
      label: "ChatMessage (new)",
      apply: async () => {
        // The success is the asker's card: theirs to see as they chose, spoken by their character.
        posted = (await createRollMessage(roll, record.visibility, post, record.asker)) ?? null;
        if (!posted) throw new Error("the message was not created");
      },
      revert: async () => {
        await posted?.delete();
      },
    },
    {
      label: `ChatMessage ${message.id ?? ""}`,
      apply: async () => {
        const next = decided(posted?.id ?? null);
        const content = await renderSystemTemplate(AUTOMATIC_TEMPLATE, { ...automaticView(next) });
        flagStep = partWrite(message, AUTOMATIC_FLAG, next, { content });
        await flagStep.apply();
      },
      revert: async () => {
        await flagStep?.revert();
      },
    },
  ]);
  const made = posted as ChatMessage.Implementation | null;
  /**
   * A hook event that fires after an engine roll was posted to chat (here: on the active GM's client,
   * for an automatic success the GM approved).
   * @param roll - The evaluated roll; `roll.options.outcome` holds the engine outcome.
   * @param message - The chat message.
   */
  Hooks.callAll("rollingBones.roll", roll, made ?? undefined);
  const answers = record.options[ANSWERS_OPTION] as { request: string; actor: string } | undefined;
  const askerUser = game.users.get(record.asker);
  if (answers && made?.id && askerUser) {
    const { runAnswer } = await import("../requests/gather.ts");
    try {
      await runAnswer({ asker: askerUser }, { ...answers, message: made.id });
    } catch (error) {
      // The request card may have been answered or deleted meanwhile: the success stands on its own.
      if (!(error instanceof EngineError)) throw error;
    }
  }
  return { repeated: false, rollId: made?.id ?? null };
}
