// @vitest-environment happy-dom
/**
 * Token Action HUD (issue 27, item 3) on the test world (v13 and v14), with a stand-in of Token Action
 * HUD Core following its public system-integration API: the system hands Core its integration only
 * when Core is active; the HUD lists each selected token's traits, weapons (attack and damage),
 * conditions and the spends its owner holds, grouped as its engine groups them; a click rolls as the
 * sheet does (owners only), toggles a condition, or opens the action-dice panel.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces, type ActorSpec, type TokenActionHudDouble } from "../foundry/index.ts";
import { ALICE, BOB, bootWorld, GM, type World } from "./action-dice-world.ts";
import { format } from "../support/i18n.ts";
import { newWeapon } from "../../src/data/item/pure.ts";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

const WIL = "actorHudWil00001";
const VEX = "actorHudVex00001";
const MOR = "actorHudMor00001";
const ODA = "actorHudOda00001";
const BRAM = "actorHudBram0001";
const AXE = "itemHudAxe000001";
const CLUB = "itemHudClub00001";

const ACTORS: ActorSpec[] = [
  {
    id: WIL,
    name: "Wil",
    type: "wild-character",
    ownership: { [ALICE]: 3 },
    system: {
      attributes: { agility: { code: "3D" }, strength: { code: "2D+1" } },
      skills: { skillAxes0000001: { name: "Axes <b>", attribute: "agility", code: "4D" } },
      characterPoints: 3,
      session: { characterPoints: 1, fatePoints: 0 },
    },
    items: [{ _id: AXE, name: "Axe <i>", type: "weapon", system: { ...newWeapon(), wild: { damage: "3D" } } }],
  },
  {
    id: VEX,
    name: "Vex",
    type: "pool-character",
    ownership: { [ALICE]: 3 },
    system: {
      attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
      abilities: { abilitySword0001: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
      willpower: { permanent: 6, current: 4 },
    },
  },
  {
    id: MOR,
    name: "Mor",
    type: "pool-character",
    ownership: { [ALICE]: 3 },
    system: { attributes: { dexterity: { rating: 2 }, strength: { rating: 4 } } },
  },
  {
    id: ODA,
    name: "Oda",
    type: "pi-character",
    ownership: { [ALICE]: 3 },
    system: {
      attributes: { power: { dice: [8] }, quickness: { dice: [6, 4] }, wits: { dice: [6] }, resolve: { dice: [4] } },
      conditions: { condTired000001: { name: "Tired", hindrance: "minor", active: false } },
    },
  },
  {
    id: BRAM,
    name: "Bram",
    type: "action-character",
    ownership: { [BOB]: 3 },
    system: { level: 3, skills: { skillClimb000001: { name: "Climb", mod: 2 } }, classDice: { faces: 6, count: 1 } },
    items: [
      {
        _id: CLUB,
        name: "Club",
        type: "weapon",
        system: { ...newWeapon(), action: { attack: 1, botchRange: 1, damage: "1d6+1" } },
      },
    ],
  },
];

/** Boots the world with the HUD's actors; `tah` activates Core (the system's hook listening). */
async function boot(userId: string, tah = true): Promise<TokenActionHudDouble | null> {
  w = await bootWorld({ userId, actors: ACTORS });
  const { onTokenActionHudCoreApiReady } = await import("../../src/integrations/token-action-hud.ts");
  w.double.Hooks.once("tokenActionHudCoreApiReady", onTokenActionHudCoreApiReady);
  return tah ? w.double.installTokenActionHud() : null;
}

const names = (actions: { name: string }[] | undefined) => (actions ?? []).map((a) => a.name);
const byName = (actions: { name: string; id: string }[] | undefined, name: string) =>
  (actions ?? []).find((a) => a.name === name)!.id;

describe("Token Action HUD", () => {
  it("tells the active GM once per build, in words, that Core's buttons may not respond on v14 from 14.364 (its issue 375); never a player, never on v13", async () => {
    await boot(GM);
    await w.double.settle();
    const warnings = () => w.double.notifications.filter((n) => n.type === "warn").map((n) => n.message);
    const { tellUnresponsiveBuild } = await import("../../src/integrations/token-action-hud.ts");
    if (process.env.RB_WORLD === "14") {
      // The world's v14 build is 14.369: told once, when Core handed over its API.
      await vi.waitFor(() => expect(warnings()).toHaveLength(1), { timeout: 3000 });
      expect(warnings()).toEqual([format("ROLLING_BONES.Error.TahUnresponsive", { build: "14.369" })]);
      expect(await w.double.actAs(GM, () => tellUnresponsiveBuild())).toBe(false);
      expect(w.double.game.settings.get("rolling-bones", "tahNoticeBuild")).toBe(369);
    } else {
      expect(warnings()).toEqual([]);
    }
    expect(await w.double.actAs(ALICE, () => tellUnresponsiveBuild())).toBe(false);
    expect(warnings().length).toBeLessThanOrEqual(1);
  });

  it("hands nothing over when Token Action HUD Core is not active", async () => {
    await boot(ALICE, false);
    const handed: unknown[] = [];
    w.double.Hooks.on("tokenActionHudSystemReady", (system: unknown) => void handed.push(system));
    expect(w.double.game.modules.get("token-action-hud-core")).toBeUndefined();
    await w.double.settle();
    expect(handed).toEqual([]);
  });

  it("is taken by Core with the system's tabs and groups, named in the user's language", async () => {
    const tah = (await boot(ALICE))!;
    await w.double.settle();
    expect(tah.registered()).toBe(true);
    expect(tah.refused()).toBeNull();
    const defaults = tah.defaults()!;
    expect(defaults.layout.map((tab) => tab.id)).toEqual(["rb-traits", "rb-weapons", "rb-conditions", "rb-spends"]);
    expect(defaults.groups.map((g) => g.name)).toContain("Saving throws");
    expect(defaults.groups.every((g) => !g.name.startsWith("ROLLING_BONES."))).toBe(true);
    expect(defaults.layout[0]!.groups[0]!.nestId).toBe("rb-traits_rb-attributes");
  });

  it("lists a Wild Die character's attributes, skills, weapon attack and damage and the points left, names as typed", async () => {
    const tah = (await boot(ALICE))!;
    const groups = await tah.select(ALICE, [WIL]);
    expect(Object.keys(groups)).toEqual([
      "rb-attributes",
      "rb-skills",
      "rb-attacks",
      "rb-damage",
      "rb-condition-list",
      "rb-spend-list",
    ]);
    // Only the Wild Die's own condition (docs/rules.md §6), off.
    expect(groups["rb-condition-list"]!.map((a) => [a.id, a.cssClass])).toEqual([["condition-rb-stunned", "toggle"]]);
    expect(groups["rb-attributes"]!.map((a) => [a.name, a.info1?.text])).toContainEqual(["Agility", "3D"]);
    expect(names(groups["rb-skills"])).toEqual(["Axes <b>"]);
    expect(groups["rb-skills"]![0]!.info1).toEqual({ text: "4D", title: "4D" });
    expect(names(groups["rb-attacks"])).toEqual(["Axe <i>"]);
    expect(names(groups["rb-damage"])).toEqual(["Axe <i>"]);
    expect(groups["rb-spend-list"]!.map((a) => [a.name, a.info1?.text, a.cssClass])).toEqual([
      ["Left this session", "3 CP · 1 FP", "disabled"],
    ]);
    expect(tah.dropped).toEqual([]);
  });

  it("groups an action-dice character's abilities, saves, skills, weapon and class dice as its engine does", async () => {
    const tah = (await boot(BOB))!;
    const groups = await tah.select(BOB, [BRAM]);
    expect(Object.keys(groups)).toEqual([
      "rb-abilities",
      "rb-saves",
      "rb-skills",
      "rb-attacks",
      "rb-damage",
      "rb-condition-list",
      "rb-spend-list",
    ]);
    expect(groups["rb-condition-list"]!.map((a) => a.id)).toEqual(["condition-rb-shaken"]);
    expect(groups["rb-saves"]!.map((a) => a.name)).toEqual(["Fortitude", "Reflex", "Will"]);
    expect(groups["rb-skills"]![0]!.info1?.text).toBe("+2");
    expect(names(groups["rb-spend-list"])).toEqual(["Action dice", "Class bonus dice"]);
  });

  it("rolls a skill as the sheet does: the dialog, or at once with the Roll without the dialog key", async () => {
    const tah = (await boot(ALICE))!;
    const groups = await tah.select(ALICE, [WIL]);
    const skill = groups["rb-skills"]![0]!.id;
    await tah.click(ALICE, skill);
    const dialog = w.double.clientRoot(ALICE).querySelector<HTMLFormElement>("form.rb-roll-dialog");
    expect(dialog?.querySelector('[name="code"]')).not.toBeNull();
    await w.double.press(dialog!.querySelector('[data-action="cancel"]')!);
    const before = w.double.game.messages.size;
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [3, 4, 5, 2]);
    await tah.click(ALICE, skill, { shiftKey: true });
    expect(w.double.game.messages.size).toBe(before + 1);
    const message = w.double.game.messages.contents.at(-1)!;
    expect(message.speaker.actor).toBe(WIL);
    expect(message.flavor).toContain("Axes &lt;b&gt;");
    expect(w.double.applicationErrors).toEqual([]);
  });

  it("rolls an action weapon's damage straight to chat, and a right click opens the weapon's sheet", async () => {
    const tah = (await boot(BOB))!;
    const groups = await tah.select(BOB, [BRAM]);
    const before = w.double.game.messages.size;
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [4]);
    await tah.click(BOB, groups["rb-damage"]![0]!.id);
    expect(w.double.game.messages.size).toBe(before + 1);
    expect(w.double.game.messages.contents.at(-1)!.rolls[0]!.total).toBe(5);
    await tah.click(BOB, groups["rb-attacks"]![0]!.id, { button: 2 });
    expect(w.double.game.messages.size).toBe(before + 1);
    const sheet = w.double.actAs(BOB, () => w.double.game.actors.get(BRAM)!.items.get(CLUB)!.sheet) as {
      rendered: boolean;
    };
    expect(sheet.rendered).toBe(true);
  });

  it("toggles a Precision & Impact character's status condition and its own condition, shown active afterwards", async () => {
    const tah = (await boot(ALICE))!;
    let groups = await tah.select(ALICE, [ODA]);
    expect(groups["rb-attributes"]!.map((a) => [a.name, a.info1?.text])).toEqual([
      ["Power + Quickness", "d8 d6 d4"],
      ["Power + Wits", "d8 d6"],
      ["Power + Resolve", "d8 d4"],
      ["Quickness + Wits", "d6 d4 d6"],
      ["Quickness + Resolve", "d6 d4 d4"],
      ["Wits + Resolve", "d6 d4"],
    ]);
    expect(groups["rb-condition-list"]!.map((a) => [a.name, a.cssClass])).toEqual([
      ["Exhausted", "toggle"],
      ["Minorly hindered", "toggle"],
      ["Majorly hindered", "toggle"],
      ["Tired", "toggle"],
    ]);
    await tah.click(ALICE, byName(groups["rb-condition-list"], "Exhausted"));
    await tah.click(ALICE, byName(groups["rb-condition-list"], "Tired"));
    groups = await tah.select(ALICE, [ODA]);
    expect(groups["rb-condition-list"]!.filter((a) => a.cssClass === "toggle active").map((a) => a.name)).toEqual([
      "Exhausted",
      "Tired",
    ]);
    // Every client's copy has them.
    const oda = w.double.actAs(BOB, () => w.double.game.actors.get(ODA)!);
    expect(oda.effects.contents.flatMap((e) => [...e.statuses])).toEqual(["rb-exhausted"]);
    expect(
      (oda.system as unknown as { conditions: Record<string, { active: boolean }> }).conditions.condTired000001!.active,
    ).toBe(true);
  });

  it("refuses a click on another player's character with one message, nothing rolled or changed", async () => {
    const tah = (await boot(BOB))!;
    // Bob's HUD is built for a character he does not own (a forged selection): each click is checked.
    const groups = await tah.select(BOB, [ODA]);
    const before = w.double.game.messages.size;
    await tah.click(BOB, byName(groups["rb-condition-list"], "Exhausted"));
    await tah.click(BOB, groups["rb-attributes"]![0]!.id, { shiftKey: true });
    expect(w.double.game.messages.size).toBe(before);
    const errors = w.double.notifications.filter((n) => n.type === "error" && n.userId === BOB);
    expect(errors).toHaveLength(2);
    expect(w.double.actAs(GM, () => w.double.game.actors.get(ODA)!.effects.size)).toBe(0);
  });

  it("with several tokens selected, offers what they share and rolls it for each", async () => {
    const tah = (await boot(ALICE))!;
    const groups = await tah.select(ALICE, [VEX, MOR]);
    // Their abilities differ; both have Willpower and their engine's condition; each owner's spends are left out.
    expect(Object.keys(groups)).toEqual(["rb-attributes", "rb-ten-point", "rb-condition-list"]);
    expect(groups["rb-condition-list"]!.map((a) => a.id)).toEqual(["condition-rb-impaired"]);
    // Dexterity differs (3 and 2): no figure.
    const dexterity = groups["rb-attributes"]!.find((a) => a.name === "Dexterity")!;
    expect(dexterity.info1).toBeUndefined();
    const before = w.double.game.messages.size;
    w.double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 7, 7, 7, 7]);
    await tah.click(ALICE, dexterity.id, { shiftKey: true });
    const posted = w.double.game.messages.contents.slice(before);
    expect(posted.map((m) => m.speaker.actor)).toEqual([VEX, MOR]);
  });

  it("opens the player's action-dice panel from the action dice held", async () => {
    const tah = (await boot(BOB))!;
    const groups = await tah.select(BOB, [BRAM]);
    await tah.click(BOB, byName(groups["rb-spend-list"], "Action dice"));
    expect(w.double.actAs(BOB, () => foundry.applications.instances.get("rolling-bones-action-dice"))).toBeDefined();
  });
});
