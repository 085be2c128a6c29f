/**
 * The world the action-dice scenarios run in (the Quench batch and the vitest suite): as the GM,
 * with a fresh session number and a 6d10 GM pool, chosen faces fed through `CONFIG.Dice.randomUniform`,
 * and every posted message remembered. `restore` deletes the messages and puts the world's session
 * and GM pool back, and the class dice of a character a scenario borrowed.
 */
import { SYSTEM_ID } from "../constants.ts";
import { newPool } from "../engines/action/index.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { addActionDiceControls } from "../applications/chat/action-card-listeners.ts";
import { cardControl, currentSession, storedGmPool } from "../services/action-dice/index.ts";
import { ACTION_ACTOR_TYPE } from "../services/action-dice/session.ts";
import { classPoolNow, storedClassPool } from "../services/action-dice/class-pools.ts";
import { rollToChat } from "../services/roll.ts";
import type { ActionDiceRun } from "./action-dice-scenarios.ts";
import type { Face } from "./dice-scenarios.ts";
import { uniformFor, type FaceMapping } from "./faces.ts";

/** An action character no player owns, so the GM's rolls for it are the GM's own. */
function unownedCharacter(): Actor.Implementation | undefined {
  const players = game.users.filter((u) => !u.isGM);
  return game.actors.find(
    (a) => a.type === ACTION_ACTOR_TYPE && !players.some((u) => a.testUserPermission(u, "OWNER")),
  );
}

/** The GM pool the scenarios use: 6d10. */
const SCENARIO_POOL = { faces: 10 as const, count: 6 };

/**
 * Prepares the world for the scenarios (run as the GM): a new session number with a 6d10 GM pool,
 * the face mapping, and a list of posted messages. Returns the run and a restore function that
 * deletes the messages and puts the session and GM pool back.
 */
export async function prepareActionDiceRun(
  mapping: FaceMapping,
): Promise<{ run: ActionDiceRun; restore: () => Promise<void> }> {
  const session = currentSession();
  const pool = storedGmPool();
  const posted: ChatMessage.Implementation[] = [];
  const borrowed: (() => Promise<unknown>)[] = [];
  const userId = game.user.id ?? "";
  await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSession, session + 1);
  await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionGmPool, {
    session: session + 1,
    rev: 1,
    state: newPool(userId, [SCENARIO_POOL], { gm: true }),
  });
  const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
  const withFaces = async <T>(faces: readonly Face[], fn: () => Promise<T>): Promise<T> => {
    const original = dice.randomUniform;
    dice.randomUniform = uniformFor(faces, mapping);
    try {
      return await fn();
    } finally {
      dice.randomUniform = original;
    }
  };
  const run: ActionDiceRun = {
    async roll(request, faces, actorId) {
      const speaker = actorId ? { speaker: { actor: actorId, alias: game.actors.get(actorId)?.name ?? "" } } : {};
      const message = await withFaces(faces, () =>
        rollToChat("action", request, { visibility: "public", ...(speaker as object) }),
      );
      if (!message) throw new Error("the roll was not posted");
      posted.push(message);
      return message;
    },
    control(message, control, faces = []) {
      return withFaces(faces, () => cardControl(message, control));
    },
    async render(message) {
      const html = await message.renderHTML();
      await addActionDiceControls(message, html);
      return html;
    },
    gmDice() {
      return (storedGmPool()?.state.dice ?? []).reduce((n, p) => n + p.count, 0);
    },
    character() {
      return unownedCharacter()?.id ?? null;
    },
    async borrowCharacter(classDice) {
      const actor = unownedCharacter();
      if (!actor?.id) return null;
      const system = actor.system as unknown as { classDice: { faces: number; count: number } };
      const before = { ...system.classDice };
      // The class dice the character held (a world setting by actor id) come back with its feature.
      const pools = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionClassPools);
      borrowed.push(async () => {
        await actor.update({ "system.classDice": before } as never);
        await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionClassPools, pools);
      });
      const { [actor.id]: _held, ...others } = pools;
      await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionClassPools, others);
      await actor.update({ "system.classDice": classDice } as never);
      return actor.id;
    },
    classLeft(actorId) {
      const actor = game.actors.get(actorId);
      return actor ? (classPoolNow(actor)?.state.left ?? 0) : 0;
    },
    async writeActorFlag(actorId, key, value) {
      const actor = game.actors.get(actorId);
      // A flag key of the scenario's choosing (the legacy class dice key), as an owner's macro writes it.
      if (actor) await actor.update({ [`flags.${SYSTEM_ID}.${key}`]: value });
    },
    storedClassLeft(actorId) {
      const actor = game.actors.get(actorId);
      return actor ? (storedClassPool(actor)?.state.left ?? null) : null;
    },
  };
  return {
    run,
    restore: async () => {
      for (const message of posted) await message.delete();
      for (const undo of borrowed.reverse()) await undo();
      await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionGmPool, pool ?? {});
      await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSession, session);
    },
  };
}
