// @vitest-environment happy-dom
/**
 * Conditions as Active Effects on the Foundry double, in v13 and v14 (vitest.world.config.ts runs
 * this file in both worlds): a status effect toggled on a character changes its next roll and is
 * named on the card; toggled off, it is gone from the next one; an effect a user named is shown as
 * text; another engine's condition does not touch a roll.
 */
import { afterEach, describe, expect, it } from "vitest";
import { format, localize } from "../support/i18n.ts";
import type { CharacterView } from "../../src/applications/sheets/views/shared.ts";
import {
  ALICE,
  AYLA,
  BOB,
  bootWorld,
  CHARACTERS,
  dice,
  d10s,
  errors,
  GM,
  messageAs,
  PIA,
  rollFor,
  VEX,
  type World,
} from "./points-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

/**
 * Turns a status effect on or off on a character, as its owner (the sheet's toggle, or the token HUD),
 * and waits until every client's copy of the character has it.
 */
async function toggle(actorId: string, status: string, userId = ALICE): Promise<unknown> {
  const result = await w.double.actAs(userId, () =>
    (
      w.double.game.actors.get(actorId) as unknown as { toggleStatusEffect(id: string): Promise<unknown> }
    ).toggleStatusEffect(status),
  );
  await w.double.settle();
  return result;
}

/** The card's text as `userId` sees it. */
async function cardText(id: string, userId = ALICE): Promise<string> {
  return (await messageAs(w, id, userId).renderHTML()).textContent ?? "";
}

/** A Precision & Impact roll of d6 d6 d6 showing 6, 4, 2 (best Precision: 6 and 4, Impact 2). */
async function piRoll(): Promise<{ id: string; outcome: { precision: number; impact: number; hindrance: string } }> {
  dice(w, [
    [6, 6],
    [4, 6],
    [2, 6],
  ]);
  const id = (await rollFor(w, ALICE, "pi", PIA, { pool: [6, 6, 6] })) as string;
  const roll = messageAs(w, id, ALICE).rolls[0] as unknown as { options: { outcome: never } };
  return { id, outcome: roll.options.outcome };
}

describe("conditions change rolls and are named on the card", () => {
  it("Exhausted lowers a Precision & Impact roll's Impact by one after the pick, and the card names it", async () => {
    w = await bootWorld();
    const plain = await piRoll();
    expect(plain.outcome).toMatchObject({ precision: 10, impact: 2 });
    expect(await cardText(plain.id)).not.toContain(localize("ROLLING_BONES.Condition.rb-exhausted.name"));

    await toggle(PIA, "rb-exhausted");
    const tired = await piRoll();
    expect(tired.outcome).toMatchObject({ precision: 10, impact: 1 });
    const html = await messageAs(w, tired.id, ALICE).renderHTML();
    const line = html.querySelector("[data-condition]");
    expect(line?.querySelector(".rb-card__condition-name")?.textContent).toBe(
      localize("ROLLING_BONES.Condition.rb-exhausted.name"),
    );
    expect(line?.textContent).toContain(`${localize("ROLLING_BONES.Condition.Target.impact")} −1`);

    // Removed (the same toggle, or the token HUD), the next roll is plain again.
    await toggle(PIA, "rb-exhausted");
    expect(w.double.game.actors.get(PIA)?.effects.contents).toEqual([]);
    const rested = await piRoll();
    expect(rested.outcome).toMatchObject({ impact: 2 });
    expect(await cardText(rested.id)).not.toContain(localize("ROLLING_BONES.Condition.rb-exhausted.name"));
    expect(w.double.warnings).toEqual([]);
  });

  it("two hindrances make a major one: the d6 that would be picked is removed", async () => {
    w = await bootWorld();
    await toggle(PIA, "rb-minor-hindrance");
    await toggle(PIA, "rb-major-hindrance");
    dice(w, [
      [4, 6],
      [2, 6],
    ]);
    const id = (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 6] })) as string;
    const roll = messageAs(w, id, ALICE).rolls[0] as unknown as { options: { outcome: { hindrance: string } } };
    expect(roll.options.outcome.hindrance).toBe("major");
    const names = [...(await messageAs(w, id, ALICE).renderHTML()).querySelectorAll(".rb-card__condition-name")].map(
      (n) => n.textContent,
    );
    expect(names).toEqual([
      localize("ROLLING_BONES.Condition.rb-minor-hindrance.name"),
      localize("ROLLING_BONES.Condition.rb-major-hindrance.name"),
    ]);
  });

  it("Hampered adds a penalty die to a percentile roll; a Precision & Impact condition does not touch it", async () => {
    w = await bootWorld();
    await toggle(AYLA, "rb-hampered");
    await toggle(AYLA, "rb-exhausted");
    d10s(w, 6, 9, 2);
    const id = (await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 5 })) as string;
    const roll = messageAs(w, id, ALICE).rolls[0] as unknown as {
      options: { outcome: { penalty: number; value: number } };
    };
    expect(roll.options.outcome).toMatchObject({ penalty: 1, value: 29 });
    const names = [...(await messageAs(w, id, ALICE).renderHTML()).querySelectorAll(".rb-card__condition-name")].map(
      (n) => n.textContent,
    );
    expect(names).toEqual([localize("ROLLING_BONES.Condition.rb-hampered.name")]);
  });

  it("an effect a user made and named adjusts the roll, and its name reaches the card as text", async () => {
    const named = "<img src=x onerror=alert(1)> Cursed";
    // An owner's own Active Effect, its change in the world's generation's shape (v13 mode ADD 2, v14 type "add").
    const key = "flags.rolling-bones.roll.precision";
    const change = process.env.RB_WORLD === "14" ? { key, value: "-2", type: "add" } : { key, value: "-2", mode: 2 };
    const actors = structuredClone(CHARACTERS).map((a) =>
      a.id === PIA ? { ...a, effects: [{ _id: "effectCursed0001", name: named, changes: [change] }] } : a,
    );
    w = await bootWorld({ actors });
    const { id, outcome } = await piRoll();
    expect(outcome.precision).toBe(8);
    const html = await messageAs(w, id, ALICE).renderHTML();
    expect(html.querySelector(".rb-card__condition-name")?.textContent).toBe(named);
    expect(html.querySelector(".rb-card__conditions img")).toBeNull();
  });

  it("an equipped item's effect adjusts its holder's rolls and is named; unequipped, or not transferring, it does not", async () => {
    const key = "flags.rolling-bones.roll.impact";
    const change = process.env.RB_WORLD === "14" ? { key, value: "-1", type: "add" } : { key, value: "-1", mode: 2 };
    const pack = {
      _id: "itemHeavyPack001",
      name: "Heavy pack",
      type: "gear",
      system: { equipped: true, quantity: 1 },
      effects: [
        { _id: "effectLoad000001", name: "Heavy load", transfer: true, changes: [change] },
        // An effect that stays on the item (it does not transfer) never touches the holder.
        { _id: "effectStays00001", name: "On the pack only", transfer: false, changes: [change] },
      ],
    };
    const actors = structuredClone(CHARACTERS).map((a) => (a.id === PIA ? { ...a, items: [pack] } : a));
    w = await bootWorld({ actors });
    const laden = await piRoll();
    expect(laden.outcome).toMatchObject({ precision: 10, impact: 1 });
    const html = await messageAs(w, laden.id, ALICE).renderHTML();
    expect([...html.querySelectorAll(".rb-card__condition-name")].map((n) => n.textContent)).toEqual(["Heavy load"]);

    // The owner takes the pack off (the sheet's equip toggle writes the same update): the effect stays
    // on the item, and the next roll is plain.
    const item = () =>
      w.double.game.actors.get(PIA)?.items.get(pack._id) as unknown as {
        system: { equipped: boolean };
        update(changes: object): Promise<unknown>;
      };
    await w.double.actAs(ALICE, () => item().update({ "system.equipped": false }));
    // The change reaches every client after its latency (the world config runs with latency).
    await w.double.settle();
    expect(item().system.equipped).toBe(false);
    const unladen = await piRoll();
    expect(unladen.outcome).toMatchObject({ impact: 2 });
    expect(await cardText(unladen.id)).not.toContain("Heavy load");
  });

  it("a player may not take another player's character's item off", async () => {
    const pack = { _id: "itemHeavyPack001", name: "Heavy pack", type: "gear", system: { equipped: true } };
    const actors = structuredClone(CHARACTERS).map((a) => (a.id === PIA ? { ...a, items: [pack] } : a));
    w = await bootWorld({ actors });
    const item = w.double.game.actors.get(PIA)?.items.get(pack._id) as unknown as {
      update(changes: object): Promise<unknown>;
    };
    await expect(w.double.actAs("playerBob0000000", () => item.update({ "system.equipped": false }))).rejects.toThrow(
      /lacks permission/,
    );
    expect(
      (w.double.game.actors.get(PIA)?.items.get(pack._id) as unknown as { system: { equipped: boolean } }).system
        .equipped,
    ).toBe(true);
  });

  it("a player may not toggle a condition on another player's character", async () => {
    w = await bootWorld();
    await expect(toggle(PIA, "rb-exhausted", "playerBob0000000")).rejects.toThrow(/lacks permission/);
    expect(w.double.game.actors.get(PIA)?.effects.contents).toEqual([]);
  });
});

describe("conditions on tokens and items, in the generation's shapes (issue 23, faults 1 and 2)", () => {
  const SCENE = "sceneRoad0000001";
  const TOKEN = "tokenPia00000001";
  const v14 = process.env.RB_WORLD === "14";
  const KEY = "flags.rolling-bones.roll.impact";

  it("the token HUD offers the system's conditions; toggled there, the effect carries its changes and changes the next roll", async () => {
    w = await bootWorld({
      scenes: [
        { id: SCENE, name: "Road", active: true, tokens: [{ _id: TOKEN, name: "Pia", actorId: PIA, actorLink: true }] },
      ],
    });
    const hud = w.double.tokenHud(ALICE, TOKEN);
    // The HUD offers a Precision & Impact character its engine's conditions only (`hud.actorTypes`), the
    // wounds every actor may take, and core's defeated status.
    expect(hud.statuses.map((s) => s.id)).toEqual([
      "dead",
      "rb-exhausted",
      "rb-minor-hindrance",
      "rb-major-hindrance",
      "rb-wounded",
      "rb-badly-wounded",
    ]);
    expect(hud.statuses[1]?.name).toBe("ROLLING_BONES.Condition.rb-exhausted.name");
    await hud.toggle("rb-exhausted");
    expect(hud.statuses.find((s) => s.id === "rb-exhausted")?.active).toBe(true);
    // Stored as the generation stores an effect: v13 top-level changes, v14 system.changes.
    const [effect] = w.double.storedActors().find((a) => a.id === PIA)?.effects ?? [];
    if (v14) {
      expect(effect?.system?.changes).toEqual([{ key: KEY, value: -1, type: "add", phase: "initial", priority: 20 }]);
      expect(effect).not.toHaveProperty("changes");
    } else expect(effect?.changes).toEqual([{ key: KEY, value: "-1", mode: 2, priority: null }]);
    const { outcome } = await piRoll();
    expect(outcome).toMatchObject({ precision: 10, impact: 1 });
    expect(w.double.warnings).toEqual([]);
  });

  it("the item sheet's effect editor adds an effect in the generation's shape, lists what it changes, and deletes it", async () => {
    const pack = { _id: "itemHeavyPack001", name: "Heavy pack", type: "gear", system: { equipped: true } };
    const actors = structuredClone(CHARACTERS).map((a) => (a.id === PIA ? { ...a, items: [pack] } : a));
    w = await bootWorld({ actors, userId: ALICE });
    const item = w.double.game.actors.get(PIA)!.items.get(pack._id)!;
    const sheet = item.sheet as Window & { render(force: boolean): Promise<unknown>; element: HTMLElement };
    await sheet.render(true);
    await w.double.press(sheet.element.querySelector('[data-action="createEffect"]')!);
    const stored = () => w.double.storedActors().find((a) => a.id === PIA)?.items?.[0]?.effects ?? [];
    expect(stored()).toHaveLength(1);
    const [created] = stored();
    expect(created).toMatchObject({ name: localize("ROLLING_BONES.Item.Effects.NewName"), transfer: true });
    if (v14) expect(created?.system).toEqual({ changes: [] });
    else expect(created?.changes).toEqual([]);
    // Core's effect sheet opened for it (the world records the opening).
    expect(w.double.effectSheetsOpened).toEqual([created?._id]);
    // An owner edits its changes in core's sheet (stood for by the update core's form makes).
    const effect = (item.effects as unknown as { get(id: string): { update(c: object): Promise<unknown> } }).get(
      created!._id,
    );
    const change = v14 ? { key: KEY, value: "-1", type: "add" } : { key: KEY, value: "-1", mode: 2 };
    await w.double.actAs(ALICE, () => effect.update(v14 ? { system: { changes: [change] } } : { changes: [change] }));
    await w.double.settle();
    const row = sheet.element.querySelector(`[data-effect-id="${created!._id}"]`);
    expect(row?.textContent).toContain(`${localize("ROLLING_BONES.Condition.Target.impact")} −1`);
    const { outcome } = await piRoll();
    expect(outcome).toMatchObject({ impact: 1 });
    w.double.answerConfirm(true);
    await w.double.press(
      sheet.element.querySelector(`[data-action="deleteEffect"][data-effect-id="${created!._id}"]`)!,
    );
    expect(stored()).toEqual([]);
    expect(w.double.applicationErrors).toEqual([]);
    expect(w.double.warnings).toEqual([]);
  });
});

describe("conditions in every engine, seen before the roll (issue 24 item 6)", () => {
  /** The dialog settings a user's client reads for a character (`readDialogSettings`, as the roll dialog opens). */
  async function dialogSettingsAs(userId: string, actorId: string) {
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    return w.double.actAs(userId, () => readDialogSettings(w.double.game.actors.get(actorId) as never));
  }

  it("Impaired costs a dice-pool roll one die: the dialog lists it and its odds count it, the roll and its card too", async () => {
    w = await bootWorld();
    await toggle(VEX, "rb-impaired");
    const settings = await dialogSettingsAs(ALICE, VEX);
    expect(settings.conditions).toEqual([
      { name: localize("ROLLING_BONES.Condition.rb-impaired.name"), adjustments: [{ target: "pool", value: -1 }] },
    ]);
    const { DIALOG_ENGINES, evaluateForm } = await import("../../src/applications/dialogs/index.ts");
    const values = DIALOG_ENGINES.pool.requestToForm({ pool: 5, difficulty: 6 }, settings);
    const evaluation = evaluateForm(DIALOG_ENGINES.pool, values, settings, "en");
    const { pool } = await import("../../src/engines/index.ts");
    expect((evaluation.odds as { headline: { p: number }[] }).headline[0]?.p).toBe(pool.odds({ pool: 4 }).pSuccess);
    d10s(w, 6, 7, 2, 3);
    const id = (await rollFor(w, ALICE, "pool", VEX, { pool: 5, difficulty: 6 })) as string;
    const roll = messageAs(w, id, BOB).rolls[0] as unknown as { options: { outcome: { pool: number } } };
    expect(roll.options.outcome.pool).toBe(4);
    expect(await cardText(id, BOB)).toContain(localize("ROLLING_BONES.Condition.rb-impaired.name"));
    // Another engine's character is not touched by it (each condition moves only its engine's rolls).
    await toggle(PIA, "rb-impaired");
    expect((await dialogSettingsAs(ALICE, PIA)).conditions ?? []).toEqual([]);
  });

  it("a penalty that leaves a dice pool no dice makes the roll a failure, not a refusal (docs/rules.md §6, issue 35 point 8)", async () => {
    w = await bootWorld();
    await toggle(VEX, "rb-impaired");
    const settings = await dialogSettingsAs(ALICE, VEX);
    const { DIALOG_ENGINES, evaluateForm } = await import("../../src/applications/dialogs/index.ts");
    // A one-die pool, Impaired: the dialog takes it and says it cannot succeed.
    const evaluation = evaluateForm(
      DIALOG_ENGINES.pool,
      DIALOG_ENGINES.pool.requestToForm({ pool: 1, difficulty: 6 }, settings),
      settings,
      "en",
    );
    expect(evaluation.ok).toBe(true);
    expect((evaluation.odds as { headline: { p: number }[] }).headline[0]?.p).toBe(0);
    const before = w.double.game.messages.size;
    const id = (await rollFor(w, ALICE, "pool", VEX, { pool: 1, difficulty: 6, willpower: true })) as string;
    expect(w.double.game.messages.size).toBe(before + 1);
    expect(errors(w)).toEqual([]);
    const roll = messageAs(w, id, BOB).rolls[0] as unknown as {
      options: { outcome: { pool: number; dice: unknown[]; result: string; emptied?: boolean; willpower: boolean } };
    };
    expect(roll.options.outcome).toMatchObject({
      pool: 0,
      dice: [],
      result: "failure",
      emptied: true,
      willpower: false,
    });
    // No Willpower was spent on a roll that throws nothing.
    expect((w.double.game.actors.get(VEX)!.system as { willpower: { current: number } }).willpower.current).toBe(2);
    expect(await cardText(id, BOB)).toContain(localize("ROLLING_BONES.Pool.Card.Emptied"));
  });

  it("an equipped item's effect is listed with the item it comes from, in the dialog and on the sheet", async () => {
    const key = "flags.rolling-bones.roll.impact";
    const change = process.env.RB_WORLD === "14" ? { key, value: "-1", type: "add" } : { key, value: "-1", mode: 2 };
    const plate = {
      _id: "itemPlate0000001",
      name: "Plate <b>",
      type: "gear",
      system: { equipped: true, quantity: 1 },
      effects: [{ _id: "effectHeavy00001", name: "Encumbered", transfer: true, changes: [change] }],
    };
    const actors = structuredClone(CHARACTERS).map((a) => (a.id === PIA ? { ...a, items: [plate] } : a));
    w = await bootWorld({ actors });
    await toggle(PIA, "rb-exhausted");
    const settings = await dialogSettingsAs(ALICE, PIA);
    expect(settings.conditions).toEqual([
      { name: localize("ROLLING_BONES.Condition.rb-exhausted.name"), adjustments: [{ target: "impact", value: -1 }] },
      { name: "Encumbered", adjustments: [{ target: "impact", value: -1 }], source: "Plate <b>" },
    ]);
    // The sheet's one list: the conditions with their toggles, then the item's effect and its source.
    const sheet = w.double.actAs(ALICE, () => {
      const actor = w.double.game.actors.get(PIA) as unknown as {
        sheet: { _prepareContext(o: object): Promise<{ view: CharacterView }> };
      };
      return actor.sheet._prepareContext({});
    });
    const list =
      (await sheet).view.stats.find((s) => s.id.endsWith("conditions-status"))?.list?.map((i) => i.text) ?? [];
    expect(list.at(-1)).toBe(
      `Encumbered: ${localize("ROLLING_BONES.Condition.Target.impact")} −1 (${format("ROLLING_BONES.Dialog.Conditions.From", { item: "Plate <b>" })})`,
    );
    expect(list).toContain(
      `${localize("ROLLING_BONES.Condition.rb-exhausted.name")}: ${localize("ROLLING_BONES.Condition.On")}`,
    );
  });
});

describe("an NPC's roll offers what the NPC has (issue 24 item 5)", () => {
  const THUG = "actorThug0000001"; // a dice-pool NPC
  const BRIGAND = "actorBrigand0001"; // an action-dice NPC

  it("a dice-pool NPC's dialog holds no points", async () => {
    const thug = {
      id: THUG,
      name: "Thug",
      type: "pool-npc",
      system: { attributes: { strength: { rating: 3 } } },
      ownership: {},
    };
    w = await bootWorld({ actors: [...structuredClone(CHARACTERS), thug] });
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    const settings = w.double.actAs(GM, () => readDialogSettings(w.double.game.actors.get(THUG) as never));
    expect(settings).toMatchObject({ npc: true });
    expect(settings.points).toBeUndefined();
  });

  it("an action-dice NPC's dialog reads the GM's pool of the session, its die and count", async () => {
    // The action-dice world: Alice's level-3, Bob's level-7 and Cara's level-12 characters make the GM's d12s.
    const { bootWorld: bootActionWorld, CHARACTERS: ACTION_CHARACTERS } = await import("./action-dice-world.ts");
    const brigand = { id: BRIGAND, name: "Brigand", type: "action-npc", system: {}, ownership: {} };
    const world = await bootActionWorld({ actors: [...structuredClone(ACTION_CHARACTERS), brigand] });
    try {
      expect(await world.double.actAs(GM, () => world.service.startSession())).toBe(true);
      await world.double.settle();
      const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
      const settings = world.double.actAs(GM, () => readDialogSettings(world.double.game.actors.get(BRIGAND) as never));
      expect(settings).toMatchObject({ npc: true, actionDice: { gm: true, level: null } });
      const gm = world.double.actAs(GM, () => world.service.sessionPoolOf(world.double.game.user as never));
      expect(settings.actionDice?.held).toEqual(gm?.state.dice);
      expect(settings.actionDice?.held?.[0]).toMatchObject({ faces: 12 });
    } finally {
      await world.double.settle();
      world.double.uninstall();
    }
    // The suite's own world, so its afterEach has one to uninstall.
    w = await bootWorld();
  });
});
