// @vitest-environment happy-dom
/**
 * "What each choice buys" in the roll dialogs (issue 26): every row of every table is the roll the
 * form makes with that amount, so choosing it in the form gives the odds panel that very figure; the
 * rows stop at what the roller holds; gear is priced with and without; the table renders with the
 * chosen amount marked in words, and nothing while the form is invalid.
 */
import { describe, expect, it } from "vitest";
import { choicesView, type ChoiceTableView } from "../../src/applications/dialogs/choices.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { evaluateForm, type DialogSettings } from "../../src/applications/dialogs/types.ts";
import { harm, type EngineId } from "../../src/engines/index.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { localize } from "../support/i18n.ts";
import { points, settingsWith } from "./dialog-helpers.ts";

/** The odds panel's main figure: the verdict's chance (or `null` when the roll has no target). */
function panelChance(engine: EngineId, odds: unknown): number | null {
  const o = odds as Record<string, unknown>;
  const headline = (id: string) => (o.headline as { id: string; p: number }[]).find((h) => h.id === id)?.p ?? null;
  switch (engine) {
    case "percentile":
      return (o.success as { p: number } | null)?.p ?? null;
    case "wild":
      return (o.success as { p: number } | null)?.p ?? null;
    case "pi":
      return (o.goal as { p: number } | null)?.p ?? null;
    default:
      return headline("success");
  }
}

/** The fields a row's value goes into, with the choices it excludes cleared (as a player would). */
function choose(resource: string, value: string, values: Record<string, string | boolean>) {
  const next: Record<string, string | boolean> = { ...values };
  next[resource] = value === "true" ? true : value === "false" ? false : value;
  if (resource === "characterPoints") next.fatePoint = false;
  if (resource === "fatePoint") next.characterPoints = "0";
  if (resource === "willpower") next.automatic = false;
  if (resource === "automatic") next.willpower = false;
  return next;
}

/** Every row of every table equals the panel's figure when the form chooses that row's amount. */
function expectRowsMatchPanel(engine: EngineId, values: Record<string, string | boolean>, settings: DialogSettings) {
  const tables = choicesView(engine, values, settings, "en");
  expect(tables.length).toBeGreaterThan(0);
  for (const table of tables) {
    expect(table.rows.filter((r) => r.chosen)).toHaveLength(1);
    for (const row of table.rows) {
      const evaluation = evaluateForm(
        DIALOG_ENGINES[engine],
        choose(table.resource, row.value, values),
        settings,
        "en",
      );
      expect(evaluation.ok, `${engine} ${table.resource}=${row.value}`).toBe(true);
      expect(row.p, `${engine} ${table.resource}=${row.value}`).toBe(panelChance(engine, evaluation.odds));
    }
  }
  return tables;
}

const table = (tables: readonly ChoiceTableView[], resource: string) =>
  tables.find((t) => t.resource === resource) as ChoiceTableView;

describe("what each choice buys", () => {
  it("wild: Character Points up to what is left this session, and the Fate Point", () => {
    const settings = settingsWith({
      points: points({ wild: { characterPoints: 4, fatePoints: 2, cpUsed: 2, fpUsed: 0, cpLimit: 5 } }),
    });
    const values = DIALOG_ENGINES.wild.requestToForm({ dice: 4, pips: 1, target: 16, characterPoints: 1 }, settings);
    const tables = expectRowsMatchPanel("wild", values, settings);
    // Three left this session (limit 5, 2 spent): 0 to 3.
    expect(table(tables, "characterPoints").rows.map((r) => [r.value, r.chosen])).toEqual([
      ["0", false],
      ["1", true],
      ["2", false],
      ["3", false],
    ]);
    expect(table(tables, "fatePoint").rows.map((r) => r.labelKey)).toEqual([
      "ROLLING_BONES.Dialog.Choices.Without",
      "ROLLING_BONES.Dialog.Choices.With",
    ]);
  });

  it("wild without a target: the average total", () => {
    const values = DIALOG_ENGINES.wild.requestToForm({ dice: 3 }, settingsWith());
    const tables = choicesView("wild", values, settingsWith(), "en");
    expect(table(tables, "characterPoints").measureKey).toBe("ROLLING_BONES.Dialog.Choices.MeanTotal");
    expect(table(tables, "characterPoints").rows[0]?.figure).toBe("10.5");
  });

  it("percentile: karma dice up to what the karma pays for, the dice as entered, a called shot's dice", () => {
    const settings = settingsWith({ points: points({ karma: 5 }), percentileCap: 3 });
    const values = {
      ...DIALOG_ENGINES.percentile.requestToForm({ bonus: 1, penalty: 2, column: 9 }, settings),
      calledShot: true,
    };
    const tables = expectRowsMatchPanel("percentile", values, settings);
    expect(table(tables, "karmaDice").rows.map((r) => r.value)).toEqual(["0", "1", "2"]);
    expect(table(tables, "bonus").rows.map((r) => r.value)).toEqual(["0", "1", "2", "3"]);
    expect(tables.map((t) => t.resource)).toContain("voluntaryPenalty");
  });

  it("percentile in column-shift mode, with an assist waiting", () => {
    const settings = settingsWith({
      percentileMode: "shift",
      points: points({
        karma: 0,
        assists: [{ id: "a1", from: "m1", assistant: "Bob", level: "good", effect: "bonus", by: "u2" }],
      }),
    });
    const values = DIALOG_ENGINES.percentile.requestToForm({ bonus: 0, penalty: 2, column: 6 }, settings);
    const tables = expectRowsMatchPanel("percentile", values, settings);
    expect(table(tables, "shift").rows.find((r) => r.chosen)?.value).toBe("-2");
    expect(tables.map((t) => t.resource)).not.toContain("karmaDice");
  });

  it("action: each number of dice of the chosen size, up to what the pool holds", () => {
    const settings = settingsWith({
      actionDice: {
        level: 7,
        faces: 6,
        held: [
          { faces: 6, count: 4 },
          { faces: 4, count: 1 },
        ],
      },
    });
    const values = DIALOG_ENGINES.action.requestToForm({ modifier: 3, dc: 22, augments: [6] }, settings);
    const tables = expectRowsMatchPanel("action", values, settings);
    expect(table(tables, "augmentCount").rows.map((r) => r.value)).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("pi: each hindrance, and each piece of gear with and without", () => {
    const gear = [
      { id: "lens0000000000001", name: "Lens <b>of</b> truth", adjustments: [{ target: "precision", value: 2 }] },
    ];
    const settings = settingsWith({ gear });
    const values = DIALOG_ENGINES.pi.requestToForm({ pool: [8, 6, 4], precisionGoal: 11 }, settings);
    const tables = expectRowsMatchPanel("pi", values, settings);
    expect(table(tables, "hindrance").rows.map((r) => r.value)).toEqual(["none", "minor", "major"]);
    const lens = table(tables, "gear-lens0000000000001");
    expect(lens.name).toBe("Lens <b>of</b> truth");
    expect(lens.rows.map((r) => r.chosen)).toEqual([true, false]);
    expect((lens.rows[1]?.p as number) > (lens.rows[0]?.p as number)).toBe(true);
  });

  it("pool: Willpower when it can be spent, and the automatic success on offer", () => {
    const free = settingsWith({
      points: points({ willpower: { current: 3, permanent: 5, spentInTurn: null, turn: null } }),
    });
    const values = DIALOG_ENGINES.pool.requestToForm({ pool: 7, difficulty: 6 }, free);
    const tables = expectRowsMatchPanel("pool", values, free);
    expect(tables.map((t) => t.resource)).toEqual(["willpower", "automatic"]);
    expect(table(tables, "willpower").rows[0]?.risk).not.toBeNull();
    const spent = settingsWith({
      points: points({ willpower: { current: 3, permanent: 5, spentInTurn: "c1.2", turn: "c1.2" } }),
    });
    expect(choicesView("pool", values, spent, "en").map((t) => t.resource)).toEqual(["automatic"]);
  });

  describe("with the character's wounds and conditions, as the roll adds them (issue 35 point 5)", () => {
    /** A wound of two steps and a condition of the engine's own, as the dialog settings list them. */
    const conditions = (engine: EngineId) => [
      { name: "Badly wounded", adjustments: harm.stepAdjustments(engine, 2) },
      ...(engine === "wild" ? [{ name: "Stunned", adjustments: [{ target: "dice", value: -1 }] }] : []),
      ...(engine === "pool" ? [{ name: "Dazed", adjustments: [{ target: "difficulty", value: 1 }] }] : []),
    ];
    const cases: readonly [EngineId, Partial<DialogSettings>, Record<string, unknown>][] = [
      [
        "wild",
        { points: points({ wild: { characterPoints: 4, fatePoints: 2, cpUsed: 0, fpUsed: 0, cpLimit: 5 } }) },
        { dice: 4, pips: 1, target: 14 },
      ],
      ["percentile", { points: points({ karma: 6 }) }, { bonus: 1, penalty: 0, column: 9 }],
      [
        "action",
        { actionDice: { level: 7, faces: 6, held: [{ faces: 6, count: 3 }] } },
        { modifier: 3, dc: 16, augments: [6] },
      ],
      ["pi", {}, { pool: [8, 6, 4], precisionGoal: 9 }],
      [
        "pool",
        { points: points({ willpower: { current: 3, permanent: 5, spentInTurn: null, turn: null } }) },
        { pool: 7, difficulty: 6 },
      ],
    ];
    for (const [engine, extra, request] of cases) {
      it(`${engine}: every row, the ticked one first, equals the headline beside it`, () => {
        const settings = settingsWith({ ...extra, conditions: conditions(engine) });
        const values = DIALOG_ENGINES[engine].requestToForm(request as never, settings);
        const tables = expectRowsMatchPanel(engine, values, settings);
        const headline = panelChance(engine, evaluateForm(DIALOG_ENGINES[engine], values, settings, "en").odds);
        for (const t of tables) expect(t.rows.find((r) => r.chosen)?.p, t.resource).toBe(headline);
        // And the conditions moved it: without them the headline is another figure.
        const bare = panelChance(engine, evaluateForm(DIALOG_ENGINES[engine], values, settingsWith(extra), "en").odds);
        expect(bare).not.toBe(headline);
      });
    }
  });

  it("renders each table with the chosen amount marked in words; nothing while the form is invalid", () => {
    const settings = settingsWith();
    const values = DIALOG_ENGINES.wild.requestToForm({ dice: 2, target: 9, characterPoints: 2 }, settings);
    const render = (v: Record<string, string | boolean>) => {
      const context = buildDialogContext({
        engine: "wild",
        values: v,
        settings,
        lang: "en",
        idPrefix: "t",
        visibility: "public",
        localizeError: (e) => e.key,
      });
      const host = document.createElement("div");
      host.innerHTML = renderTemplate("templates/dialogs/wild/odds.hbs", context);
      return host;
    };
    const host = render(values);
    const cp = host.querySelector('[data-choice="characterPoints"]') as HTMLElement;
    expect(cp.textContent).toContain(localize("ROLLING_BONES.Field.characterPoints"));
    const chosen = cp.querySelectorAll('[aria-current="true"]');
    expect(chosen).toHaveLength(1);
    expect(chosen[0]?.getAttribute("data-value")).toBe("2");
    expect(chosen[0]?.textContent).toContain(`(${localize("ROLLING_BONES.Dialog.Choices.Chosen")})`);
    expect(render({ ...values, code: "3X" }).querySelector("[data-choices]")).toBeNull();
  });
});
