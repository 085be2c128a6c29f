/**
 * The double's data models: fields clean and validate as `foundry.data.fields` document it, a model
 * migrates, cleans and validates its source, an actor's `system` is its type's model (derived data
 * prepared), an update that does not validate is refused as a whole, `_preUpdate` can cancel one, and
 * each client holds its own copy of an actor, which a change reaches after that client's latency; a
 * chat message's type is one the manifest declares and its `system` is that type's model.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ArrayField,
  BooleanField,
  DataModelValidationError,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  TypedObjectField,
  TypeDataModel,
} from "./data-model.ts";
import { installWorld, WORLD_USERS, type FoundryDouble } from "./index.ts";

const { GM, ALICE, BOB } = WORLD_USERS;

let double: FoundryDouble | undefined;
afterEach(() => double?.uninstall());

/** A small model of our own: a rank 1–5, a name, a mood from a list, tags, entries, and a derived label. */
class HeroModel extends TypeDataModel {
  static override defineSchema() {
    return {
      version: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 2 }),
      rank: new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 5, initial: 1 }),
      name: new StringField({ required: true, nullable: false, blank: true, initial: "" }),
      mood: new StringField({
        required: true,
        nullable: false,
        blank: false,
        initial: "calm",
        choices: ["calm", "angry"],
      }),
      brave: new BooleanField({ required: true, nullable: false, initial: false }),
      dice: new ArrayField(new NumberField({ required: true, nullable: false, integer: true, choices: [4, 6, 8] }), {
        initial: () => [6],
        validate: (value: unknown) => Array.isArray(value) && value.length <= 3,
        validationError: "holds at most 3 dice",
      }),
      skills: new TypedObjectField(
        new SchemaField({ name: new StringField({ required: true, nullable: false, initial: "" }) }),
        { validateKey: (key: string) => /^[a-z]+$/.test(key) },
      ),
      code: new StringField({
        required: true,
        nullable: false,
        initial: "2D",
        validate: (value: unknown) => /^\dD$/.test(String(value)),
        validationError: "must be a die code",
      }),
    };
  }

  /** Version 1 stored the rank as `level`. */
  static override migrateData(source: Record<string, unknown>) {
    if ("level" in source && !("rank" in source)) {
      source.rank = source.level;
      delete source.level;
    }
    return super.migrateData(source);
  }

  declare rank: number;
  declare label: string;

  override prepareDerivedData(): void {
    this.label = `Rank ${this.rank}`;
  }

  /** A rank may not be lowered by a player. */
  override async _preUpdate(changes: Record<string, unknown>, options: unknown, user: unknown) {
    const rank = (changes.system as { rank?: number } | undefined)?.rank;
    if (typeof rank === "number" && rank < this.rank && !(user as { isGM: boolean }).isGM) return false;
    return super._preUpdate(changes, options, user);
  }
}

const HERO = "actorHero0000001";

function world(system: Record<string, unknown>, latency: number | Record<string, number> = 5): FoundryDouble {
  double = installWorld({
    userId: ALICE,
    latency,
    actors: [{ id: HERO, name: "Hero", type: "hero", system, ownership: { [ALICE]: 3 } }],
  });
  (double.CONFIG.Actor as { dataModels: Record<string, unknown> }).dataModels = { hero: HeroModel };
  return double;
}

const hero = () => double!.game.actors.get(HERO)!;
const system = () => hero().system;

describe("fields and models", () => {
  it("clean a source: text read as numbers and trimmed, absent fields filled, unknown keys dropped", () => {
    const model = new HeroModel({ rank: "3", name: "  Ayla ", stray: 1, skills: { dodge: {} } });
    expect(model._source).toEqual({
      version: 2,
      rank: 3,
      name: "Ayla",
      mood: "calm",
      brave: false,
      dice: [6],
      skills: { dodge: { name: "" } },
      code: "2D",
    });
  });

  it.each([
    [{ rank: 6 }, 5],
    [{ rank: 0 }, 1],
    [{ rank: -40 }, 1],
  ])("clamp %j into the field's range, as v13's cleaning does (FI#12487)", (data, rank) => {
    expect(new HeroModel(data)._source.rank).toBe(rank);
  });

  it.each([
    [{ rank: 2.5 }, "rank: must be an integer"],
    [{ rank: "many" }, "rank: must be a finite number"],
    [{ rank: null }, "rank: may not be null"],
    [{ mood: "sad" }, 'mood: "sad" is not a valid choice'],
    [{ mood: "" }, "mood: may not be a blank string"],
    [{ dice: [6, 6, 6, 6] }, "dice: holds at most 3 dice"],
    [{ dice: [5] }, "dice.0: 5 is not a valid choice"],
    [{ skills: { Dodge: { name: "x" } } }, "skills.Dodge: is not a valid key"],
    [{ code: "two dice" }, "code: must be a die code"],
    [{ brave: "yes" }, "brave: must be a boolean"],
  ])("refuse %j (%s)", (data, failure) => {
    expect(() => new HeroModel(data)).toThrow(DataModelValidationError);
    expect(() => new HeroModel(data)).toThrow(failure);
  });

  it("migrate first: version 1 data reads as version 2", () => {
    expect(new HeroModel({ level: 4 })._source).toMatchObject({ rank: 4 });
  });
});

describe("an actor's system is its type's data model", () => {
  it("is migrated, cleaned and prepared; its stored source keeps no derived data", () => {
    world({ level: 3, name: " Ayla " });
    expect(system()).toBeInstanceOf(HeroModel);
    expect(system()).toMatchObject({ rank: 3, name: "Ayla", label: "Rank 3" });
    expect(hero()._source.system).not.toHaveProperty("label");
    expect(system().parent).toBe(hero());
  });

  it("an update is cleaned and validated as a whole; a bad one is refused and nothing changes", async () => {
    world({ rank: 2 });
    await hero().update({ "system.rank": "4", "system.name": " Bo " });
    expect(system()).toMatchObject({ rank: 4, name: "Bo", label: "Rank 4" });
    await expect(hero().update({ "system.mood": "sad", "system.name": "Cy" })).rejects.toThrow(
      'mood: "sad" is not a valid choice',
    );
    await double!.settle();
    expect(system()).toMatchObject({ rank: 4, name: "Bo" });
    // A number out of range is clamped, not refused.
    await hero().update({ "system.rank": 9 });
    expect(system()).toMatchObject({ rank: 5 });
  });

  it("the model's _preUpdate cancels an update on the requesting client (no hook, nothing stored)", async () => {
    world({ rank: 3 });
    const updates: unknown[] = [];
    double!.Hooks.on("updateActor", (...args: unknown[]) => void updates.push(args));
    await hero().update({ "system.rank": 1 });
    await double!.settle();
    expect(system().rank).toBe(3);
    expect(updates).toEqual([]);
    await double!.actAs(GM, () => hero().update({ "system.rank": 1 }));
    await double!.settle();
    expect(system().rank).toBe(1);
  });

  it("migrates an update's partial data too", async () => {
    world({ rank: 2 });
    await hero().update({ "system.level": 5 });
    expect(system().rank).toBe(5);
  });
});

describe("each client's own copy of an actor", () => {
  it("a change reaches another client only after that client's latency, with its own instance", async () => {
    world({ rank: 1 }, { [GM]: 5, [ALICE]: 5, [BOB]: 40, [WORLD_USERS.ASSISTANT]: 5 });
    const seen: [string, number][] = [];
    double!.Hooks.on("updateActor", (actor: { system: { rank: number } }) => {
      seen.push([double!.game.userId, actor.system.rank]);
    });
    await hero().update({ "system.rank": 2 });
    const rankOn = (userId: string) => double!.actAs(userId, () => (hero().system as { rank: number }).rank);
    expect(rankOn(ALICE)).toBe(2);
    expect(rankOn(BOB)).toBe(1);
    expect(double!.actAs(BOB, () => hero())).not.toBe(hero());
    await double!.settle();
    expect(rankOn(BOB)).toBe(2);
    expect(seen.map(([user]) => user).sort()).toEqual([ALICE, BOB, GM, WORLD_USERS.ASSISTANT].sort());
    expect(seen.every(([, rank]) => rank === 2)).toBe(true);
  });

  it("renders the client's applications of the actor again when the change arrives there", async () => {
    world({ rank: 1 });
    const rendered: string[] = [];
    double!.actAs(BOB, () => {
      hero().apps.sheet = { render: () => Promise.resolve(void rendered.push(double!.game.userId)) };
    });
    await hero().update({ "system.rank": 2 });
    await double!.settle();
    expect(rendered).toEqual([BOB]);
  });
});

/** A card model of our own for the double's chat messages: a list of objects. */
class NoteModel extends TypeDataModel {
  static override defineSchema() {
    return { parts: new ArrayField(new ObjectField()) };
  }
}

describe("a chat message's system is its type's data model", () => {
  type Created = { id: string; type: string; system: Record<string, unknown>; update(d: object): Promise<unknown> };
  const create = (data: object) =>
    (globalThis as unknown as { ChatMessage: { create(d: object): Promise<Created> } }).ChatMessage.create(data);

  it("a type the manifest declares is stored through its model; another type is refused and nothing is stored", async () => {
    world({});
    (double!.CONFIG.ChatMessage as unknown as { dataModels: Record<string, unknown> }).dataModels = { card: NoteModel };
    const card = await create({ type: "card", system: { parts: [{ a: 1 }], stray: 2 } });
    expect(card.type).toBe("card");
    expect(card.system).toBeInstanceOf(NoteModel);
    expect(double!.storedMessages().at(-1)?.system).toEqual({ parts: [{ a: 1 }] });
    const base = await create({ content: "<p>plain</p>" });
    expect(base.type).toBe("base");
    await expect(create({ type: "spell" })).rejects.toThrow('"spell" is not a valid type for the ChatMessage');
    expect(double!.storedMessages()).toHaveLength(2);
  });

  it("an update of system is validated by the model; a bad one is refused and nothing changes", async () => {
    world({});
    (double!.CONFIG.ChatMessage as unknown as { dataModels: Record<string, unknown> }).dataModels = { card: NoteModel };
    const card = await create({ type: "card", system: { parts: [] } });
    await card.update({ "system.parts": [{ b: 2 }] });
    await double!.settle();
    expect(double!.storedMessages().at(-1)?.system).toEqual({ parts: [{ b: 2 }] });
    await expect(card.update({ "system.parts": ["not an object"] })).rejects.toThrow(DataModelValidationError);
    expect(double!.storedMessages().at(-1)?.system).toEqual({ parts: [{ b: 2 }] });
  });
});
