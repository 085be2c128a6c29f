// @vitest-environment happy-dom
/**
 * Dragging a roll button to the hotbar: the drag data, the macro made from it (its command rolls
 * the trait through the API, and nothing else), and the API's roll of a character's trait.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces } from "../foundry/index.ts";
import {
  TRAIT_DRAG_TYPE,
  createTraitMacro,
  isTraitDragData,
  makeTraitsDraggable,
  traitMacroCommand,
  type MacroMaker,
  type TraitDragData,
} from "../../src/applications/sheets/trait-macro.ts";
import { ALICE, AXEL, BOB, bootWorld, errorText, errors, type World } from "../services/points-world.ts";
import { SAMPLES } from "../data/samples.ts";

const AsyncFunction = (async () => undefined).constructor as new (
  ...args: string[]
) => (...args: unknown[]) => Promise<unknown>;

const drag: TraitDragData = {
  type: TRAIT_DRAG_TYPE,
  actorId: "actorAxel0000001",
  trait: { kind: "save", key: "reflex" },
  name: "Axel: Reflex",
  img: "axel.webp",
};

describe("the trait macro", () => {
  it("knows a dragged trait from anything else", () => {
    expect(isTraitDragData(drag)).toBe(true);
    expect(isTraitDragData({ type: "Item", uuid: "x" })).toBe(false);
    expect(isTraitDragData({ ...drag, trait: { kind: "save" } })).toBe(false);
    expect(isTraitDragData(null)).toBe(false);
  });

  it("has a command that calls the API with the actor and the trait, whatever they contain", async () => {
    const sneaky = { kind: 'skill"); alert(1); ("', key: "k" };
    const command = traitMacroCommand('a"b', sneaky);
    const rollTrait = vi.fn(async () => undefined);
    await new AsyncFunction("game", command)({ system: { api: { rollTrait } } });
    expect(rollTrait).toHaveBeenCalledWith('a"b', sneaky);
    expect(traitMacroCommand("id", { kind: "attribute", key: "power", with: "wits" })).toContain('"with":"wits"');
  });

  it("reuses the user's macro of the same name and command, or makes one, and puts it on the slot", async () => {
    const made: unknown[] = [];
    const assigned: [unknown, number | undefined][] = [];
    const existing: Macro.Implementation[] = [];
    const maker: MacroMaker = {
      find: () => existing[0],
      create: async (data) => {
        made.push(data);
        return { id: "new", ...data } as unknown as Macro.Implementation;
      },
      assign: async (macro, slot) => void assigned.push([macro, slot]),
    };
    const first = await createTraitMacro(drag, 3, maker);
    expect(made).toEqual([
      { name: "Axel: Reflex", type: "script", img: "axel.webp", command: traitMacroCommand(drag.actorId, drag.trait) },
    ]);
    if (first) existing.push(first);
    await createTraitMacro(drag, 5, maker);
    expect(made).toHaveLength(1);
    expect(assigned).toEqual([
      [first, 3],
      [first, 5],
    ]);
  });

  it("makes a sheet's roll buttons carry their trait when dragged", () => {
    document.body.innerHTML = `<div><button type="button" class="rb-roll" data-kind="save" data-key="reflex" aria-label="Reflex"></button><button type="button">Other</button></div>`;
    makeTraitsDraggable(document.body, { id: "actorAxel0000001", name: "Axel", img: "axel.webp" });
    const [roll, other] = [...document.querySelectorAll("button")] as HTMLButtonElement[];
    expect(roll?.getAttribute("draggable")).toBe("true");
    expect(other?.hasAttribute("draggable")).toBe(false);
    const set: Record<string, string> = {};
    const event = new Event("dragstart");
    Object.defineProperty(event, "dataTransfer", { value: { setData: (k: string, v: string) => void (set[k] = v) } });
    roll?.dispatchEvent(event);
    expect(JSON.parse(set["text/plain"] ?? "null")).toEqual(drag);
  });

  it("the hotbarDrop hook takes a trait (and stops Foundry's own handling) and leaves the rest", async () => {
    const { onHotbarDrop } = await import("../../src/hooks/hotbar-drop.ts");
    expect(onHotbarDrop(null, { type: "Item", uuid: "Item.x" }, 1)).toBeUndefined();
  });
});

describe("rolling a trait through the API", () => {
  let w: World;
  afterEach(() => w.double.uninstall());

  it("rolls the owner's character; refuses someone else's and a missing one, rolling nothing", async () => {
    const actors = (await import("../services/points-world.ts")).CHARACTERS.map((c) =>
      c.id === AXEL
        ? { ...c, system: structuredClone(SAMPLES["action-character"]) as unknown as Record<string, unknown> }
        : c,
    );
    w = await bootWorld({ actors });
    const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [12]);
    const shift = { shiftKey: true } as unknown as Event;
    await w.double.actAs(BOB, () => rollActorTrait(AXEL, { kind: "save", key: "reflex" }, shift));
    await w.double.actAs(ALICE, () => rollActorTrait("nobody0000000000", { kind: "save", key: "reflex" }, shift));
    expect(errors(w)).toEqual([
      errorText("RequestNotYours", { name: "Axel" }),
      errorText("RequestCharacter", { id: "nobody0000000000" }),
    ]);
    expect(w.double.game.messages.contents).toHaveLength(0);
    await w.double.actAs(ALICE, () => rollActorTrait(AXEL, { kind: "save", key: "reflex" }, shift));
    const roll = w.double.game.messages.contents[0]?.rolls[0] as unknown as { request: Record<string, unknown> };
    expect(roll.request).toMatchObject({ kind: "save", modifier: SAMPLES["action-character"].saves.reflex.mod });
  });
});
