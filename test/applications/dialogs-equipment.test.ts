// @vitest-environment happy-dom
/**
 * Equipment in the roll dialogs (issue 16): a Precision & Impact weapon attack's choice of skill or
 * attributes (which fills the pool), the weapon's modifiers and the gear the player ticks (none by
 * default) in the odds; a percentile weapon attack's choice of skill (which fills the rating) and
 * the weapon's multiplier in the called-shot fields; a Wild Die attack's choice of skill (which fills
 * the code) with the points as on any roll; a dice-pool attack's Attribute + Ability pair (which fills
 * the pool) at the weapon's difficulty; bad input refused under its field. View models and the real
 * templates, rendered with Handlebars.
 */
import { describe, expect, it } from "vitest";
import { followValues } from "../../src/applications/dialogs/context.ts";
import {
  attackRollOptions,
  chosenEquipment,
  type DialogAttack,
  type DialogItem,
} from "../../src/applications/dialogs/equipment.ts";
import * as piDialog from "../../src/applications/dialogs/pi-roll-dialog.ts";
import * as percentileDialog from "../../src/applications/dialogs/percentile-roll-dialog.ts";
import * as wildDialog from "../../src/applications/dialogs/wild-roll-dialog.ts";
import * as poolDialog from "../../src/applications/dialogs/pool-roll-dialog.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import { EngineError, pi } from "../../src/engines/index.ts";
import { traitLabelOf, type EquipmentLookup, type TraitRoll } from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { SAMPLE_EQUIPMENT, SAMPLES } from "../data/samples.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { renderDialogForm, settingsWith } from "./dialog-helpers.ts";

const i18n = { localize, format, has: hasKey };

const SWORD: DialogItem = {
  id: "itemSword0000001",
  name: "Longsword <b>bold</b>",
  adjustments: [{ target: "impact", value: 2 }],
};
const PICKS: DialogItem = {
  id: "itemPicks0000001",
  name: "Lockpicks",
  adjustments: [{ target: "precision", value: 2 }],
};
const BUCKLER: DialogItem = { id: "itemBuckler00001", name: "Buckler", adjustments: [{ target: "impact", value: 1 }] };

/** Fencing: Quickness d8 d4 + Power d6 d4, +1 Precision; or Power + Wits, no bonus. */
const FENCING = { pool: [8, 6, 4, 4], hindrance: "none", precisionMod: 1, impactMod: 0 } as const;
const POWER_WITS = { pool: [6, 4, 8, 6], hindrance: "none" } as const;

const PI_ATTACK: DialogAttack = {
  weapon: SWORD,
  uses: [
    { value: "skill:skillFencing0001", text: "Fencing <img src=x>", request: FENCING },
    { value: "attribute:power+wits", text: "Power + Wits", request: POWER_WITS },
  ],
  use: "skill:skillFencing0001",
};

const piSettings = settingsWith({ attack: PI_ATTACK, gear: [PICKS, BUCKLER] });

const context = renderDialogForm;

/** The odds of a request as the pi dialog shows them. */
function piOdds(request: pi.PiRequest) {
  return piDialog.oddsView(pi.validate(request), {}, "en");
}

describe("Precision & Impact weapon attack dialog", () => {
  const start = () => piDialog.piDialog.requestToForm(FENCING, piSettings);

  it("starts from the chosen skill, every piece of gear unticked, the weapon not in the typed modifiers", () => {
    const values = start();
    expect(values).toMatchObject({
      use: "skill:skillFencing0001",
      "gear-itemPicks0000001": false,
      "gear-itemBuckler00001": false,
      d8: "1",
      d6: "1",
      d4: "2",
      precisionMod: "1",
      impactMod: "0",
    });
    expect(piDialog.formToRequest(values)).toEqual(FENCING);
  });

  it("reads its odds with the weapon's Impact +2 added after the pick; unticked gear adds nothing", () => {
    const evaluation = evaluateForm(piDialog.piDialog, start(), piSettings, "en");
    expect(evaluation.ok).toBe(true);
    expect(evaluation.request).toEqual(FENCING);
    expect(evaluation.equipment).toEqual({
      ids: [SWORD.id],
      named: [{ name: SWORD.name, adjustments: SWORD.adjustments }],
    });
    expect(evaluation.odds).toEqual(piOdds({ ...FENCING, impactMod: 2 }));
    expect(evaluation.odds).not.toEqual(piOdds(FENCING));
  });

  it("adds each ticked piece of gear to the odds and the roll, in the dialog's order", () => {
    const values = { ...start(), "gear-itemBuckler00001": true, "gear-itemPicks0000001": true };
    const evaluation = evaluateForm(piDialog.piDialog, values, piSettings, "en");
    expect(evaluation.equipment?.ids).toEqual([SWORD.id, PICKS.id, BUCKLER.id]);
    expect(evaluation.equipment?.named.map((n) => n.name)).toEqual([SWORD.name, "Lockpicks", "Buckler"]);
    expect(evaluation.odds).toEqual(piOdds({ ...FENCING, precisionMod: 3, impactMod: 3 }));
    // Unticking one takes it out again.
    const one = evaluateForm(piDialog.piDialog, { ...values, "gear-itemPicks0000001": false }, piSettings, "en");
    expect(one.equipment?.ids).toEqual([SWORD.id, BUCKLER.id]);
    expect(one.odds).toEqual(piOdds({ ...FENCING, impactMod: 3 }));
  });

  it("a roll that is not an attack offers the gear alone, and without gear nothing changes", () => {
    const gearOnly = settingsWith({ gear: [PICKS] });
    const values = { ...piDialog.piDialog.requestToForm(POWER_WITS, gearOnly), "gear-itemPicks0000001": true };
    expect(values).not.toHaveProperty("use");
    expect(chosenEquipment(values, gearOnly)).toEqual({
      ids: [PICKS.id],
      named: [{ name: "Lockpicks", adjustments: PICKS.adjustments }],
    });
    const plain = context("pi", piDialog.piDialog.requestToForm(POWER_WITS, settingsWith()), settingsWith()).host;
    expect(plain.querySelector('select[name="use"]')).toBeNull();
    expect(plain.querySelector("[data-gear]")).toBeNull();
  });

  it("fills the pool and the skill's modifiers from a new choice, and keeps the hindrance, goal and gear", () => {
    const before = {
      ...start(),
      hindrance: "minor",
      precisionGoal: "7",
      "gear-itemPicks0000001": true,
      impactMod: "4",
    };
    const changed = followValues("pi", { ...before, use: "attribute:power+wits" }, before, piSettings);
    expect(changed).toMatchObject({
      use: "attribute:power+wits",
      d8: "1",
      d6: "2",
      d4: "1",
      precisionMod: "0",
      impactMod: "0",
      hindrance: "minor",
      precisionGoal: "7",
      "gear-itemPicks0000001": true,
    });
    // Any other change keeps what the player typed.
    expect(followValues("pi", { ...before, impactMod: "5" }, before, piSettings)).toMatchObject({ impactMod: "5" });
  });

  it("refuses a choice or a piece of gear it did not offer, and a sum out of range, under the field", () => {
    const forgedUse = context("pi", { ...start(), use: "skill:someoneElse0001" }, piSettings);
    expect(forgedUse.context.canRoll).toBe(false);
    expect(Object.keys(forgedUse.context.fieldErrors)).toEqual(["use"]);
    expect(forgedUse.context.fieldErrors.use?.message).toBe(
      format("ROLLING_BONES.Error.UnknownAttackUse", { name: SWORD.name, use: "skill:someoneElse0001" }),
    );
    expect(forgedUse.host.querySelector('select[name="use"]')?.getAttribute("aria-invalid")).toBe("true");

    const forgedGear = context("pi", { ...start(), "gear-itemNotMine000001": true }, piSettings);
    expect(Object.keys(forgedGear.context.fieldErrors)).toEqual(["gear"]);
    expect(forgedGear.context.fieldErrors.gear?.message).toBe(
      format("ROLLING_BONES.Error.UnknownItem", { id: "itemNotMine000001" }),
    );
    expect(forgedGear.host.querySelector('input[name="gear-itemPicks0000001"]')?.getAttribute("aria-invalid")).toBe(
      "true",
    );

    // 99 typed + the sword's 2 leaves the engine's ±100.
    const tooMuch = context("pi", { ...start(), impactMod: "99" }, piSettings);
    expect(Object.keys(tooMuch.context.fieldErrors)).toEqual(["impactMod"]);
    expect(tooMuch.context.canRoll).toBe(false);
  });

  it("renders the choice as a labelled select, the weapon and the gear by name as text", () => {
    const { host } = context("pi", { ...start(), "gear-itemBuckler00001": true }, piSettings);
    const select = host.querySelector<HTMLSelectElement>('select[name="use"]');
    expect(host.querySelector(`label[for="${select?.id}"]`)?.textContent).toBe(localize("ROLLING_BONES.Field.use"));
    expect([...(select?.options ?? [])].map((o) => [o.value, o.textContent, o.selected])).toEqual([
      ["skill:skillFencing0001", "Fencing <img src=x>", true],
      ["attribute:power+wits", "Power + Wits", false],
    ]);
    const weapon = host.querySelector("[data-weapon]");
    expect(weapon?.textContent?.trim()).toBe(
      `${format("ROLLING_BONES.Dialog.Attack.Weapon", { weapon: SWORD.name })}: Impact +2 ${localize("ROLLING_BONES.Dialog.Attack.AfterPick")}`,
    );
    expect(weapon?.querySelector("b")).toBeNull();
    expect(host.querySelector("img")).toBeNull();
    const boxes = [...host.querySelectorAll<HTMLInputElement>('[data-gear] input[type="checkbox"]')];
    expect(boxes.map((b) => [b.name, b.checked, host.querySelector(`label[for="${b.id}"]`)?.textContent])).toEqual([
      ["gear-itemPicks0000001", false, "Lockpicks: Precision +2"],
      ["gear-itemBuckler00001", true, "Buckler: Impact +1"],
    ]);
  });

  it("stores the weapon and the choice's name with the roll for the card", () => {
    expect(attackRollOptions(start(), piSettings)).toEqual({
      attack: { weapon: SWORD.name, use: "Fencing <img src=x>" },
    });
    expect(attackRollOptions(start(), settingsWith({ gear: [PICKS] }))).toEqual({});
  });
});

describe("percentile weapon attack dialog", () => {
  const BOW: DialogItem = { id: "itemBow000000001", name: "Short bow", adjustments: [] };
  const attack: DialogAttack = {
    weapon: BOW,
    uses: [
      {
        value: "skill:skillArchery001",
        text: "Archery",
        request: { bonus: 0, penalty: 0, column: 12, damageMultiplier: 2 },
      },
      {
        value: "attribute:agility",
        text: "Agility",
        request: { bonus: 0, penalty: 0, column: 11, damageMultiplier: 2 },
      },
    ],
    use: "skill:skillArchery001",
  };
  const settings = settingsWith({ attack });
  const start = () => percentileDialog.percentileDialog.requestToForm(attack.uses[0]!.request as never, settings);

  it("starts from the skill's rating and the weapon's multiplier, with the called-shot fields shown", () => {
    const values = start();
    expect(values).toMatchObject({
      use: "skill:skillArchery001",
      column: "12",
      damageMultiplier: "2",
      calledShot: true,
    });
    const { host } = context("percentile", values, settings);
    expect(host.querySelector("[data-called-shot]")).not.toBeNull();
    // An attack is a called shot when the player takes voluntary penalty dice: no box to tick first.
    expect(host.querySelector('input[name="calledShot"]')).toBeNull();
    expect(host.querySelector<HTMLInputElement>('input[name="damageMultiplier"]')?.value).toBe("2");
    expect(host.querySelector("[data-weapon]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Dialog.Attack.Weapon", { weapon: "Short bow" }),
    );
  });

  it("rolls two voluntary penalty dice on the ×2 base; the weapon adds nothing after the roll", () => {
    const evaluation = evaluateForm(
      percentileDialog.percentileDialog,
      { ...start(), voluntaryPenalty: "2" },
      settings,
      "en",
    );
    expect(evaluation.request).toMatchObject({ column: 12, voluntaryPenalty: 2, damageMultiplier: 2 });
    expect(evaluation.equipment).toEqual({ ids: [BOW.id], named: [] });
    expect(attackRollOptions(start(), settings)).toEqual({ attack: { weapon: "Short bow", use: "Archery" } });
  });

  it("fills the rating from a new choice and keeps the multiplier the player set", () => {
    const before = { ...start(), damageMultiplier: "3", voluntaryPenalty: "1" };
    expect(followValues("percentile", { ...before, use: "attribute:agility" }, before, settings)).toMatchObject({
      column: "11",
      damageMultiplier: "3",
      voluntaryPenalty: "1",
    });
  });

  it("refuses a multiplier below 1 under its field", () => {
    const { context: built, host } = context("percentile", { ...start(), damageMultiplier: "0" }, settings);
    expect(Object.keys(built.fieldErrors)).toEqual(["damageMultiplier"]);
    expect(host.querySelector('input[name="damageMultiplier"]')?.getAttribute("aria-invalid")).toBe("true");
  });
});

/** A weapon attack as `dialogAttack` gives it to the dialog: each choice's label and heading as text. */
function dialogAttackOf(roll: TraitRoll): DialogAttack {
  const attack = roll.attack!;
  return {
    weapon: { ...attack.weapon, adjustments: [] },
    uses: attack.uses.map((use) => ({
      value: use.value,
      text: traitLabelOf(use.label, localize),
      request: use.request,
      ...(use.group ? { group: traitLabelOf(use.group, localize) } : {}),
    })),
    use: attack.use,
  };
}

/** The sample equipment by own id, as `actor.items.get` finds it. */
const sampleItems: EquipmentLookup = (id) => SAMPLE_EQUIPMENT.find((item) => item.id === id);

describe("Wild Die weapon attack dialog", () => {
  const system = structuredClone(SAMPLES["wild-character"]);
  system.skills.skillAxes0000001 = { name: "Axes <i>", attribute: "agility", code: "4D+2" };
  const roll = requestForTrait("wild-character", system, { kind: "weapon", key: "itemAxe000000001" }, sampleItems);
  const attack = dialogAttackOf(roll);
  const points = {
    actor: "Kestrel",
    karma: null,
    assists: [],
    wild: { characterPoints: 1, fatePoints: 0, cpUsed: 0, fpUsed: 0, cpLimit: 5 },
    willpower: null,
  };
  const settings = settingsWith({ attack, points });
  const start = () => wildDialog.wildDialog.requestToForm(roll.request, settings);

  it("starts from the skill naming the weapon: its code, no outside bonus, the weapon's damage code left out", () => {
    const values = start();
    expect(values).toMatchObject({ use: "skill:skillAxes0000001", code: "4D+2", bonus: "", target: "" });
    const evaluation = evaluateForm(wildDialog.wildDialog, values, settings, "en");
    expect(evaluation.ok).toBe(true);
    expect(evaluation.request).toMatchObject({ dice: 4, pips: 2, outsideDice: 0, outsidePips: 0, target: null });
    expect(evaluation.equipment).toEqual({ ids: ["itemAxe000000001"], named: [] });
  });

  it("fills the code from a new choice, keeping the bonus, the points and the target the player typed", () => {
    const before = { ...start(), bonus: "+1D", characterPoints: "1", target: "15" };
    const changed = followValues("wild", { ...before, use: "attribute:strength" }, before, settings);
    expect(changed).toMatchObject({ code: "2D+2", bonus: "+1D", characterPoints: "1", target: "15" });
    const evaluation = evaluateForm(wildDialog.wildDialog, changed, settings, "en");
    expect(evaluation.request).toMatchObject({ dice: 2, pips: 2, outsideDice: 1, characterPoints: 1, target: 15 });
    // The odds are read against the typed target number.
    expect((evaluation.odds as { target: number }).target).toBe(15);
  });

  it("refuses Character Points the character does not have under their field, as on any roll", () => {
    const { context: built, host } = context("wild", { ...start(), characterPoints: "2" }, settings);
    expect(built.canRoll).toBe(false);
    expect(Object.keys(built.fieldErrors)).toEqual(["characterPoints"]);
    expect(host.querySelector('input[name="characterPoints"]')?.getAttribute("aria-invalid")).toBe("true");
    const fate = context("wild", { ...start(), fatePoint: true }, settings);
    expect(Object.keys(fate.context.fieldErrors)).toEqual(["fatePoint"]);
  });

  it("refuses a forged choice under the select, and renders the choices and the weapon as text", () => {
    const forged = context("wild", { ...start(), use: "skill:notMine0000001" }, settings);
    expect(Object.keys(forged.context.fieldErrors)).toEqual(["use"]);
    expect(forged.host.querySelector('select[name="use"]')?.getAttribute("aria-invalid")).toBe("true");
    const { host } = context("wild", start(), settings);
    const select = host.querySelector<HTMLSelectElement>('select[name="use"]');
    expect(host.querySelector(`label[for="${select?.id}"]`)?.textContent).toBe(localize("ROLLING_BONES.Field.use"));
    // The option the template marks selected (happy-dom's `selected` property misreads a later option).
    expect([...(select?.options ?? [])].slice(0, 4).map((o) => [o.textContent, o.hasAttribute("selected")])).toEqual([
      ["Dodge", false],
      ["Repair", false],
      ["Axes <i>", true],
      ["Agility", false],
    ]);
    expect(select?.querySelector("optgroup")).toBeNull();
    expect(host.querySelector("i:not([aria-hidden])")).toBeNull();
    expect(host.querySelector("[data-weapon]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Dialog.Attack.Weapon", { weapon: "Battle axe" }),
    );
    expect(attackRollOptions(start(), settings)).toEqual({ attack: { weapon: "Battle axe", use: "Axes <i>" } });
  });

  it("a roll that is not an attack has no choice", () => {
    const plain = context("wild", wildDialog.wildDialog.requestToForm({ dice: 3 }, settingsWith()), settingsWith());
    expect(plain.host.querySelector('select[name="use"]')).toBeNull();
  });
});

describe("dice-pool weapon attack dialog", () => {
  const roll = requestForTrait(
    "pool-character",
    SAMPLES["pool-character"],
    { kind: "weapon", key: "itemBow000000001" },
    sampleItems,
  );
  const attack = dialogAttackOf(roll);
  const points = {
    actor: "Silas",
    karma: null,
    assists: [],
    wild: null,
    willpower: { current: 0, permanent: 7, spentInTurn: null, turn: null },
  };
  const settings = settingsWith({ attack, points });
  const start = () => poolDialog.poolDialog.requestToForm(roll.request as never, settings);

  it("starts untrained from Dexterity alone at the bow's difficulty 7, and says why the difficulty is 7", () => {
    const values = start();
    expect(values).toMatchObject({ use: "attribute:dexterity", pool: "4", difficulty: "7", cancellation: "0" });
    const evaluation = evaluateForm(poolDialog.poolDialog, values, settings, "en");
    expect(evaluation.request).toEqual({ pool: 4, difficulty: 7, cancellation: 0, willpower: false, automatic: false });
    const { host } = context("pool", values, settings);
    const hint = host.querySelector("[data-weapon-difficulty]");
    expect(hint?.textContent).toBe(localize("ROLLING_BONES.Dialog.Pool.WeaponDifficulty"));
    expect(host.querySelector('input[name="difficulty"]')?.getAttribute("aria-describedby")).toBe(hint?.id);
    // Another roll has no such hint.
    const plain = context(
      "pool",
      poolDialog.poolDialog.requestToForm({ pool: 4 }, settingsWith()),
      settingsWith(),
    ).host;
    expect(plain.querySelector("[data-weapon-difficulty]")).toBeNull();
    expect(plain.querySelector('select[name="use"]')).toBeNull();
  });

  it("lists each ability's pairs under its name and the attributes alone under Untrained", () => {
    const { host } = context("pool", start(), settings);
    const groups = [...host.querySelectorAll('select[name="use"] optgroup')];
    expect(groups.map((g) => [g.getAttribute("label"), g.querySelectorAll("option").length])).toEqual([
      ["Brawl", 9],
      ["Occult", 9],
      [localize("ROLLING_BONES.Dialog.Attack.Untrained"), 9],
    ]);
    expect([...groups[0]!.querySelectorAll("option")].slice(0, 2).map((o) => o.textContent)).toEqual([
      "Strength + Brawl",
      "Dexterity + Brawl",
    ]);
    const selected = host.querySelectorAll('select[name="use"] option[selected]');
    expect(selected).toHaveLength(1);
    const option = selected[0] as HTMLOptionElement;
    expect([option.value, option.textContent, option.parentElement?.getAttribute("label")]).toEqual([
      "attribute:dexterity",
      "Dexterity",
      localize("ROLLING_BONES.Dialog.Attack.Untrained"),
    ]);
  });

  it("fills the pool and the botch cancellation from a new pair, keeping the difficulty the player set", () => {
    const before = { ...start(), difficulty: "8" };
    const changed = followValues("pool", { ...before, use: "ability:abilityOccult01+perception" }, before, settings);
    expect(changed).toMatchObject({ pool: "10", cancellation: "1", difficulty: "8" });
    expect(attackRollOptions(changed, settings)).toEqual({
      attack: { weapon: "Short bow", use: "Perception + Occult" },
    });
  });

  it("refuses Willpower the character does not have under its box, and a forged pair under the select", () => {
    const spent = context("pool", { ...start(), willpower: true }, settings);
    expect(spent.context.canRoll).toBe(false);
    expect(Object.keys(spent.context.fieldErrors)).toEqual(["willpower"]);
    expect(Object.values(spent.context.fieldErrors)[0]?.message).toBe(
      errorMessage(new EngineError("NoWillpower", {}), i18n),
    );
    const forged = context("pool", { ...start(), use: "ability:abilityBrawl001+luck" }, settings);
    expect(Object.keys(forged.context.fieldErrors)).toEqual(["use"]);
    expect(Object.values(forged.context.fieldErrors)[0]?.message).toBe(
      format("ROLLING_BONES.Error.UnknownAttackUse", { name: "Short bow", use: "ability:abilityBrawl001+luck" }),
    );
  });
});
