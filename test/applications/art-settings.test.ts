// @vitest-environment happy-dom
/**
 * The world's Action Results Table on the Foundry test double: the hidden settings and the GM-only
 * settings menu are registered in `init`, and a table the GM saves is the one every percentile roll
 * reads (rolls to chat, direct rolls and the dialogs' settings), while the default applies until then.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, GM, bootSystem } from "../support/system.ts";
import { artSettingValue } from "../../src/data/settings/art-table.ts";
import { percentile, type EngineId } from "../../src/engines/index.ts";
import type { ArtTable, PercentileOutcome } from "../../src/engines/percentile/index.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

const { LEVEL_IDS, validateArt } = percentile;

/** One column for every rating: passable from 41, so a 45 succeeds (the default's columns read it as poor). */
const BOOK = validateArt({
  name: "Book table",
  levels: LEVEL_IDS.map((id) => ({ id })),
  columns: [
    {
      min: 0,
      max: 20,
      ranges: [
        [1, 5],
        [6, 10],
        [11, 20],
        [21, 30],
        [31, 40],
        [41, 55],
        [56, 70],
        [71, 85],
        [86, 95],
        [96, 100],
      ],
    },
  ],
});

/** The outcome of the roll a message carries. */
function outcomeOf(message: { rolls: unknown[] } | null | undefined): PercentileOutcome {
  const roll = message?.rolls[0] as { options: { outcome: PercentileOutcome } } | undefined;
  if (!roll) throw new Error("no roll");
  return roll.options.outcome;
}

async function saveTable(table: ArtTable | Record<string, never>): Promise<void> {
  await double.actAs(GM, () => double.game.settings.set("rolling-bones", "artTable", table));
}

describe("registration", () => {
  it("registers the table and the notice flag as hidden world settings, and the editor as a GM-only menu", async () => {
    double = await bootSystem({ userId: GM });
    const settings = double.game.settings.settings;
    for (const key of ["artTable", "artNoticeShown"]) {
      expect(settings.get(`rolling-bones.${key}`)).toMatchObject({ scope: "world", config: false });
    }
    expect(double.game.settings.get("rolling-bones", "artTable")).toEqual({});
    expect(double.game.settings.get("rolling-bones", "artNoticeShown")).toBe(false);
    const { ArtEditor } = await import("../../src/applications/settings/art-editor.ts");
    const menu = double.game.settings.menus.get("rolling-bones.artTableMenu");
    expect(menu).toMatchObject({ restricted: true, icon: "fa-solid fa-table" });
    // Core makes the menu's class and renders it when its button is pressed: the editor opens.
    const Menu = menu?.type as new () => { render(force?: boolean): Promise<unknown> };
    await new Menu().render(true);
    const open = [...foundry.applications.instances.values()];
    expect(open.some((app) => app instanceof ArtEditor)).toBe(true);
  });
});

describe("percentile rolls read the world's table", () => {
  it("uses the default table until the GM saves one, then the GM's table, for every user", async () => {
    double = await bootSystem({ userId: ALICE });
    const { rollToChat } = await import("../../src/services/roll.ts");
    const { worldArt } = await import("../../src/data/settings/world-art.ts");
    expect(worldArt()).toBeUndefined();

    double.CONFIG.Dice.randomUniform = fixedFaces(10, [4, 5]);
    const before = outcomeOf(await rollToChat("percentile", { bonus: 0, penalty: 0, column: 12 }));
    expect([before.value, before.level, before.success]).toEqual([45, "poor", false]);

    await saveTable(BOOK);
    expect(worldArt()).toEqual(BOOK);
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [4, 5]);
    const after = outcomeOf(await rollToChat("percentile", { bonus: 0, penalty: 0, column: 12 }));
    expect([after.value, after.level, after.success]).toEqual([45, "passable", true]);
    // The table travels with the stored request, so the card reads the same after a reload.
    double.reload();
    expect(outcomeOf(double.game.messages.contents.at(-1)).level).toBe("passable");
  });

  it("keeps a table the request names, and leaves other engines alone", async () => {
    double = await bootSystem({ userId: ALICE });
    await saveTable(BOOK);
    const { withWorldArt } = await import("../../src/data/settings/world-art.ts");
    const own = { bonus: 0, penalty: 0, art: percentile.DEFAULT_ART };
    expect(withWorldArt("percentile", own)).toBe(own);
    const poolRequest = { pool: 3 };
    expect(withWorldArt("pool" satisfies EngineId, poolRequest)).toBe(poolRequest);
  });

  it("goes back to the default when the GM saves the default table", async () => {
    double = await bootSystem({ userId: ALICE });
    await saveTable(BOOK);
    await saveTable(artSettingValue(percentile.DEFAULT_ART));
    const { worldArt } = await import("../../src/data/settings/world-art.ts");
    expect(worldArt()).toBeUndefined();
  });

  it("ignores a stored value that is not a valid table (the default applies)", async () => {
    double = await bootSystem({ userId: ALICE });
    await saveTable({ levels: [] } as unknown as Record<string, never>);
    const { worldArt } = await import("../../src/data/settings/world-art.ts");
    expect(worldArt()).toBeUndefined();
  });

  it("gives the dialogs the GM's table, so their odds and their rolls read it", async () => {
    double = await bootSystem({ userId: ALICE });
    await saveTable(BOOK);
    const { readDialogSettings, rollDirect } = await import("../../src/applications/dialogs/direct.ts");
    const { percentileDialog } = await import("../../src/applications/dialogs/percentile-roll-dialog.ts");
    const settings = readDialogSettings();
    expect(settings.percentileArt).toEqual(BOOK);
    const request = percentileDialog.formToRequest({ bonus: "0", penalty: "0", column: "12" }, settings);
    expect(request.art).toEqual(BOOK);
    // P(success) in the book's column: values 41–100 with no extra dice.
    expect(percentile.odds(request).success).toBeCloseTo(0.6, 12);

    double.CONFIG.Dice.randomUniform = fixedFaces(10, [4, 5]);
    const message = await rollDirect("percentile", { initial: { bonus: 0, penalty: 0, column: 12 } });
    expect(outcomeOf(message).level).toBe("passable");
  });
});
