// @vitest-environment happy-dom
/**
 * An NPC's defence figure on its sheet (issue 35 point 3, docs/rules.md §6), on the test world in v13 and
 * v14: in every engine the GM sees and edits it (the DC, the target number, the difficulty, the
 * Precision needed, the penalty dice); a value out of its engine's range gets one message and nothing
 * is stored; a player sees it, unedited, only in a world that shows NPC defences to players. Before
 * the fix the NPC view dropped the figure, so the Bestiary's "+2 to its defence" could not be followed.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { localize } from "../support/i18n.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { DEFENCE, defenceLabelKey } from "../../src/data/actor/defence.ts";
import { CHARACTER_OF_NPC, ENGINE_OF, NPC_TYPES, type NpcType } from "../../src/data/actor/pure.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const FOE = "actorFoe00000001";

interface Sheet {
  render(force: boolean): Promise<unknown>;
  element: HTMLFormElement;
}

/** The smallest data each NPC type starts from (its model fills the rest). */
function npcSystem(): Record<string, unknown> {
  return { schemaVersion: 2, notes: "", health: { value: 10, max: 10 } };
}

async function boot(type: NpcType, userId: string, shown = false): Promise<Sheet> {
  double = await bootSystem({
    userId,
    actors: [{ id: FOE, name: "Foe", type, system: npcSystem(), ownership: { default: 2 } }],
  });
  if (shown) {
    await double.actAs(GM, () => double.game.settings.set("rolling-bones", "showNpcDefences", true));
    await double.settle();
  }
  const sheet = double.game.actors.get(FOE)!.sheet as Sheet;
  await sheet.render(true);
  return sheet;
}

const stored = () => (double.storedActors().find((a) => a.id === FOE)!.system as { defence: number }).defence;

async function type(sheet: Sheet, value: string): Promise<void> {
  const control = sheet.element.querySelector<HTMLInputElement>('[name="system.defence"]')!;
  control.value = value;
  double.actAs(GM, () => control.dispatchEvent(new Event("change", { bubbles: true })));
  await double.settle();
}

describe("an NPC's defence figure on its sheet (issue 35 point 3)", () => {
  for (const npcType of NPC_TYPES) {
    const engine = ENGINE_OF[CHARACTER_OF_NPC[npcType]];
    const { initial, max } = DEFENCE[engine];
    it(`${npcType}: the GM sees and edits its ${engine} defence; out of range is refused with one message`, async () => {
      const sheet = await boot(npcType, GM);
      const input = sheet.element.querySelector<HTMLInputElement>('[name="system.defence"]');
      expect(input, "the GM's sheet has the defence input").not.toBeNull();
      expect(Number(input!.value)).toBe(initial);
      expect(input!.closest("[data-stat], label, div")?.textContent).toContain(localize(defenceLabelKey(engine)));
      await type(sheet, String(initial + 2));
      expect(stored()).toBe(initial + 2);
      const told = double.notifications.length;
      await type(sheet, String(max + 1));
      expect(double.notifications.length).toBe(told + 1);
      expect(stored()).toBe(initial + 2);
    });
  }

  it("a player sees no defence figure where the world hides NPC defences", async () => {
    const sheet = await boot("action-npc", ALICE);
    expect(sheet.element.querySelector('[name="system.defence"]')).toBeNull();
    expect(sheet.element.textContent).not.toContain(localize(defenceLabelKey("action")));
  });

  it("a player sees the figure, but cannot edit it, where the world shows NPC defences", async () => {
    const sheet = await boot("wild-npc", ALICE, true);
    expect(sheet.element.querySelector('[name="system.defence"]')).toBeNull();
    expect(sheet.element.textContent).toContain(localize(defenceLabelKey("wild")));
    expect(sheet.element.textContent).toContain(localize("ROLLING_BONES.Sheet.NpcDefenceHint"));
  });
});
