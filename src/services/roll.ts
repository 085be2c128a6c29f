import { ROLL_FACTORIES, type EngineRoll } from "../dice/index.ts";
import { withWorldArt } from "../helpers/art.ts";
import { currentVisibility, messageModeOptions, type Visibility } from "../helpers/compat.ts";
import { escapeHTML } from "../helpers/html.ts";
import { reportError } from "../helpers/notify.ts";

/** The engines that can be rolled to chat. */
export type RollableEngine = keyof typeof ROLL_FACTORIES;

/** How a roll is posted. */
export interface PostOptions {
  /** Who speaks (defaults to the current user's character or token). */
  speaker?: ReturnType<typeof ChatMessage.getSpeaker>;
  /**
   * A line of flavor text for the card: text, never markup (a trait's or a link's label, which a
   * user typed). Foundry shows a message's flavor as HTML, so it is stored escaped.
   */
  flavor?: string;
  /** Who may see the roll (defaults to the mode chosen in the chat controls). */
  visibility?: Visibility;
  /**
   * More JSON-safe options stored with the roll (e.g. `{ card: { subject } }` for an action card's
   * insight subject); they never replace the engine's own options.
   */
  rollOptions?: Record<string, unknown>;
}

/**
 * Rolls an engine request and posts its chat card.
 *
 * A percentile request that names no results table reads the world's table (the GM's, when one is
 * set). A bad request is refused with a localized notification before any die is thrown; nothing is
 * posted and `null` is returned. Fires the `rollingBones.preRoll` hook (a handler returning
 * `false` cancels) and the `rollingBones.roll` hook once the message exists.
 *
 * @returns The created chat message, or `null` when refused or cancelled.
 */
export async function rollToChat(
  engine: RollableEngine,
  request: unknown,
  options: PostOptions = {},
): Promise<ChatMessage.Implementation | null> {
  let roll: EngineRoll;
  try {
    roll = ROLL_FACTORIES[engine](withWorldArt(engine, request));
  } catch (error) {
    reportError(error);
    return null;
  }
  if (options.rollOptions) Object.assign(roll.options, { ...options.rollOptions, ...roll.engineOptions });
  const visibility = options.visibility ?? currentVisibility();
  /**
   * A hook event that fires before an engine roll is thrown.
   * @param engine - The engine id.
   * @param request - The validated request (mutations are ignored).
   * @param visibility - Who will see the roll.
   * @returns `false` to cancel the roll.
   */
  if (Hooks.call("rollingBones.preRoll", engine, roll.request, visibility) === false) return null;
  await roll.evaluate({ allowInteractive: visibility !== "blind" });
  const message = await ChatMessage.create(
    {
      author: game.user.id,
      speaker: options.speaker ?? ChatMessage.getSpeaker(),
      flavor: options.flavor === undefined ? undefined : escapeHTML(options.flavor),
      rolls: [roll],
      sound: CONFIG.sounds.dice,
    },
    // v14's `messageMode` is unknown to the v13 types; compat picks the right key at run time.
    messageModeOptions(visibility) as ChatMessage.Database.CreateOperation<undefined>,
  );
  /**
   * A hook event that fires after an engine roll was posted to chat.
   * @param roll - The evaluated roll; `roll.options.outcome` holds the engine outcome.
   * @param message - The chat message.
   */
  Hooks.callAll("rollingBones.roll", roll, message);
  return message ?? null;
}
