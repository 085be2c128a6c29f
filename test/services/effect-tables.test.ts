// @vitest-environment happy-dom
/**
 * Critical and botch effects drawn from roll tables (issue 27, item 4) on the test world (v13 and
 * v14): the GM draws from the table of the activation, the kind of roll and the severity; the result
 * is recorded on the card as the activation's effect, named with its table; the world setting points
 * at the GM's own tables (a compendium, or a folder of world tables), a slot they lack falling back to
 * the system's; a player, an activation that does not stand, a kind the roll cannot have, a missing or
 * empty table are refused with one message and nothing is recorded.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type TableSpec } from "../foundry/index.ts";
import { bootWorld, CARA, cardRoll, control, GM, rollAs, type World } from "./action-dice-world.ts";
import { systemTablePack, systemTables } from "../support/effect-tables.ts";
import { format } from "../support/i18n.ts";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** A world with the system's tables (and any of the GM's), a session started. */
async function started(options: { tables?: TableSpec[]; gmPack?: TableSpec[] } = {}): Promise<World> {
  w = await bootWorld({
    tablePacks: [
      systemTablePack(),
      ...(options.gmPack
        ? [{ collection: "world.gm-tables", packageType: "world" as const, tables: options.gmPack }]
        : []),
    ],
    tables: options.tables ?? [],
  });
  await w.double.actAs(GM, () => w.service.startSession());
  await w.double.settle();
  return w;
}

/** Cara's natural 20 of this kind, her critical activated with `dice` dice. */
async function critical(kind: "check" | "attack" | "save", dice: number): Promise<string> {
  const id = await rollAs(w, CARA, { kind }, [[20, 20]]);
  expect(await control(w, CARA, id, { type: "critical", dice })).toBe(true);
  await w.double.settle();
  return id;
}

/** The GM (or `userId`) draws the activation's effect from a table of `kind`, the table's d4 showing `face`. */
async function draw(
  id: string,
  activation: "critical" | "botch" | "specialBotch",
  kind: string,
  face = 3,
  userId = GM,
) {
  const { drawEffect } = await import("../../src/services/effect-tables.ts");
  w.double.CONFIG.Dice.randomUniform = fixedFaces(4, [face]);
  const done = await w.double.actAs(userId, () =>
    drawEffect(w.double.game.messages.get(id) as never, activation, kind as never),
  );
  await w.double.settle();
  return done;
}

/** The effect entries of a card. */
const effects = (id: string) =>
  cardRoll(w, id)
    .card.ledger.filter((e) => e.type === "effect" && !e.undone)
    .map((e) => e.effect);

/** The text of a slot's result `face` in the system's tables. */
function resultOf(name: string, face: number): string {
  const table = systemTables().find((t) => t.name === name)!;
  return table.results.find((r) => r.range[0] === face)!.description!;
}

const errors = () => w.double.notifications.filter((n) => n.type === "error").map((n) => n.message);

describe("critical and botch effects from roll tables", () => {
  it("draws a check's critical from the parry table of its severity and records the result on the card", async () => {
    await started();
    const id = await critical("check", 2);
    expect(await draw(id, "critical", "parry", 3)).toBe(true);
    const note = `Critical · Parry · 2 dice: ${resultOf("Critical · Parry · 2 dice", 3)}`;
    expect(effects(id)).toEqual([{ activation: "critical", id: "tableDraw", note }]);
    // Every client's card shows it, as text.
    const html = await w.double.actAs(CARA, () => w.double.game.messages.get(id)!.renderHTML());
    expect(html.textContent).toContain("Drawn from a table");
    expect(html.textContent).toContain(note);
    expect(errors()).toEqual([]);
  });

  it("draws from the 3+ table for three dice or more, and a saving throw from the save tables", async () => {
    await started();
    const id = await critical("save", 4);
    expect(await draw(id, "critical", "save", 1)).toBe(true);
    expect(effects(id)[0]?.note).toBe(
      `Critical · Saving throw · 3+ dice: ${resultOf("Critical · Saving throw · 3+ dice", 1)}`,
    );
  });

  it("refuses a player, an activation that does not stand and a kind the roll cannot have; nothing is recorded", async () => {
    await started();
    const id = await critical("attack", 1);
    expect(await draw(id, "critical", "attack", 2, CARA)).toBe(false);
    expect(await draw(id, "botch", "attack")).toBe(false);
    expect(await draw(id, "critical", "defence")).toBe(false);
    expect(effects(id)).toEqual([]);
    expect(errors()).toEqual([
      format("ROLLING_BONES.Error.EffectTableGmOnly"),
      format("ROLLING_BONES.Error.EffectNotActivated"),
      format("ROLLING_BONES.Error.EffectTableKind", { activation: "Critical", kind: "Defence" }),
    ]);
  });

  it("records one effect per activation: a second draw is refused until the GM undoes the first", async () => {
    await started();
    const id = await critical("attack", 1);
    const [first, second] = await Promise.all([draw(id, "critical", "attack", 1), draw(id, "critical", "attack", 2)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(effects(id)).toHaveLength(1);
    expect(await draw(id, "critical", "attack", 4)).toBe(false);
    const entry = cardRoll(w, id).card.ledger.find((e) => e.type === "effect")!.id;
    expect(await control(w, GM, id, { type: "undo", entry })).toBe(true);
    expect(await draw(id, "critical", "attack", 4)).toBe(true);
    expect(effects(id)[0]?.note).toContain(resultOf("Critical · Attack · 1 die", 4));
  });

  it("uses the GM's own tables where the setting points: a folder of world tables, by flag or by name", async () => {
    const mine = (name: string, flagged: boolean): TableSpec => ({
      _id: `gmTable${name.length.toString().padStart(9, "0")}`,
      name,
      formula: "1d4",
      folder: "House tables",
      ...(flagged
        ? { flags: { "rolling-bones": { effectTable: { activation: "critical", kind: "attack", severity: 1 } } } }
        : {}),
      results: [1, 2, 3, 4].map((i) => ({
        _id: `gmResult${i}0000000`,
        type: "text",
        name: "",
        description: `<p>House <b>rule</b> ${i} &amp; more</p>`,
        range: [i, i] as [number, number],
      })),
    });
    await started({ tables: [mine("Our attack crits", true), mine("Critical · Check · 1 die", false)] });
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "effectTables", "House tables"));
    const attack = await critical("attack", 1);
    expect(await draw(attack, "critical", "attack", 2)).toBe(true);
    expect(effects(attack)[0]?.note).toBe("Our attack crits: House rule 2 & more");
    const check = await critical("check", 1);
    expect(await draw(check, "critical", "check", 3)).toBe(true);
    expect(effects(check)[0]?.note).toBe("Critical · Check · 1 die: House rule 3 & more");
    // A slot the GM's tables lack is drawn from the system's compendium.
    const save = await critical("save", 2);
    expect(await draw(save, "critical", "save", 1)).toBe(true);
    expect(effects(save)[0]?.note).toBe(
      `Critical · Saving throw · 2 dice: ${resultOf("Critical · Saving throw · 2 dice", 1)}`,
    );
  });

  it("uses a compendium of the GM's named by its id, and refuses a table with faces no result covers before its die is thrown (issue 41 fault 8)", async () => {
    const gap: TableSpec = {
      _id: "gmGapTable000001",
      name: "Gappy crits",
      formula: "1d4",
      flags: { "rolling-bones": { effectTable: { activation: "critical", kind: "attack", severity: 1 } } },
      results: [{ _id: "gmGapResult00001", type: "text", name: "Only one", description: "", range: [1, 2] }],
    };
    const full: TableSpec = {
      ...gap,
      _id: "gmFullTable00001",
      name: "Our crits",
      flags: { "rolling-bones": { effectTable: { activation: "critical", kind: "attack", severity: 1 } } },
      results: [
        { _id: "gmFullResult0001", type: "text", name: "Low", description: "", range: [1, 2] },
        { _id: "gmFullResult0002", type: "text", name: "High", description: "", range: [3, 4] },
      ],
    };
    await started({ gmPack: [gap] });
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "effectTables", "world.gm-tables"));
    const id = await critical("attack", 1);
    // Whatever the die would show, the table is refused first, and no die is thrown.
    const thrown: number[] = [];
    const { drawEffect } = await import("../../src/services/effect-tables.ts");
    w.double.CONFIG.Dice.randomUniform = () => {
      thrown.push(1);
      return 0.1;
    };
    const done = await w.double.actAs(GM, () =>
      drawEffect(w.double.game.messages.get(id) as never, "critical", "attack"),
    );
    await w.double.settle();
    expect(done).toBe(false);
    expect(thrown).toEqual([]);
    expect(effects(id)).toEqual([]);
    expect(errors().at(-1)).toBe(
      format("ROLLING_BONES.Error.EffectTableGaps", { name: "Gappy crits", formula: "1d4", faces: "3, 4" }),
    );
    // The GM's compendium with every face covered is drawn from.
    w.double.uninstall();
    await started({ gmPack: [full] });
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "effectTables", "world.gm-tables"));
    const other = await critical("attack", 1);
    expect(await draw(other, "critical", "attack", 4)).toBe(true);
    expect(effects(other)[0]?.note).toBe("Our crits: High");
  });

  it("reads the faces a one-die or many-dice formula leaves without a result; other formulas are not read", async () => {
    const { uncoveredFaces } = await import("../../src/data/effect-tables.ts");
    expect(uncoveredFaces("1d4", [[1, 2]])).toEqual([3, 4]);
    expect(uncoveredFaces("d4", [[1, 4]])).toEqual([]);
    expect(
      uncoveredFaces("2d6", [
        [2, 6],
        [8, 12],
      ]),
    ).toEqual([7]);
    expect(uncoveredFaces("1d4 + 1", [[1, 4]])).toBeNull();
  });

  it("refuses when not even the system's compendium has the table", async () => {
    w = await bootWorld({});
    await w.double.actAs(GM, () => w.service.startSession());
    const id = await critical("attack", 1);
    expect(await draw(id, "critical", "attack")).toBe(false);
    expect(errors()).toEqual([format("ROLLING_BONES.Error.EffectTableMissing", { name: "Critical · Attack · 1 die" })]);
  });
});

describe("a drawn effect that lasts (issue 35 point 7)", () => {
  const CORIN = "actorCorin000001";
  const lasting = (actorId: string) =>
    w.double.actAs(GM, () =>
      (
        w.double.game.actors.get(actorId)!.effects.contents as unknown as {
          name: string;
          flags: Record<string, { lasting?: unknown }>;
        }[]
      )
        .filter((e) => e.flags["rolling-bones"]?.lasting !== undefined)
        .map((e) => ({ name: e.name, mark: e.flags["rolling-bones"]!.lasting })),
    );
  /** Cara rolls a check for Corin through rollWithPoints (what a sheet's roll does); its total and its conditions. */
  async function corinRolls(kind: "check" | "attack", face: number) {
    const { rollWithPoints } = await import("../../src/services/points/requests.ts");
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [face]);
    const message = await w.double.actAs(CARA, () =>
      rollWithPoints(
        "action",
        { kind, modifier: 0 },
        { actor: w.double.game.actors.get(CORIN) as never, visibility: "public" },
      ),
    );
    await w.double.settle();
    const roll = message!.rolls[0] as unknown as { total: number; options: { conditions?: { name: string }[] } };
    return { total: roll.total, conditions: (roll.options.conditions ?? []).map((c) => c.name) };
  }

  it("the GM's draw puts a real effect on the roller; the next check takes +2 and uses it up; the card's Undo takes it off", async () => {
    await started();
    const id = await rollAs(w, CARA, { kind: "check" }, [[20, 20]], {
      speaker: { actor: CORIN, alias: "Corin" } as never,
    });
    expect(await control(w, CARA, id, { type: "critical", dice: 1 })).toBe(true);
    await w.double.settle();
    // "Your confidence shows: the next check toward the same goal is one step easier."
    expect(await draw(id, "critical", "check", 4)).toBe(true);
    const text = resultOf("Critical · Check · 1 die", 4);
    expect(lasting(CORIN)).toEqual([{ name: text, mark: { card: id, entry: "critical", rolls: "check", uses: 1 } }]);
    // An attack is not a check: it keeps the effect.
    expect((await corinRolls("attack", 10)).conditions).toEqual([]);
    expect(lasting(CORIN)).toHaveLength(1);
    // The next check: +2 (a bonus step of the action engine), named on its card, and the effect is used up.
    const check = await corinRolls("check", 10);
    expect(check).toEqual({ total: 12, conditions: [text] });
    expect(lasting(CORIN)).toEqual([]);
    expect((await corinRolls("check", 10)).total).toBe(10);

    // A second card's draw, undone by the GM: the effect goes with it.
    const again = await rollAs(w, CARA, { kind: "check" }, [[20, 20]], {
      speaker: { actor: CORIN, alias: "Corin" } as never,
    });
    expect(await control(w, CARA, again, { type: "critical", dice: 1 })).toBe(true);
    await w.double.settle();
    expect(await draw(again, "critical", "check", 4)).toBe(true);
    expect(lasting(CORIN)).toHaveLength(1);
    const entry = cardRoll(w, again).card.ledger.find((e) => e.type === "effect")!.id;
    expect(await control(w, GM, again, { type: "undo", entry })).toBe(true);
    await w.double.settle();
    expect(lasting(CORIN)).toEqual([]);
  });

  it("an attack's critical lands on its target, shows in the target's dialog for an attack only, and its next attack takes −2", async () => {
    await started();
    const OGRE = "actorOgre0000001";
    const target = { name: "Ogre", token: null, actor: OGRE, engine: "action", verdict: "hit" };
    const id = await rollAs(w, CARA, { kind: "attack" }, [[20, 20]], {
      speaker: { actor: CORIN, alias: "Corin" } as never,
      rollOptions: { targets: [target] },
    });
    expect(await control(w, CARA, id, { type: "critical", dice: 1 })).toBe(true);
    await w.double.settle();
    // "The blow knocks the target's weapon aside: its next attack is one step harder."
    expect(await draw(id, "critical", "attack", 3)).toBe(true);
    const text = resultOf("Critical · Attack · 1 die", 3);
    expect(lasting(OGRE)).toEqual([{ name: text, mark: { card: id, entry: "critical", rolls: "attack", uses: 1 } }]);
    expect(lasting(CORIN)).toEqual([]);
    // The GM's dialog for the ogre lists it for an attack (and its odds count it), not for a check.
    const { dialogSettingsFor } = await import("../../src/applications/dialogs/direct.ts");
    const settings = (kind: string) =>
      w.double.actAs(GM, () =>
        dialogSettingsFor({ actor: w.double.game.actors.get(OGRE) as never, initial: { kind } as never }),
      );
    expect(settings("attack").conditions?.map((c) => c.name)).toEqual([text]);
    expect(settings("check").conditions ?? []).toEqual([]);
    const { rollWithPoints } = await import("../../src/services/points/requests.ts");
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [10]);
    const attack = await w.double.actAs(GM, () =>
      rollWithPoints("action", { kind: "attack", modifier: 0 }, { actor: w.double.game.actors.get(OGRE) as never }),
    );
    await w.double.settle();
    expect(attack?.rolls[0]?.total).toBe(8);
    expect(lasting(OGRE)).toEqual([]);
  });

  it("a card whose author rewrote its speaker to a character she does not own puts nothing on it", async () => {
    await started();
    const OGRE = "actorOgre0000001";
    const id = await rollAs(w, CARA, { kind: "check" }, [[20, 20]], {
      speaker: { actor: CORIN, alias: "Corin" } as never,
    });
    expect(await control(w, CARA, id, { type: "critical", dice: 1 })).toBe(true);
    await w.double.settle();
    // Cara writes her own message: its speaker now names the GM's ogre.
    await w.double.actAs(CARA, () =>
      (w.double.game.messages.get(id) as unknown as { update(d: object): Promise<unknown> }).update({
        speaker: { actor: OGRE, alias: "Ogre", scene: null, token: null },
      }),
    );
    await w.double.settle();
    expect(await draw(id, "critical", "check", 4)).toBe(true);
    expect(lasting(OGRE)).toEqual([]);
    expect(lasting(CORIN)).toEqual([]);
  });

  it("a result with no lasting flag stays prose: nothing is put on", async () => {
    await started();
    const id = await rollAs(w, CARA, { kind: "check" }, [[20, 20]], {
      speaker: { actor: CORIN, alias: "Corin" } as never,
    });
    expect(await control(w, CARA, id, { type: "critical", dice: 1 })).toBe(true);
    await w.double.settle();
    expect(await draw(id, "critical", "check", 1)).toBe(true);
    expect(lasting(CORIN)).toEqual([]);
  });
});
