/**
 * Targets in the test world (issue 24; built here because the token layer of issue 23 was not on a
 * branch yet): the tokens each user targets, as `User#targets` gives them. Only what the system reads
 * is emulated, strictly: a target is a Token placeable with its `name`, its `document` (a
 * TokenDocument with `id`, `uuid` and `name`) and its `actor` (the linked actor, as the targeting
 * client holds it). Targets are a user's client-side state: they change nothing on the server, and
 * only the user's own client reads them. [API13 foundry.documents.User#targets: "A set of Token
 * objects which are currently targeted by this User"; API13 foundry.canvas.placeables.Token#document,
 * Token#actor; API13 TokenDocument#uuid ("Scene.<id>.Token.<id>")]
 */
import { env } from "./state.ts";
import { strictObject } from "./strict.ts";

/** A token a user targets: the token's id and name on the scene, and the actor it stands for. */
export interface TargetSpec {
  readonly tokenId: string;
  readonly name: string;
  /** The linked actor's id, or `null` for a token without an actor. */
  readonly actorId: string | null;
}

/** The scene the world's tokens are on. */
export const TARGET_SCENE = "sceneTargets0001";

/** Each installed world's targets, by user id (client-side state: no copy on the server). */
const worlds = new WeakMap<object, Map<string, readonly TargetSpec[]>>();

function targetsMap(): Map<string, readonly TargetSpec[]> {
  const installed = env();
  let map = worlds.get(installed);
  if (!map) {
    map = new Map();
    worlds.set(installed, map);
  }
  return map;
}

/** A user targets these tokens (none: clears the targets), as clicking them with the targeting tool does. */
export function setTargets(userId: string, targets: readonly TargetSpec[]): void {
  targetsMap().set(userId, [...targets]);
}

/**
 * The Token placeables a user targets, as the running client sees them (its own actor documents).
 * Only the user's own client knows its targets: another user's targets read as an empty set.
 */
export function targetsOf(userId: string, runningUser: string): Set<unknown> {
  const specs = userId === runningUser ? (targetsMap().get(userId) ?? []) : [];
  const actors = (env().globals.game as { actors: { get(id: string): unknown } }).actors;
  return new Set(
    specs.map((t) => {
      const uuid = `Scene.${TARGET_SCENE}.Token.${t.tokenId}`;
      const document = strictObject({ id: t.tokenId, uuid, name: t.name, documentName: "Token" }, "TokenDocument");
      const actor = t.actorId ? (actors.get(t.actorId) ?? null) : null;
      return strictObject({ id: t.tokenId, name: t.name, document, actor }, "Token");
    }),
  );
}
