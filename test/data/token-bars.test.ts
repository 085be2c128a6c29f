/**
 * Token bars: every actor type's trackable figures are registered in `init` and point at figures
 * the type has (a stored number, or a derived `{ value, max }` bar); a change typed into the
 * Willpower bar writes the current points within the permanent rating; the action dice held are
 * the owning player's pool this session and cannot be typed into.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  CHARACTER_TYPES,
  NPC_TYPES,
  TRACKABLE_ATTRIBUTES,
  barChange,
  type ActorType,
} from "../../src/data/actor/pure.ts";
import { schemaOf, walkSchema, type ModelClass } from "./schema-walk.ts";
import { bootWorld, control, GM, ALICE, nextFaces, rollAs, type World } from "../services/action-dice-world.ts";
import { localize } from "../support/i18n.ts";

let w: World;
afterEach(() => w.double.uninstall());

describe("trackable attributes", () => {
  it("init registers every actor type's bars and values; each value is a whole-number field of the type", async () => {
    w = await bootWorld();
    const registered = (w.double.CONFIG.Actor as { trackableAttributes: Record<string, unknown> }).trackableAttributes;
    expect(registered).toEqual(TRACKABLE_ATTRIBUTES);
    expect(Object.keys(registered)).toEqual([...CHARACTER_TYPES, ...NPC_TYPES]);
    const models = (await import("../../src/data/actor/index.ts")).config as Record<ActorType, ModelClass>;
    for (const [type, { value }] of Object.entries(TRACKABLE_ATTRIBUTES) as [
      ActorType,
      { value: readonly string[] },
    ][]) {
      const numbers = new Map(walkSchema(schemaOf(models[type])).map((f) => [f.path, f.field.constructor.name]));
      for (const path of value) expect(numbers.get(path), `${type} ${path}`).toBe("NumberField");
    }
  });

  it("shows what a player watches: karma, Character and Fate Points, Willpower, the action dice held; an NPC shows its health only", () => {
    const all = (type: ActorType) => [...TRACKABLE_ATTRIBUTES[type].bar, ...TRACKABLE_ATTRIBUTES[type].value];
    expect(all("percentile-character")).toContain("karma");
    expect(all("wild-character")).toEqual(expect.arrayContaining(["characterPoints", "fatePoints"]));
    expect(TRACKABLE_ATTRIBUTES["pool-character"].bar).toEqual(["health", "willpowerBar"]);
    expect(TRACKABLE_ATTRIBUTES["action-character"].bar).toEqual(["health", "heldDice"]);
    for (const type of NPC_TYPES) expect(all(type), type).toEqual(["health"]);
  });
});

describe("a change typed into a bar", () => {
  const vex = { willpower: { permanent: 5, current: 2 } };

  it("writes Willpower's current points, as a new value or a change, within 0 and the permanent rating", () => {
    expect(barChange("willpowerBar", 4, false, vex)).toEqual({ update: { "system.willpower.current": 4 } });
    expect(barChange("willpowerBar", -1, true, vex)).toEqual({ update: { "system.willpower.current": 1 } });
    expect(barChange("willpowerBar", 9, false, vex)).toEqual({ update: { "system.willpower.current": 5 } });
    expect(barChange("willpowerBar", -7, true, vex)).toEqual({ update: { "system.willpower.current": 0 } });
  });

  it("refuses the action dice held, and leaves any other figure to Foundry", () => {
    expect(barChange("heldDice", 3, false, {})).toEqual({ refused: "ROLLING_BONES.Tokens.HeldDiceReadOnly" });
    expect(barChange("karma", 3, false, {})).toBeNull();
  });

  it("the hook replaces Foundry's update, or refuses with a message", async () => {
    w = await bootWorld();
    const { onModifyTokenAttribute } = await import("../../src/hooks/modify-token-attribute.ts");
    const updates: Record<string, unknown> = { "system.willpowerBar.value": 3 };
    const change = { attribute: "willpowerBar", value: 1, isDelta: true, isBar: true };
    expect(onModifyTokenAttribute(change, updates, { system: vex })).toBeUndefined();
    expect(updates).toEqual({ "system.willpower.current": 3 });
    const held: Record<string, unknown> = { "system.heldDice.value": 0 };
    expect(onModifyTokenAttribute({ ...change, attribute: "heldDice" }, held, { system: {} })).toBe(false);
    expect(w.double.notifications.map((n) => n.message)).toEqual([localize("ROLLING_BONES.Tokens.HeldDiceReadOnly")]);
  });
});

describe("the action dice held", () => {
  it("are the owning player's pool this session: none before a session, then the dice left of those held", async () => {
    w = await bootWorld();
    const { heldDiceOf } = await import("../../src/data/actor/held.ts");
    const ayla = () => w.double.game.actors.get("actorAyla0000001") as never;
    expect(heldDiceOf(ayla())).toEqual({ value: 0, max: 0 });
    await w.double.actAs(GM, () => w.service.startSession());
    expect(heldDiceOf(ayla())).toEqual({ value: 3, max: 3 });
    const id = await rollAs(w, ALICE, { modifier: 1 }, [[8, 20]]);
    nextFaces(w, [[2, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    expect(heldDiceOf(ayla())).toEqual({ value: 2, max: 3 });
  });
});
