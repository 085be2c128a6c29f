import { cardData } from "../data/card/parts.ts";
import { ROLL_FACTORIES, type EngineRoll } from "../dice/index.ts";
import { EngineError, shared } from "../engines/core.ts";

const { isRecord, requireText } = shared;
import { withWorldArt } from "../data/settings/world-art.ts";
import { currentVisibility, messageModeOptions, type Visibility } from "../helpers/compat.ts";
import { escapeHTML } from "../helpers/html.ts";
import { reportError } from "../helpers/notify.ts";
import { needsApproval } from "./automatic/rule.ts";
import { attachRollFacts } from "./rarity.ts";
import type { PostOptions, PreparedRoll, RollableEngine, RollConfiguration } from "./prepared-roll.ts";

export type { PostOptions, PreparedRoll, RollableEngine, RollConfiguration } from "./prepared-roll.ts";

const VISIBILITIES: readonly Visibility[] = ["public", "gm", "blind", "self"];

/**
 * Builds an engine's unevaluated roll from a request (a percentile request without a table of its
 * own reads the world's).
 *
 * @throws EngineError `CommandUnknownEngine` for a name that is not one of the five engines (an
 *   inherited name such as `toString` included), or the engine's own error for a bad request.
 */
export function buildRoll(engine: unknown, request: unknown): EngineRoll {
  const factory = shared.ownValue<(request: unknown) => EngineRoll>(ROLL_FACTORIES, engine);
  if (factory === undefined) throw new EngineError("CommandUnknownEngine", { name: engine });
  return factory(withWorldArt(engine as RollableEngine, request));
}

/** The longest flavor line a card takes (a trait's name and its modifiers fit well within it). */
export const MAX_FLAVOR = 200;

/**
 * Checks how a roll is to be posted, as a macro may give it: an object (or nothing) whose `flavor`
 * is text, `visibility` one of the four, `speaker` and `rollOptions` objects, and a speaker's
 * character one the user owns ({@link checkSpeaksFor}).
 *
 * @throws EngineError `BadPostOption` naming the first option that is not, or the speaker's refusal.
 */
export function checkPostOptions(options: unknown): PostOptions {
  if (options === undefined) return {};
  if (!isRecord(options)) throw new EngineError("BadPostOption", { option: "options" });
  const { flavor, visibility, speaker, rollOptions } = options;
  if (flavor !== undefined && typeof flavor !== "string") throw new EngineError("BadPostOption", { option: "flavor" });
  requireText(flavor, "flavor", MAX_FLAVOR);
  if (visibility !== undefined && !VISIBILITIES.includes(visibility as Visibility))
    throw new EngineError("BadPostOption", { option: "visibility" });
  if (speaker !== undefined && !isRecord(speaker)) throw new EngineError("BadPostOption", { option: "speaker" });
  if (rollOptions !== undefined && !isRecord(rollOptions))
    throw new EngineError("BadPostOption", { option: "rollOptions" });
  if (speaker !== undefined) checkSpeaksFor(speaker.actor);
  return options;
}

/**
 * Checks that the current user may speak for a character: its owner, or a GM (a roll posted as a
 * character is that character's roll, whose card its owner's controls then act on).
 *
 * @param actor - The character's id (a speaker's `actor`), or the character itself; nothing to check when absent.
 * @throws EngineError `SpeakerUnknown` for an id that names no character of the world, `RequestNotYours`
 *   for a character the user does not own.
 */
export function checkSpeaksFor(actor: unknown): void {
  if (actor === undefined || actor === null || actor === "") return;
  const id = typeof actor === "string" ? actor : isRecord(actor) ? actor.id : undefined;
  const found = typeof id === "string" ? game.actors.get(id) : undefined;
  if (!found) throw new EngineError("SpeakerUnknown");
  if (!found.isOwner) throw new EngineError("RequestNotYours", { name: found.name });
}

/**
 * A JSON copy of a value a roll stores (what Foundry keeps of it: functions and `undefined` left
 * out), for a hook handler to change.
 *
 * @throws EngineError `BadPostOption` naming `option` for a value JSON cannot hold (a cycle, a BigInt).
 */
export function jsonCopy<T>(value: T, option: string): T {
  try {
    return JSON.parse(JSON.stringify(value)) as T;
  } catch {
    throw new EngineError("BadPostOption", { option });
  }
}

/**
 * Checks everything a roll to chat needs before anything is thrown, spent or written: the engine, the
 * request, the options, and the `rollingBones.preRoll` hook (a handler returning `false` cancels;
 * one that changes the configuration it receives changes the roll, checked again). A refusal is
 * shown as one localized notification and `null` is returned.
 */
export function prepareRoll(engine: unknown, request: unknown, options: unknown = {}): PreparedRoll | null {
  let roll: EngineRoll;
  let post: PostOptions;
  try {
    post = checkPostOptions(options);
    roll = buildRoll(engine, request);
  } catch (error) {
    reportError(error);
    return null;
  }
  const id = engine as RollableEngine; // buildRoll accepted it
  let config: RollConfiguration;
  try {
    config = {
      engine: id,
      request: jsonCopy(roll.request, "request"),
      visibility: post.visibility ?? currentVisibility(),
      flavor: post.flavor,
      rollOptions: jsonCopy(post.rollOptions ?? {}, "rollOptions"),
    };
  } catch (error) {
    reportError(error);
    return null;
  }
  const asked = JSON.stringify(config.request);
  /**
   * A hook event that fires before an engine roll is thrown (after its dialog, before any point is
   * spent).
   * @param engine - The engine id.
   * @param request - The validated request (`config.request`: changes take effect).
   * @param visibility - Who will see the roll.
   * @param config - The roll's configuration ({@link RollConfiguration}): changes take effect.
   * @returns `false` to cancel the roll.
   */
  if (Hooks.call("rollingBones.preRoll", id, config.request, config.visibility, config) === false) return null;
  try {
    const { rollOptions: _given, ...rest } = post;
    post = checkPostOptions({
      ...rest,
      visibility: config.visibility,
      flavor: config.flavor,
      ...(post.rollOptions !== undefined || Object.keys(config.rollOptions).length > 0
        ? { rollOptions: config.rollOptions }
        : {}),
    });
    if (JSON.stringify(config.request) !== asked) roll = buildRoll(id, config.request);
  } catch (error) {
    reportError(error);
    return null;
  }
  if (post.rollOptions) Object.assign(roll.options, { ...post.rollOptions, ...roll.engineOptions });
  return { engine: id, roll, visibility: config.visibility, options: post };
}

/**
 * Throws a prepared roll's dice and posts its chat card; fires the `rollingBones.roll` hook once the
 * message exists. A player's dice-pool automatic success, in a world where the GM approves them, is
 * not posted: it goes to the GMs as a request card (`services/automatic`), and nothing is rolled.
 *
 * @returns The created chat message, or the request card of an automatic success asked of the GM
 *   (`null` when Foundry created none, or the request was refused).
 */
export async function postRoll(prepared: PreparedRoll): Promise<ChatMessage.Implementation | null> {
  // A player's automatic success where the GM approves them is asked of the GM, not posted (docs/rules.md §5).
  if (needsApproval(prepared)) return (await import("./automatic/requests.ts")).askAutomatic(prepared);
  const { roll, visibility, options } = prepared;
  await roll.evaluate({ allowInteractive: visibility !== "blind" });
  const message = await createRollMessage(roll, visibility, options);
  /**
   * A hook event that fires after an engine roll was posted to chat.
   * @param roll - The evaluated roll; `roll.options.outcome` holds the engine outcome.
   * @param message - The chat message.
   */
  Hooks.callAll("rollingBones.roll", roll, message);
  return message ?? null;
}

/**
 * Posts an evaluated roll as a chat message: spoken by `options.speaker` (else the current speaker),
 * its flavor stored escaped (text a user typed), seen as `visibility` says, authored by the current
 * user or, for the GM posting a player's approved roll, by `author` (a GM may create a message for
 * any user, docs/foundry-notes.md §3). An engine roll first stores how rare it was and the die sizes entered
 * by hand (`services/rarity.ts`).
 */
export async function createRollMessage(
  roll: foundry.dice.Roll,
  visibility: Visibility = currentVisibility(),
  options: PostOptions = {},
  author: string = game.user.id,
): Promise<ChatMessage.Implementation | undefined> {
  // How rare the roll was and which dice were entered by hand, stored with it (issue 26); a roll the
  // GM posts for a player was thrown without manual entry.
  await attachRollFacts(roll, visibility !== "blind" && author === game.user.id);
  return ChatMessage.create(
    {
      author,
      speaker: options.speaker ?? ChatMessage.getSpeaker(),
      flavor: options.flavor === undefined ? undefined : escapeHTML(options.flavor),
      rolls: [roll],
      // A typed card of one roll (data/card/parts.ts).
      ...cardData({}, 1),
      sound: CONFIG.sounds.dice,
      ...(options.initiativeRoll === true ? { flags: { core: { initiativeRoll: true } } } : {}),
    },
    // v14's `messageMode` is unknown to the v13 types; compat picks the right key at run time.
    messageModeOptions(visibility) as ChatMessage.Database.CreateOperation<undefined>,
  );
}

/**
 * Rolls an engine request and posts its chat card.
 *
 * A percentile request that names no results table reads the world's table (the GM's, when one is
 * set). An unknown engine, a bad request or malformed options are refused with one localized
 * notification before any die is thrown; nothing is posted and `null` is returned. Fires the
 * `rollingBones.preRoll` hook (a handler returning `false` cancels) and the `rollingBones.roll` hook
 * once the message exists.
 *
 * @returns The created chat message, or `null` when refused or cancelled.
 */
export async function rollToChat(
  engine: RollableEngine,
  request: unknown,
  options: PostOptions = {},
): Promise<ChatMessage.Implementation | null> {
  const prepared = prepareRoll(engine, request, options);
  return prepared ? postRoll(prepared) : null;
}
