/**
 * Non-player characters on the Foundry double: an NPC's action roll belongs to the Gamemaster (the
 * GM's pool augments it, the players activate its botches, even a player who owns the NPC cannot
 * spend on it), an NPC adds nothing to a player's pool, and an NPC has no points to pay a roll with
 * (a request asking for karma is refused and nothing is posted; the plain roll posts).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ActorSpec } from "../foundry/index.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  cardRoll,
  CHARACTERS,
  control,
  countOf,
  diceOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  startedWorld,
  type World,
} from "./action-dice-world.ts";

const BANDIT = "actorBanditNpc01";
const WATCHMAN = "actorWatchNpc001";

/** An action NPC Alice was given ownership of (e.g. a hireling), and a percentile NPC. */
const NPCS: ActorSpec[] = [
  {
    id: BANDIT,
    name: "Bandit",
    type: "action-npc",
    system: { abilities: {}, saves: {}, skills: {}, notes: "" },
    ownership: { [ALICE]: 3 },
  },
  {
    id: WATCHMAN,
    name: "Watchman",
    type: "percentile-npc",
    system: { attributes: {}, skills: {}, notes: "" },
    ownership: { default: 0 },
  },
];

let w: World;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld({ actors: [...CHARACTERS, ...NPCS] });
  return w;
}

const speakerOf = (actor: string, alias: string) => ({ scene: null, actor, token: null, alias });

describe("NPCs and action dice", () => {
  it("an NPC gives no pool: Alice's pool comes from her character alone", async () => {
    await started();
    expect(diceOf(w, ALICE)).toEqual([{ faces: 4, count: 3 }]);
  });

  it("the GM's pool augments an NPC's roll; the player who owns the NPC cannot spend on it", async () => {
    await started();
    const id = await rollAs(w, GM, { modifier: 2 }, [[9, 20]], { speaker: speakerOf(BANDIT, "Bandit") });
    nextFaces(w, [[5, 12]]);
    expect(await control(w, GM, id, { type: "augment", faces: 12 })).toBe(true);
    expect(cardRoll(w, id).card.owner).toBe(GM);
    expect(cardRoll(w, id).total).toBe(9 + 2 + 5);
    expect(countOf(w, GM)).toBe(7);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([errorText("NotYourRoll")]);
    expect(countOf(w, ALICE)).toBe(3);
  });

  it("players and the GM activate a botch on an NPC's roll, even one a player rolled for it", async () => {
    await started();
    const id = await rollAs(w, ALICE, { modifier: 1, botchRange: 2 }, [[2, 20]], {
      speaker: speakerOf(BANDIT, "Bandit"),
    });
    expect(await control(w, ALICE, id, { type: "botch", dice: 1 })).toBe(true);
    expect(cardRoll(w, id).card.owner).toBe(GM);
    expect(await control(w, BOB, id, { type: "botch", dice: 2 })).toBe(true);
    expect(await control(w, GM, id, { type: "botch", dice: 1 })).toBe(true);
    expect(errors(w)).toEqual([]);
    expect(cardRoll(w, id).card.ledger.map((e) => [e.by, e.type])).toEqual([
      [ALICE, "botch"],
      [BOB, "botch"],
      [GM, "botch"],
    ]);
    expect([countOf(w, ALICE), countOf(w, BOB)]).toEqual([2, 2]);
  });
});

describe("NPCs and points", () => {
  it("a roll asking for karma is refused for an NPC, and nothing is posted; the plain roll posts", async () => {
    w = await bootWorld({ actors: [...CHARACTERS, ...NPCS] });
    const points = await import("../../src/services/points/index.ts");
    const roll = (request: Record<string, unknown>) =>
      w.double.actAs(GM, () =>
        points.rollWithPoints("percentile", request, {
          actor: w.double.game.actors.get(WATCHMAN) as never,
          visibility: "public",
        }),
      );
    expect(await roll({ bonus: 0, penalty: 0, column: 5, karmaDice: 1 })).toBeNull();
    expect(errors(w)).toEqual([errorText("NpcNoPoints", { name: "Watchman", engine: "percentile" })]);
    expect(w.double.game.messages.size).toBe(0);
    expect(await roll({ bonus: 1, penalty: 0, column: 5 })).not.toBeNull();
    expect(w.double.game.messages.size).toBe(1);
  });
});
