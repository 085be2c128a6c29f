/**
 * The lab page's model: its rolls are the engines' own (`shared.rollWith` with the same seed), its
 * chat cards are exactly the cards the Roll classes render on the Foundry double for the same
 * faces, its card states show what their captions say, every sample character's sheet renders and
 * every roll button on it opens a dialog with a valid request, and sheet changes go through the
 * sheets' own checks.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DIALOG_SETTINGS } from "../../src/applications/dialogs/types.ts";
import * as engines from "../../src/engines/index.ts";
import { shared, type action, type percentile, type pi, type pool, type wild } from "../../src/engines/index.ts";
import { createLocalization } from "../../lab/i18n.ts";
import {
  CARD_STATES,
  LAB_ENGINES,
  STARTING_REQUESTS,
  applySheetAction,
  cardContext,
  cardTemplateFile,
  carryDialog,
  dialogRequest,
  facesText,
  itemSheetContext,
  openDialog,
  parseSeed,
  randomSeed,
  rollCardState,
  rollEngine,
  sampleActors,
  sheetContext,
  sheetRoll,
  applyItemChanges,
  sampleConditions,
  withItemCreated,
  withItemDeleted,
  withItemToggled,
  withStatusToggled,
  type CardState,
  type SampleActor,
} from "../../lab/model.ts";
import { mixedFaces } from "../foundry/index.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { EN, ROOT } from "../support/i18n.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import { UNTRAINED_GROUP_KEY } from "../../src/data/actor/pure.ts";

const I18N = createLocalization(EN);

/** The sample characters of the actors compendium's sources. */
function actors(): SampleActor[] {
  const dir = path.join(ROOT, "packs/_source/actors");
  return sampleActors(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown),
  );
}

/** A card state's card as the engine's Roll class renders it on the Foundry double, from the same faces. */
async function rollClassCard(state: CardState): Promise<string> {
  const throws = rollCardState(state).throws;
  const double = await bootSystem({ userId: ALICE });
  try {
    double.CONFIG.Dice.randomUniform = mixedFaces(throws.map((t) => [t.value, t.faces] as const));
    const { ROLL_FACTORIES } = await import("../../src/dice/index.ts");
    const roll = ROLL_FACTORIES[state.engine](state.request);
    Object.assign(roll.options, state.stored ?? {});
    // What a roll for a character stores beside its outcome: the conditions, equipment and attack it names.
    for (const key of ["conditions", "equipment", "attack"] as const) {
      if (state[key] !== undefined) Object.assign(roll.options, { [key]: state[key] });
    }
    await roll.evaluate();
    return await roll.render({ isPrivate: state.isPrivate === true });
  } finally {
    double.uninstall();
  }
}

describe("lab rolls", () => {
  it.each([...LAB_ENGINES])("%s: a seeded roll is the engine's own seeded roll", (engine) => {
    for (let seed = 1; seed <= 25; seed++) {
      const roll = rollEngine(engine, STARTING_REQUESTS[engine], shared.seededFaces(seed));
      const rules = engines[engine].engine as shared.Engine<unknown, unknown, unknown>;
      const reference = shared.rollWith(rules, STARTING_REQUESTS[engine], shared.seededFaces(seed));
      expect(roll.outcome).toEqual(reference);
      expect(roll.throws.length).toBeGreaterThan(0);
    }
  });

  it("reads seeds as unsigned 32-bit whole numbers and draws them in range", () => {
    expect(parseSeed(" 42 ")).toBe(42);
    expect(parseSeed("4294967295")).toBe(4294967295);
    expect(parseSeed("4294967296")).toBeNull();
    expect(parseSeed("-1")).toBeNull();
    expect(parseSeed("1.5")).toBeNull();
    expect(parseSeed("")).toBeNull();
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999999)).toBe(4294967295);
  });

  it("writes the faces thrown by die size", () => {
    expect(
      facesText([
        { faces: 20, role: "d20", value: 1 },
        { faces: 6, role: "action", value: 6 },
        { faces: 6, role: "action", value: 2 },
      ]),
    ).toBe("d20: 1 · d6: 6, 2");
  });
});

describe("lab card states", () => {
  const outcome = (id: string) => {
    const state = CARD_STATES.find((s) => s.id === id) as CardState;
    return rollCardState(state).outcome;
  };

  it("each throws exactly its listed faces", () => {
    for (const state of CARD_STATES)
      expect(
        rollCardState(state).throws.map((t) => t.value),
        state.id,
      ).toEqual(state.faces);
  });

  it("show what their captions say", () => {
    const pct = (id: string) => outcome(id) as percentile.PercentileOutcome;
    expect(pct("percentileBonus").tensFrom).not.toBeNull();
    expect(pct("percentilePenalty").tensFrom).not.toBeNull();
    expect(pct("percentileDoubleZero").value).toBe(100);
    expect(pct("percentileKarma").karma).toEqual({ dice: 1, cost: 2 });
    const act = (id: string) => outcome(id) as action.ActionOutcome;
    expect(act("actionCascade")).toMatchObject({ potentialBotch: true, success: true });
    expect(act("actionCascade").augments[0]?.total).toBe(14);
    expect(act("actionCritical").criticalThreat).toBe(true);
    // 11 + 2 misses DC 15; the late d6 (4) makes it.
    expect(act("actionLateUse")).toMatchObject({ total: 17, success: true });
    expect(act("actionDamage").rerolls).toEqual([{ die: 1, faces: 6, from: 1, to: 4 }]);
    expect(act("actionDamage").total).toBe(5 + 4 + 1 + 3);
    expect(act("actionInitiative")).toMatchObject({ kind: "initiative", total: 18, potentialBotch: false });
    expect(outcome("wildDamageFate")).toMatchObject({ shape: { characterDice: 4, outsideDice: 3, pips: 2 } });
    const wd = (id: string) => outcome(id) as wild.WildOutcome;
    expect(wd("wildExplodes").criticalSuccess).toBe(true);
    expect(wd("wildCriticalFailure").criticalFailure).toBe(true);
    expect(wd("wildCriticalFailure").characterPoints).toBe(1);
    expect((outcome("piHindered") as pi.PiOutcome).removedSlot).not.toBeNull();
    expect((outcome("piSingleDie") as pi.PiOutcome).failed).toBe(true);
    expect(outcome("piWeaponAttack")).toMatchObject({ precision: 6 + 5 + 3, impact: 1 + 2 });
    expect(pct("percentileWeaponCalledShot")).toMatchObject({ success: true, calledShot: { base: 2, multiplier: 4 } });
    const pl = (id: string) => outcome(id) as pool.PoolOutcome;
    expect(pl("poolBotch").result).toBe("botch");
    expect(pl("poolSixthDot")).toMatchObject({ result: "failure", cancellation: 2, ignored: 2, botchLevel: 0 });
    expect(pl("poolWillpower")).toMatchObject({ willpower: true, result: "success" });
    expect(pl("poolAutomatic").automatic).toBe(true);
    // The Blaster's 5D with a Character Point: 4 + 2 + 5 + 3, the Wild Die 6 then 2, the point's die 4.
    expect(wd("wildWeaponAttack")).toMatchObject({ total: 26, characterPoints: 1, criticalSuccess: true });
    // At the Longsword's difficulty 7 the 6 fails: 7, 9, 10 less the 1, plus Willpower.
    expect(pl("poolWeaponAttack")).toMatchObject({ successes: 3, ones: 1, willpower: true, net: 3 });
    // Targeted: a hit on the Thug's 6 (2 net), no success at the Brute's 8; 12 + 4 against DC 14.
    expect(pl("poolTargetedAttack")).toMatchObject({ difficulty: 6, net: 2 });
    expect(engines.pool.resolve({ pool: 5, difficulty: 8 }, pl("poolTargetedAttack").dice).result).toBe("failure");
    expect(act("actionTargetedAttack")).toMatchObject({ total: 16 });
    expect(CARD_STATES.filter((s) => s.offersDamage).map((s) => s.id)).toEqual([
      "wildWeaponAttack",
      "poolWeaponAttack",
      "poolTargetedAttack",
      "actionTargetedAttack",
    ]);
  });

  it.each(CARD_STATES.map((s) => [s.id, s] as const))(
    "%s: the lab's card is the Roll class's card for the same faces",
    async (_id, state) => {
      const roll = rollCardState(state);
      const lab = renderTemplate(
        cardTemplateFile(state.engine),
        cardContext(roll, {
          isPrivate: state.isPrivate === true,
          stored: state.stored,
          conditions: state.conditions,
          equipment: state.equipment,
          attack: state.attack,
        }),
      );
      expect(lab).toBe(await rollClassCard(state));
    },
  );
});

describe("lab dialogs", () => {
  it("opens a sample P&I character's weapon row as an attack: the choice, the weapon and the gear to tick", () => {
    const odile = actors().find((a) => a.name === "Odile Fenwick") as SampleActor;
    const sword = odile.items.find((i) => i.name === "Longsword");
    const roll = sheetRoll(odile, { kind: "weapon", key: sword?.id ?? "" }, I18N);
    expect(roll).toMatchObject({ engine: "pi", title: "Longsword", direct: false });
    expect(roll.settings.attack?.uses.map((u) => u.text)).toContain("Fencing");
    expect(roll.settings.attack?.weapon.adjustments).toEqual([{ target: "impact", value: 2 }]);
    expect(roll.settings.gear?.map((g) => g.name)).toEqual(["Lockpicks"]);
    const dialog = openDialog("pi", DEFAULT_DIALOG_SETTINGS, roll.request, roll.title, roll.settings);
    expect(dialog.values).toMatchObject({
      use: roll.settings.attack?.use,
      [`gear-${roll.settings.gear?.[0]?.id}`]: false,
    });
    const evaluation = dialogRequest(dialog, DEFAULT_DIALOG_SETTINGS, "en");
    expect(evaluation.equipment?.named).toEqual([{ name: "Longsword", adjustments: [{ target: "impact", value: 2 }] }]);
    // The world settings changing keeps the player's choice and the gear ticked.
    const ticked = { ...dialog, values: { ...dialog.values, [`gear-${roll.settings.gear?.[0]?.id}`]: true } };
    const shift = { ...DEFAULT_DIALOG_SETTINGS, percentileMode: "shift" as const };
    expect(carryDialog(ticked, DEFAULT_DIALOG_SETTINGS, shift, "en").values).toMatchObject({
      use: roll.settings.attack?.use,
      [`gear-${roll.settings.gear?.[0]?.id}`]: true,
    });
  });

  it("opens the Wild Die and dice-pool samples' weapon rows as attacks: a choice of skill or pair, the weapon's difficulty", () => {
    const kestrel = actors().find((a) => a.name === "Kestrel Vane") as SampleActor;
    const pistol = kestrel.items.find((i) => i.name === "Old pistol");
    const wildRoll = sheetRoll(kestrel, { kind: "weapon", key: pistol?.id ?? "" }, I18N);
    expect(wildRoll).toMatchObject({ engine: "wild", title: "Old pistol", direct: false });
    expect(wildRoll.settings.attack?.uses.map((u) => u.text)).toContain("Blaster");
    const wildDialog = openDialog("wild", DEFAULT_DIALOG_SETTINGS, wildRoll.request, wildRoll.title, wildRoll.settings);
    expect(dialogRequest(wildDialog, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);

    const silas = actors().find((a) => a.name === "Silas Greaves") as SampleActor;
    const sword = silas.items.find((i) => i.name === "Longsword");
    const poolRoll = sheetRoll(silas, { kind: "weapon", key: sword?.id ?? "" }, I18N);
    expect(poolRoll).toMatchObject({ engine: "pool", title: "Longsword", direct: false });
    const groups = [...new Set(poolRoll.settings.attack?.uses.map((u) => u.group))];
    expect(groups).toEqual([
      "Investigation",
      "Firearms",
      "Subterfuge",
      "Occult",
      "Melee",
      I18N.localize(UNTRAINED_GROUP_KEY),
    ]);
    const poolDialog = openDialog("pool", DEFAULT_DIALOG_SETTINGS, poolRoll.request, poolRoll.title, poolRoll.settings);
    // The sword's usual pair, Dexterity + Melee, as the two pickers.
    expect(poolDialog.values).toMatchObject({
      use: "ability:abilityMelee0001+dexterity",
      useAttribute: "dexterity",
      useAbility: "abilityMelee0001",
      difficulty: String(6),
    });
    expect(dialogRequest(poolDialog, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it.each([...LAB_ENGINES])("%s starts from a request it can roll", (engine) => {
    const state = openDialog(engine, DEFAULT_DIALOG_SETTINGS, STARTING_REQUESTS[engine]);
    expect(dialogRequest(state, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it("carries a percentile dialog from dice to a column shift and back", () => {
    const dice = openDialog("percentile", DEFAULT_DIALOG_SETTINGS, { bonus: 2, penalty: 0, column: 9 });
    const shiftSettings = { ...DEFAULT_DIALOG_SETTINGS, percentileMode: "shift" as const };
    const shifted = carryDialog(dice, DEFAULT_DIALOG_SETTINGS, shiftSettings, "en");
    expect(shifted.values.shift).toBe("2");
    const back = carryDialog(shifted, shiftSettings, DEFAULT_DIALOG_SETTINGS, "en");
    expect(back.values).toMatchObject({ bonus: "2", penalty: "0", column: "9" });
  });
});

describe("lab sheets", () => {
  const samples = actors();

  it("finds a player character and an NPC of every character type, player characters first", () => {
    expect(samples.length).toBeGreaterThanOrEqual(10);
    for (const engine of LAB_ENGINES) {
      const own = samples.filter((a) => a.type === `${engine}-character`);
      expect(
        own.map((a) => a.playerCharacter),
        engine,
      ).toEqual([true, false]);
    }
  });

  it.each(actors().map((a) => [a.name, a] as const))(
    "%s: the sheet renders and every roll button opens a dialog with a valid request",
    (_name, actor) => {
      const context = sheetContext(actor, true, I18N);
      const html = renderTemplate(`templates/sheets/${actor.type}/body.hbs`, context);
      expect(html).not.toMatch(/ROLLING_BONES\./);
      const buttons = [...html.matchAll(/data-action="roll"[^>]*/g)].map((m) => m[0]);
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) {
        const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(button)?.[1];
        const trait = {
          kind: attr("kind") ?? "",
          key: attr("key") ?? "",
          ...(attr("with") ? { with: attr("with") } : {}),
        };
        const roll = sheetRoll(actor, trait, I18N);
        expect(roll.title).not.toBe("");
        if (roll.direct) {
          // An action-dice weapon's damage goes straight to chat: the engine takes its request as it is.
          expect(() => rollEngine(roll.engine, roll.request, shared.seededFaces(1)), button).not.toThrow();
          continue;
        }
        const dialog = openDialog(roll.engine, DEFAULT_DIALOG_SETTINGS, roll.request, roll.title, roll.settings);
        expect(dialogRequest(dialog, DEFAULT_DIALOG_SETTINGS, "en").ok, `${actor.name} ${button}`).toBe(true);
      }
    },
  );

  it("lists a sample character's equipment; the equip toggle flips one item; its own sheet shows its effect", () => {
    const odile = samples.find((a) => a.name === "Odile Fenwick") as SampleActor;
    const rows = () =>
      [
        ...renderTemplate(`templates/sheets/${odile.type}/body.hbs`, sheetContext(current, true, I18N)).matchAll(
          /data-action="toggleEquipped" data-item-id="([^"]+)" aria-pressed="(true|false)"/g,
        ),
      ].map((m) => [m[1], m[2]]);
    let current = odile;
    expect(rows()).toContainEqual(["rbItemPlate00001", "false"]);
    current = withItemToggled(odile, "rbItemPlate00001");
    expect(rows()).toContainEqual(["rbItemPlate00001", "true"]);
    expect(odile.items.find((i) => i.id === "rbItemPlate00001")?.system.equipped).toBe(false);

    const plate = current.items.find((i) => i.id === "rbItemPlate00001")!;
    const html = renderTemplate("templates/sheets/item/body.hbs", itemSheetContext(current, plate, true, I18N));
    expect(html).not.toMatch(/ROLLING_BONES\./);
    // A Precision & Impact character's sheet: the effect's Precision change, the other engines' left out.
    const row = /<li class="rb-item__effect"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "";
    const text = row.replace(/<button[\s\S]*?<\/button>/g, "").replace(/<[^>]+>/g, " ");
    expect(text.replace(/\s+/g, " ").trim()).toBe("Encumbered by plate Precision −1");
  });

  it("applies a dot press through the sheet's checks, and refuses a bad value without changing anything", () => {
    const actor = samples.find((a) => a.type === "pool-character") as SampleActor;
    const system = actor.system as { attributes: { strength: { rating: number } } };
    const before = system.attributes.strength.rating;
    const pressed = applySheetAction(actor, { action: "setDots", path: "system.attributes.strength.rating", value: 5 });
    expect(pressed.ok && (pressed.actor.system as typeof system).attributes.strength.rating).toBe(5);
    const refused = applySheetAction(actor, { action: "change", changes: { "system.attributes.strength.rating": 99 } });
    expect(refused.ok).toBe(false);
    expect(system.attributes.strength.rating).toBe(before);
  });

  it("adds and removes entries with their default data", () => {
    const actor = samples.find((a) => a.type === "percentile-character") as SampleActor;
    const added = applySheetAction(actor, { action: "addEntry", collection: "skills", id: "labEntry00000001" });
    if (!added.ok) throw added.error;
    const skills = (a: SampleActor) => (a.system as { skills: Record<string, unknown> }).skills;
    expect(skills(added.actor).labEntry00000001).toBeDefined();
    const removed = applySheetAction(added.actor, {
      action: "removeEntry",
      collection: "skills",
      id: "labEntry00000001",
    });
    expect(removed.ok && skills(removed.actor).labEntry00000001).toBeUndefined();
    expect(skills(actor).labEntry00000001).toBeUndefined();
  });
});

describe("the lab's equipment, item sheet and conditions work on its copy (issue 28 item 5)", () => {
  const samples = actors();
  const pi = () => samples.find((a) => a.type === "pi-character") as SampleActor;

  it("adds a weapon with a new weapon's data, opens on its sheet, and removes it again", () => {
    const actor = pi();
    const added = withItemCreated(actor, "weapon", "labItem000000001", "New weapon");
    const weapon = added.items.at(-1);
    expect(weapon).toMatchObject({ id: "labItem000000001", name: "New weapon", type: "weapon" });
    expect(weapon?.system).toMatchObject({ equipped: true, kind: "melee", action: { attack: 0, damage: "" } });
    expect(added.items).toHaveLength(actor.items.length + 1);
    expect(withItemCreated(actor, "spell", "labItem000000002", "Spell")).toBe(actor);
    const removed = withItemDeleted(added, "labItem000000001");
    expect(removed.items.map((i) => i.id)).toEqual(actor.items.map((i) => i.id));
  });

  it("checks an item sheet's edit as Foundry's sheet does: Attack 5000 and Damage “banana” refused, nothing changed", () => {
    const actor = withItemCreated(pi(), "weapon", "labItem000000001", "New weapon");
    const attack = applyItemChanges(actor, "labItem000000001", { "system.action.attack": 5000 });
    expect(attack.ok).toBe(false);
    const damage = applyItemChanges(actor, "labItem000000001", { "system.action.damage": "banana" });
    expect(damage.ok ? null : damage.error.key).toBe("ROLLING_BONES.Error.BadDamageFormula");
    const good = applyItemChanges(actor, "labItem000000001", { "system.action.attack": "3", name: "Axe" });
    if (!good.ok) throw good.error;
    const axe = good.actor.items.find((i) => i.id === "labItem000000001");
    expect(axe?.name).toBe("Axe");
    expect((axe?.system as { action: { attack: unknown } }).action.attack).toBe(3);
    expect((actor.items.at(-1)?.system as { action: { attack: unknown } }).action.attack).toBe(0);
  });

  it("applies and removes a condition of the character's engine, and the dialog's conditions follow", () => {
    const actor = pi();
    expect(actor.statuses).toEqual(["rb-exhausted"]);
    const names = (a: SampleActor) =>
      sampleConditions(a, I18N)
        .filter((c) => c.source === undefined)
        .map((c) => c.name);
    expect(names(actor)).toEqual(["Exhausted"]);
    const cleared = withStatusToggled(actor, "rb-exhausted");
    expect(cleared.statuses).toEqual([]);
    expect(names(cleared)).toEqual([]);
    expect(withStatusToggled(actor, "not-a-condition")).toBe(actor);
  });
});

describe("lab NPC dialogs and condition lines (issue 24 items 5 and 6)", () => {
  const samples = actors();
  const named = (name: string) => samples.find((a) => a.name === name) as SampleActor;

  it("opens an NPC's roll without a player's points; an action-dice NPC's with the GM's pool of the table", () => {
    const bandit = named("Bandit Lookout");
    const bow = bandit.items.find((i) => i.type === "weapon");
    const roll = sheetRoll(bandit, { kind: "weapon", key: bow?.id ?? "" }, I18N);
    expect(roll.settings).toMatchObject({ npc: true, actionDice: { gm: true, level: null } });
    expect(roll.settings.points).toBeUndefined();
    // Bram (level 6, 4d6) and Bob's level-3 character (3d4): the GM's d10s, 2 players + 4.
    expect(roll.settings.actionDice?.held).toEqual([{ faces: 10, count: 6 }]);
    const watch = named("Night Watch Patrolman");
    const dagger = watch.items.find((i) => i.type === "weapon");
    const poolRoll = sheetRoll(watch, { kind: "weapon", key: dagger?.id ?? "" }, I18N);
    expect(poolRoll.settings).toMatchObject({ npc: true });
    const state = openDialog("pool", DEFAULT_DIALOG_SETTINGS, poolRoll.request, poolRoll.title, poolRoll.settings);
    expect(dialogRequest(state, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it("lists Odile's conditions, and her plate's effect once it is equipped, with where each comes from", () => {
    const odile = named("Odile Fenwick");
    const fencing = Object.keys((odile.system as { skills: object }).skills)[0] ?? "";
    const roll = sheetRoll(odile, { kind: "skill", key: fencing }, I18N);
    expect(roll.settings.conditions).toEqual([
      {
        name: I18N.localize("ROLLING_BONES.Condition.rb-exhausted.name"),
        adjustments: [{ target: "impact", value: -1 }],
      },
    ]);
    const plate = odile.items.find((i) => i.name === "Plate armour");
    const armoured = withItemToggled(odile, plate?.id ?? "");
    const conditions = sheetRoll(armoured, { kind: "skill", key: fencing }, I18N).settings.conditions ?? [];
    expect(conditions.map((c) => c.source ?? null)).toEqual([null, "Plate armour"]);
    const sheet = sheetContext(armoured, true, I18N);
    const list = sheet.view.stats.find((s) => s.id.endsWith("conditions-status"))?.list?.map((i) => i.text) ?? [];
    expect(list.some((text) => text.includes("Plate armour"))).toBe(true);
  });
});
