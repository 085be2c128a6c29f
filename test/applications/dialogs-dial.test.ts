// @vitest-environment happy-dom
/**
 * The difficulty dial in the roll dialog a GM opens for an NPC (issue 26): the target it solves for is
 * the hardest one a scan of every target finds giving the roll the chance asked for, for each engine;
 * its Use names the fields that set it; only a GM rolling for an NPC gets it (on the test world).
 */
import { DIAL_TIE } from "../../src/engines/shared/advice.ts";
import { afterEach, describe, expect, it } from "vitest";
import { dialogDialView } from "../../src/applications/dialogs/dial.ts";
import { rolledRequest } from "../../src/applications/dialogs/choices.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { actionAdvice, percentileAdvice, piAdvice, poolAdvice, wildAdvice } from "../../src/engines/advice.ts";
import type { EngineId } from "../../src/engines/index.ts";
import type { FoundryDouble } from "../foundry/index.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { settingsWith } from "./dialog-helpers.ts";

/** Each engine's chance at a target and the targets a scan tries, written from the engine's advice. */
const SCAN: Record<EngineId, { chanceAt(r: never, t: number): number; targets: number[] }> = {
  action: { chanceAt: actionAdvice.chanceAt, targets: Array.from({ length: 60 }, (_, i) => i + 1) },
  wild: { chanceAt: wildAdvice.chanceAt, targets: Array.from({ length: 80 }, (_, i) => i + 1) },
  pi: { chanceAt: piAdvice.chanceAt, targets: Array.from({ length: 30 }, (_, i) => i + 1) },
  pool: { chanceAt: poolAdvice.chanceAt, targets: [2, 3, 4, 5, 6, 7, 8, 9, 10] },
  percentile: { chanceAt: percentileAdvice.chanceAt, targets: [5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5] },
};

const SETUPS: [EngineId, Record<string, unknown>][] = [
  ["action", { modifier: 4, dc: 15 }],
  ["wild", { dice: 4, pips: 1, target: 12 }],
  ["pi", { pool: [8, 6, 6], precisionGoal: 9 }],
  ["pool", { pool: 5, difficulty: 6 }],
  ["percentile", { bonus: 0, penalty: 0, column: 9 }],
];

describe("the difficulty dial in an NPC's roll dialog", () => {
  it.each(SETUPS)("%s: solves for the hardest target giving the chance, as a scan finds", (engine, initial) => {
    const settings = settingsWith({ gmDial: true });
    for (const wanted of ["10", "45", "80"]) {
      const values = { ...DIALOG_ENGINES[engine].requestToForm(initial as never, settings), dialChance: wanted };
      const view = dialogDialView(engine, values, settings, "en")!;
      const request = rolledRequest(engine, values, settings) as never;
      const scan = SCAN[engine];
      // Targets run from easiest to hardest: the last one still giving the chance.
      const ok = scan.targets.filter((t) => scan.chanceAt(request, t) >= Number(wanted) / 100 - DIAL_TIE);
      const best = ok.at(-1);
      if (best === undefined) {
        expect(view.solved).toBeNull();
      } else {
        expect(view.solved?.text, `${engine} ${wanted}%`).toBe(
          // Written with its sign for percentile dice, and a true minus sign (U+2212) below zero.
          best < 0 ? `\u2212${-best}` : engine === "percentile" && best > 0 ? `+${best}` : String(best),
        );
      }
    }
  });

  it("names the fields its Use sets, and refuses a chance outside 1–99", () => {
    const settings = settingsWith({ gmDial: true });
    const pct = dialogDialView(
      "percentile",
      { ...DIALOG_ENGINES.percentile.requestToForm({ column: 9 }, settings), dialChance: "30" },
      settings,
      "en",
    )!;
    expect(pct.solved?.fields).toBe("bonus,penalty");
    const shift = settingsWith({ gmDial: true, percentileMode: "shift" });
    expect(
      dialogDialView(
        "percentile",
        { ...DIALOG_ENGINES.percentile.requestToForm({ column: 9 }, shift), dialChance: "30" },
        shift,
        "en",
      )?.solved?.fields,
    ).toBe("shift");
    const pool = dialogDialView(
      "pool",
      { ...DIALOG_ENGINES.pool.requestToForm({ pool: 4 }, settings), dialChance: "0" },
      settings,
      "en",
    )!;
    expect(pool.problem).toBe("ROLLING_BONES.Dial.BadChance");
    expect(pool.solved).toBeNull();
  });

  it("is drawn in the odds panel only when the settings ask for it", () => {
    const render = (gmDial: boolean) => {
      const context = buildDialogContext({
        engine: "action",
        values: DIALOG_ENGINES.action.requestToForm({ modifier: 2, dc: 14 }, settingsWith()),
        settings: settingsWith(gmDial ? { gmDial } : {}),
        lang: "en",
        idPrefix: "t",
        visibility: "public",
        localizeError: (e) => e.key,
      });
      const host = document.createElement("div");
      host.innerHTML = renderTemplate("templates/dialogs/action/odds.hbs", context);
      return host;
    };
    const gm = render(true);
    expect(gm.querySelector("[data-dial] input[name=dialChance]")).not.toBeNull();
    expect(gm.querySelector<HTMLButtonElement>('[data-action="dialUse"]')?.dataset.fields).toBe("dc");
    expect(render(false).querySelector("[data-dial]")).toBeNull();
  });
});

describe("who gets the dial (test world)", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("a GM rolling for an NPC; not a GM rolling for a character, nor a player for an NPC", async () => {
    double = await bootSystem({
      userId: GM,
      actors: [
        {
          id: "actorNpc00000001",
          name: "Bandit",
          type: "action-npc",
          system: { abilities: {}, saves: {}, skills: {}, notes: "" },
          ownership: { [ALICE]: 3 },
        },
        {
          id: "actorChar0000001",
          name: "Ayla",
          type: "action-character",
          system: { level: 3 },
          ownership: { [ALICE]: 3 },
        },
      ],
    });
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    const settingsOf = (userId: string, actorId: string) =>
      double.actAs(userId, () => readDialogSettings(double.game.actors.get(actorId) as never));
    expect(settingsOf(GM, "actorNpc00000001").gmDial).toBe(true);
    expect(settingsOf(GM, "actorChar0000001").gmDial).toBeUndefined();
    expect(settingsOf(ALICE, "actorNpc00000001").gmDial).toBeUndefined();
  });
});
