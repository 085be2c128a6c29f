/**
 * The in-world checks of points and choices, for the Quench module (run by a GM in a real world):
 * the same flows the vitest suite drives on the test double, against real actors, chat messages,
 * queries and data models. Each scenario creates its characters and deletes them afterwards, with
 * every message it posted, and restores the world settings it changed:
 * - karma: refused with the reason when short, paid once otherwise, undone by the GM;
 * - a cooperative roll: a Good result attached to a leader, taken by the leader's next roll;
 * - Character Points up to the session limit, one Fate Point per session, a session reset;
 * - Willpower: one per roll outside combat, refused without current points;
 * - a Precision & Impact pick that updates the card.
 */
import { inScratch } from "./batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import type { CharacterType } from "../data/actor/pure.ts";
import type { PointsRecord } from "../dice/index.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import {
  actorPoints,
  assistLeader,
  pickDice,
  resetPointsSession,
  rollWithPoints,
  undoPoints,
  type PointsRoll,
} from "../services/points/index.ts";
import type { RollableEngine } from "../services/roll.ts";
import { calibrate, throwD4, uniformFor, type FaceMapping } from "./faces.ts";
import type { Face } from "./dice-scenarios.ts";
import type { QuenchApi, QuenchContext } from "./batch.ts";

function read(actor: Actor.Implementation, path: string): unknown {
  return foundry.utils.getProperty(actor, path);
}

function pointsOf(message: ChatMessage.Implementation): PointsRecord {
  return (message.rolls[0] as PointsRoll).points;
}

/** Registers the points batch. */
export function registerPointsBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.points`,
    (context: QuenchContext) => {
      const { assert } = context;
      const actors: Actor.Implementation[] = [];
      const messages: ChatMessage.Implementation[] = [];
      let mapping: FaceMapping;
      let cpLimit: number;

      const make = async (type: CharacterType, system: Record<string, unknown>) => {
        // The v13 types do not take a system type's name as a literal here; the data is what Foundry reads.
        const data = { name: `Quench points ${type}`, type, system } as unknown as Actor.CreateData;
        const actor = await Actor.implementation.create(inScratch(data));
        if (!actor) throw new Error(`could not create a ${type}`);
        actors.push(actor);
        return actor;
      };

      const roll = async (
        engine: RollableEngine,
        actor: Actor.Implementation,
        request: Record<string, unknown>,
        faces: readonly Face[],
      ): Promise<ChatMessage.Implementation | null> => {
        const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
        const original = dice.randomUniform;
        try {
          dice.randomUniform = uniformFor(faces, mapping);
          const assists = engine === "percentile" ? actorPoints(actor).assists : [];
          const message = await rollWithPoints(engine, request, { actor, assists, visibility: "public" });
          if (message) messages.push(message);
          return message;
        } finally {
          dice.randomUniform = original;
        }
      };

      context.before(async () => {
        mapping = await calibrate(throwD4);
        cpLimit = game.settings.get(SYSTEM_ID, SETTING_KEYS.wildCpSessionLimit);
        await game.settings.set(SYSTEM_ID, SETTING_KEYS.wildCpSessionLimit, 5);
      });
      context.after(async () => {
        await game.settings.set(SYSTEM_ID, SETTING_KEYS.wildCpSessionLimit, cpLimit);
        for (const message of messages) await message.delete();
        for (const actor of actors) await actor.delete();
      });

      context.describe("Rolling Bones points: spends and choices in a real world", () => {
        context.it("karma: refused when short, paid once, undone by the GM", async () => {
          const hero = await make("percentile-character", { karma: 3 });
          const refused = await roll("percentile", hero, { bonus: 0, penalty: 0, karmaDice: 2 }, []);
          assert.equal(refused, null, "two dice for 3 karma are refused");
          assert.equal(read(hero, "system.karma"), 3, "nothing was spent");
          const message = await roll("percentile", hero, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 }, [
            [3, 10],
            [10, 10],
            [7, 10],
          ]);
          assert.isTrue(message !== null, "the roll was posted");
          assert.equal(read(hero, "system.karma"), 1, "2 karma paid");
          const entry = pointsOf(message as ChatMessage.Implementation).ledger[0];
          assert.equal(entry?.type, "karma", "the card records the karma");
          assert.isTrue(await undoPoints(message as ChatMessage.Implementation, entry?.id ?? ""), "the GM undoes it");
          assert.equal(read(hero, "system.karma"), 3, "the karma came back");
        });

        context.it("a Good result assists a leader's next roll with a bonus die", async () => {
          const assistant = await make("percentile-character", { karma: 0 });
          const leader = await make("percentile-character", { karma: 0 });
          const card = await roll("percentile", assistant, { bonus: 0, penalty: 0, column: 10 }, [
            [7, 10],
            [10, 10],
          ]);
          assert.isTrue(card !== null && (await assistLeader(card, leader.id ?? "")), "the assist is attached");
          assert.equal(actorPoints(leader).assists.length, 1, "the assist waits on the leader");
          const next = await roll("percentile", leader, { bonus: 1, penalty: 0, column: 10 }, [
            [2, 10],
            [5, 10],
            [8, 10],
          ]);
          assert.equal(
            pointsOf(next as ChatMessage.Implementation).ledger[0]?.type,
            "assistReceived",
            "the leader's card",
          );
          assert.equal(actorPoints(leader).assists.length, 0, "the assist was used up");
        });

        context.it(
          "Character Points up to the session limit, one Fate Point per session, reset at a session start",
          async () => {
            const wild = await make("wild-character", { characterPoints: 8, fatePoints: 2 });
            const faces: Face[] = [
              [3, 6],
              [4, 6],
              [2, 6],
              [2, 6],
              [2, 6],
            ];
            assert.isTrue((await roll("wild", wild, { dice: 2, characterPoints: 3 }, faces)) !== null, "3 CP");
            assert.equal(await roll("wild", wild, { dice: 2, characterPoints: 3 }, faces), null, "3 more are over 5");
            assert.equal(read(wild, "system.characterPoints"), 5, "only the first 3 were paid");
            const fate: Face[] = [
              [3, 6],
              [4, 6],
              [5, 6],
              [2, 6],
            ];
            assert.isTrue((await roll("wild", wild, { dice: 2, fatePoint: true }, fate)) !== null, "a Fate Point");
            assert.equal(await roll("wild", wild, { dice: 2, fatePoint: true }, fate), null, "a second is refused");
            await resetPointsSession(Date.now());
            assert.deepEqual(read(wild, "system.session"), { characterPoints: 0, fatePoints: 0 }, "counters reset");
          },
        );

        context.it("Willpower: one success per roll outside combat, refused with none left", async () => {
          const pool = await make("pool-character", { willpower: { permanent: 5, current: 1 } });
          const faces: Face[] = [
            [7, 10],
            [2, 10],
            [3, 10],
          ];
          const message = await roll("pool", pool, { pool: 3, difficulty: 6, willpower: true }, faces);
          assert.isTrue(message !== null, "the roll was posted");
          assert.equal(read(pool, "system.willpower.current"), 0, "current Willpower went down");
          assert.equal(await roll("pool", pool, { pool: 3, difficulty: 6, willpower: true }, faces), null, "none left");
        });

        context.it("a pick of two dice updates the Precision & Impact card", async () => {
          const hero = await make("pi-character", {});
          const message = await roll("pi", hero, { pool: [8, 6, 4] }, [
            [5, 8],
            [3, 6],
            [2, 4],
          ]);
          assert.isTrue(message !== null && (await pickDice(message, [0, 2])), "the pick is applied");
          const updated = game.messages.get(message?.id ?? "");
          const outcome = (updated?.rolls[0] as PointsRoll | undefined)?.outcome as { precision?: number } | undefined;
          assert.equal(outcome?.precision, 7, "Precision is the sum of the picked dice");
        });
      });
    },
    { displayName: "Rolling Bones: points and choices" },
  );
}
