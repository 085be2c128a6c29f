// @vitest-environment happy-dom
/**
 * Behaviour on the actor (issue 36): the system's Actor document class (`CONFIG.Actor.documentClass`)
 * carries what a macro writer asks of a character or an NPC, on the test world in v13 and v14 with
 * several clients: every world actor is built from it on every client; `applyDamage` goes through the
 * active GM for an actor the player does not own and lands on a card with Undo; `heal` is the GM's;
 * `addCondition` and `conditions`; `rollTrait` and `rollAttack` roll as the sheet's buttons; `points`
 * reads the GM's records. Each refuses as the sheet and the API do.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, GM, GOBLIN, VEX, bootHarmWorld, healthOf, type HarmWorld } from "../services/harm-world.ts";
import { errors } from "../services/points-world.ts";

let w: HarmWorld;
afterEach(() => w.double.uninstall());

/** The actor methods the system adds, as a macro sees them. */
interface SystemActor {
  readonly constructor: { readonly name: string };
  applyDamage(amount: number, options?: { multiplier?: string }): Promise<unknown[] | null>;
  heal(amount: number | null): Promise<string | null>;
  addCondition(statusId: string, value: number, units: string): Promise<boolean>;
  readonly conditions: string[];
  rollTrait(trait: { kind: string; key: string }, event?: Event): Promise<void>;
  points(): Promise<{ id: string; spends: unknown[] }>;
}

/** An actor as `userId`'s client holds it. */
function actorAs(userId: string, id: string): SystemActor {
  return w.double.actAs(userId, () => w.double.game.actors.get(id) as unknown as SystemActor);
}

/** Runs a method as `userId`, then lets the world settle. */
async function as<T>(userId: string, call: (actor: SystemActor) => Promise<T>, id: string): Promise<T> {
  const out = await w.double.actAs(userId, () => call(actorAs(userId, id)));
  await w.double.settle();
  return out;
}

describe("the system's Actor class", () => {
  it("builds every world actor on every client", async () => {
    w = await bootHarmWorld();
    for (const user of [GM, ALICE]) expect(actorAs(user, VEX).constructor.name).toBe("RollingBonesActor");
  });

  it("applyDamage: the GM hurts the goblin and a player her own character, each on a card; a player's macro on the GM's goblin is refused", async () => {
    w = await bootHarmWorld();
    const before = w.double.storedMessages().length;
    expect(await as(GM, (goblin) => goblin.applyDamage(4), GOBLIN)).toHaveLength(1);
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(await as(ALICE, (vex) => vex.applyDamage(2), VEX)).toHaveLength(1);
    expect(healthOf(w, VEX).value).toBe(healthOf(w, VEX).max - 2);
    expect(w.double.storedMessages().length).toBe(before + 2);
    expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
    expect(await as(ALICE, (goblin) => goblin.applyDamage(4), GOBLIN)).toBeNull();
    expect(w.double.notifications.filter((n) => n.type === "error" && n.userId === ALICE)).toHaveLength(1);
    expect(healthOf(w, GOBLIN).value).toBe(6);
  });

  it("heal is the GM's: a player is refused with one message, the GM heals", async () => {
    w = await bootHarmWorld();
    await as(GM, (goblin) => goblin.applyDamage(5), GOBLIN);
    expect(await as(ALICE, (goblin) => goblin.heal(3), GOBLIN)).toBeNull();
    expect(errors(w)).toHaveLength(1);
    expect(healthOf(w, GOBLIN).value).toBe(5);
    expect(await as(GM, (goblin) => goblin.heal(null), GOBLIN)).not.toBeNull();
    expect(healthOf(w, GOBLIN).value).toBe(10);
  });

  it("addCondition puts a timed condition on it, and conditions lists it on every client", async () => {
    w = await bootHarmWorld();
    const combat = w.double.createCombat({
      id: "combatActor00001",
      combatants: [{ id: "combatantVex0001", actorId: VEX, name: "Vex", initiative: 10 }],
    });
    w.double.game.combat = combat as never;
    await w.double.actAs(GM, () => combat.startCombat());
    await w.double.settle();
    expect(actorAs(ALICE, VEX).conditions).toEqual([]);
    expect(await as(ALICE, (vex) => vex.addCondition("rb-hampered", 1, "rounds"), VEX)).toBe(true);
    for (const user of [GM, ALICE]) expect(actorAs(user, VEX).conditions).toEqual(["rb-hampered"]);
    expect(await as(ALICE, (vex) => vex.addCondition("rb-no-such", 1, "rounds"), VEX)).toBe(false);
    expect(errors(w)).toHaveLength(1);
  });

  it("rollTrait rolls as the sheet's button (a fast roll posts its card); another's character is refused", async () => {
    w = await bootHarmWorld();
    const before = w.double.storedMessages().length;
    await as(ALICE, (vex) => vex.rollTrait({ kind: "attribute", key: "strength" }, { shiftKey: true } as never), VEX);
    expect(w.double.storedMessages().length).toBe(before + 1);
    expect(errors(w)).toEqual([]);
    await as(
      ALICE,
      (goblin) => goblin.rollTrait({ kind: "attribute", key: "strength" }, { shiftKey: true } as never),
      GOBLIN,
    );
    expect(errors(w)).toHaveLength(1);
    expect(w.double.storedMessages().length).toBe(before + 1);
  });

  it("an unlinked token's own actor rolls its own traits (its delta's), not its world actor's", async () => {
    const SCENE = "sceneActor000001";
    const TOKEN = "tokenGoblinX0001";
    w = await bootHarmWorld({
      scenes: [
        {
          id: SCENE,
          name: "Ambush",
          tokens: [
            {
              _id: TOKEN,
              name: "Goblin chief",
              actorId: GOBLIN,
              delta: { system: { attributes: { strength: { code: "5D" } } } },
            },
          ],
        },
      ],
    });
    const tokenActor = w.double.actAs(
      GM,
      () => w.double.game.scenes.get(SCENE)!.tokens.get(TOKEN)!.actor as unknown as SystemActor,
    );
    const before = w.double.storedMessages().length;
    await w.double.actAs(GM, () =>
      tokenActor.rollTrait({ kind: "attribute", key: "strength" }, { shiftKey: true } as never),
    );
    await w.double.settle();
    expect(errors(w)).toEqual([]);
    const posted = w.double.storedMessages().slice(before);
    expect(posted).toHaveLength(1);
    const roll = JSON.parse(posted[0]!.rolls[0]!) as { options: { request: { dice?: number } } };
    expect(roll.options.request.dice).toBe(5);
    // The world's goblin, rolled as itself, rolls its own Strength (none set: the NPC default of 2D), not the chief's.
    await as(
      GM,
      (goblin) => goblin.rollTrait({ kind: "attribute", key: "strength" }, { shiftKey: true } as never),
      GOBLIN,
    );
    const own = JSON.parse(w.double.storedMessages().at(-1)!.rolls[0]!) as { options: { request: { dice?: number } } };
    expect(own.options.request.dice).toBe(2);
  });

  it("points reads the GM's records of it", async () => {
    w = await bootHarmWorld();
    expect(await as(ALICE, (vex) => vex.points(), VEX)).toMatchObject({ id: VEX, spends: [] });
  });
});
