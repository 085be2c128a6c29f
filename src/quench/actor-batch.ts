/**
 * The in-world checks of the character data models and sheets, for the Quench module: what the
 * vitest suite cannot prove without Foundry. Each scenario creates a character in the real world,
 * and deletes it afterwards:
 * - new characters get the schema's defaults and their derived data (action dice from the level);
 * - an update outside a field's choices (a bad die code or die size) is refused by the schema and
 *   nothing changes; a number outside its range is clamped into it (FI#12487); a fraction in a
 *   whole-number field is never stored;
 * - data in an older shape is migrated by `migrateData` when the document is built;
 * - each type opens its own sheet, which renders a roll button per rollable trait;
 * - an item's transferring effect reaches its holder only while the item is equipped (the system's
 *   `ActiveEffect#isSuppressed`; the test world emulates `Actor#appliedEffects` from the API pages);
 * - an item dropped from one character onto another's sheet is copied to it, the original kept.
 */
import { inScratch } from "./batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import { CHARACTER_TYPES, SCHEMA_VERSION, WILD_STARTING_FATE_POINTS, type CharacterType } from "../data/actor/pure.ts";
import { effectChange, effectData } from "../helpers/compat.ts";
import type { QuenchApi, QuenchContext } from "./batch.ts";

/** Updates the schema must refuse (a value outside its choices, a malformed code): the path that must not change. */
const REFUSED_UPDATES: readonly [CharacterType, Record<string, unknown>, string][] = [
  ["action-character", { "system.classDice.faces": 5 }, "system.classDice.faces"],
  ["wild-character", { "system.attributes.agility.code": "lots" }, "system.attributes.agility.code"],
  ["pi-character", { "system.attributes.power.dice": [7] }, "system.attributes.power.dice"],
];

/**
 * Numbers outside their field's range, which Foundry's cleaning clamps into it rather than refusing
 * (FI#12487 and the maintainer's answer; the system's own sheets and dialogs refuse them first with a
 * message): the path and the value stored.
 */
const CLAMPED_UPDATES: readonly [CharacterType, Record<string, unknown>, string, number][] = [
  ["percentile-character", { "system.karma": -3 }, "system.karma", 0],
  ["wild-character", { "system.session.fatePoints": 2 }, "system.session.fatePoints", 1],
  ["pool-character", { "system.attributes.strength.rating": 6 }, "system.attributes.strength.rating", 5],
  ["pool-character", { "system.willpower.permanent": 11 }, "system.willpower.permanent", 10],
];

/** A fraction in a whole-number field: no public page says whether it is refused or rounded; never stored as is. */
const FRACTION_UPDATES: readonly [CharacterType, Record<string, unknown>, string][] = [
  ["percentile-character", { "system.attributes.body.rating": 2.5 }, "system.attributes.body.rating"],
  ["action-character", { "system.level": 2.5 }, "system.level"],
];

/** Older source shapes and what a value must read after `migrateData`. */
const OLDER_SHAPES: readonly [CharacterType, Record<string, unknown>, string, unknown][] = [
  ["percentile-character", { attributes: { body: 6 } }, "system.attributes.body.rating", 6],
  // An ability's modifier stored as a bare number (version 0); the legacy weapons left the schema in
  // version 2 (they became Items through the world migration), so they are not read here.
  ["action-character", { abilities: { strength: 2 } }, "system.abilities.strength.mod", 2],
  ["wild-character", { attributes: { agility: { dice: 3, pips: 1 } } }, "system.attributes.agility.code", "3D+1"],
  ["pi-character", { attributes: { power: "d8/d4" } }, "system.attributes.power.dice", [8, 4]],
  ["pool-character", { willpower: 6 }, "system.willpower.current", 6],
];

function read(actor: Actor.Implementation, path: string): unknown {
  return foundry.utils.getProperty(actor, path);
}

async function create(type: CharacterType, system: Record<string, unknown> = {}): Promise<Actor.Implementation> {
  // The v13 types do not take a system type's name as a literal here; the data is what Foundry reads.
  const data = { name: `Quench ${type}`, type, system } as unknown as Actor.CreateData;
  const actor = await Actor.implementation.create(inScratch(data));
  if (!actor) throw new Error(`could not create a ${type}`);
  return actor;
}

/** Registers the character batch. */
export function registerActorBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.actors`,
    (context: QuenchContext) => {
      const { assert } = context;
      const created: Actor.Implementation[] = [];
      const make = async (type: CharacterType, system?: Record<string, unknown>) => {
        const actor = await create(type, system);
        created.push(actor);
        return actor;
      };
      context.after(async () => {
        for (const actor of created) await actor.delete();
      });
      context.describe("Rolling Bones characters: schemas, migrations and sheets in a real world", () => {
        context.it("gives new characters their defaults and derived data", async () => {
          for (const type of CHARACTER_TYPES) {
            const actor = await make(type);
            assert.equal(read(actor, "system.schemaVersion"), SCHEMA_VERSION, `${type} schema version`);
          }
          const wild = await make("wild-character");
          assert.equal(read(wild, "system.fatePoints"), WILD_STARTING_FATE_POINTS, "starting Fate Points");
          const hero = await make("action-character", { level: 7 });
          assert.deepEqual(read(hero, "system.actionDice"), { faces: 6, count: 4, gmFaces: 10 }, "action dice");
        });

        for (const [type, update, path] of REFUSED_UPDATES) {
          context.it(`${type}: refuses ${JSON.stringify(update)} and changes nothing`, async () => {
            const actor = await make(type);
            const before = JSON.stringify(read(actor, path));
            let rejected = false;
            try {
              await actor.update(update);
            } catch {
              rejected = true;
            }
            assert.isTrue(rejected, "the update was rejected");
            assert.equal(JSON.stringify(read(actor, path)), before, "the value is unchanged");
          });
        }

        for (const [type, update, path, stored] of CLAMPED_UPDATES) {
          context.it(`${type}: clamps ${JSON.stringify(update)} into its range`, async () => {
            const actor = await make(type);
            await actor.update(update);
            assert.equal(read(actor, `_source.${path}`), stored, "the stored value is the range's bound");
          });
        }

        for (const [type, update, path] of FRACTION_UPDATES) {
          context.it(`${type}: never stores ${JSON.stringify(update)} as a fraction`, async () => {
            const actor = await make(type);
            await actor.update(update).catch(() => undefined);
            assert.isTrue(Number.isInteger(read(actor, `_source.${path}`)), "a whole number is stored");
          });
        }

        for (const [type, source, path, expected] of OLDER_SHAPES) {
          context.it(`${type}: migrates ${JSON.stringify(source)}`, async () => {
            const actor = await make(type, source);
            assert.deepEqual(read(actor, path), expected, path);
          });
        }

        context.it("applies an item's effect to its holder only while the item is equipped", async () => {
          const actor = await make("pi-character");
          const change = effectChange("flags.rolling-bones.roll.impact", "-1", "add");
          const data = {
            name: "Quench pack",
            type: "gear",
            effects: [effectData({ name: "Quench load", transfer: true }, [change])],
          };
          const [item] = (await actor.createEmbeddedDocuments("Item", [data as never])) ?? [];
          if (!item) throw new Error("could not create the item");
          const applied = () => actor.appliedEffects.map((e) => e.name);
          assert.isTrue(applied().includes("Quench load"), "equipped: applied");
          await item.update({ "system.equipped": false } as never);
          assert.isTrue(!applied().includes("Quench load"), "taken off: suppressed");
          assert.equal(item.effects.contents.length, 1, "the effect stays on the item");
          await item.update({ "system.equipped": true } as never);
          assert.isTrue(applied().includes("Quench load"), "equipped again: applied");
        });

        context.it(
          "copies an item dropped from one character's sheet onto another's, keeping the original",
          async () => {
            const giver = await make("action-character");
            const taker = await make("action-character");
            const [sword] =
              (await giver.createEmbeddedDocuments("Item", [{ name: "Quench sword", type: "weapon" } as never])) ?? [];
            if (!sword) throw new Error("could not create the weapon");
            const sheet = taker.sheet as unknown as {
              render(options: { force: boolean }): Promise<unknown>;
              element: HTMLElement;
              close(): Promise<unknown>;
              _onDrop(event: DragEvent): Promise<unknown>;
            };
            await sheet.render({ force: true });
            // The drag data Foundry writes for an item dragged from a sheet [API13 Item#toDragData].
            const transfer = new DataTransfer();
            transfer.setData("text/plain", JSON.stringify(sword.toDragData()));
            const event = new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true });
            Object.defineProperty(event, "target", { value: sheet.element });
            await sheet._onDrop(event);
            await sheet.close();
            assert.deepEqual(
              taker.items.contents.map((i) => i.name),
              ["Quench sword"],
              "the taker holds a copy",
            );
            assert.deepEqual(
              giver.items.contents.map((i) => i.name),
              ["Quench sword"],
              "the giver keeps its own",
            );
          },
        );

        context.it("opens each type's own sheet with a roll button per rollable trait", async () => {
          for (const type of CHARACTER_TYPES) {
            const actor = await make(type);
            const sheet = actor.sheet as unknown as {
              render(options: { force: boolean }): Promise<unknown>;
              element: HTMLElement;
              close(): Promise<unknown>;
            };
            await sheet.render({ force: true });
            assert.isTrue(sheet.element.querySelectorAll('[data-action="roll"]').length > 0, `${type} roll buttons`);
            await sheet.close();
          }
        });
      });
    },
    { displayName: "Rolling Bones: characters" },
  );
}
