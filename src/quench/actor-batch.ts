/**
 * The in-world checks of the character data models and sheets, for the Quench module: what the
 * vitest suite cannot prove without Foundry. Each scenario creates a character in the real world,
 * and deletes it afterwards:
 * - new characters get the schema's defaults and their derived data (action dice from the level);
 * - an invalid update (out of range, not a whole number, a bad die code or die size) is rejected by
 *   the schema and nothing changes;
 * - data in an older shape is migrated by `migrateData` when the document is built;
 * - each type opens its own sheet, which renders a roll button per rollable trait;
 * - an item's transferring effect reaches its holder only while the item is equipped (the system's
 *   `ActiveEffect#isSuppressed`; the test world emulates `Actor#appliedEffects` from the API pages);
 * - an item dropped from one character onto another's sheet is copied to it, the original kept.
 */
import { SYSTEM_ID } from "../constants.ts";
import { CHARACTER_TYPES, SCHEMA_VERSION, WILD_STARTING_FATE_POINTS, type CharacterType } from "../data/actor/pure.ts";
import { effectChange, effectData } from "../helpers/compat.ts";
import type { QuenchApi, QuenchContext } from "./index.ts";

/** Invalid updates the schema must reject, per type: the update and the path that must not change. */
const INVALID_UPDATES: readonly [CharacterType, Record<string, unknown>, string][] = [
  ["percentile-character", { "system.karma": -3 }, "system.karma"],
  ["percentile-character", { "system.attributes.body.rating": 2.5 }, "system.attributes.body.rating"],
  ["action-character", { "system.level": 2.5 }, "system.level"],
  ["action-character", { "system.classDice.faces": 5 }, "system.classDice.faces"],
  ["wild-character", { "system.attributes.agility.code": "lots" }, "system.attributes.agility.code"],
  ["wild-character", { "system.session.fatePoints": 2 }, "system.session.fatePoints"],
  ["pi-character", { "system.attributes.power.dice": [7] }, "system.attributes.power.dice"],
  ["pool-character", { "system.attributes.strength.rating": 6 }, "system.attributes.strength.rating"],
  ["pool-character", { "system.willpower.permanent": 11 }, "system.willpower.permanent"],
];

/** Older source shapes and what a value must read after `migrateData`. */
const OLDER_SHAPES: readonly [CharacterType, Record<string, unknown>, string, unknown][] = [
  ["percentile-character", { attributes: { body: 6 } }, "system.attributes.body.rating", 6],
  [
    "action-character",
    { weapons: { axe0000000000001: { name: "Axe", botch: 3 } } },
    "system.weapons.axe0000000000001.botchRange",
    3,
  ],
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
  const actor = await Actor.implementation.create(data);
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

        for (const [type, update, path] of INVALID_UPDATES) {
          context.it(`${type}: rejects ${JSON.stringify(update)} and changes nothing`, async () => {
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
