// @vitest-environment happy-dom
/**
 * The action dice outside the chat: the action sheet's read-only pools (the players' pools and the
 * character's class dice, refreshed when a pool changes) and the "Action dice" buttons on the sheet
 * and in the scene controls, which open the GM panel for a GM and the player's own panel otherwise
 * (each drawn on the client that asked). On the Foundry double with a GM and three players.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ActorSpec } from "../foundry/index.ts";
import { format, localize } from "../support/i18n.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  CHARACTERS,
  control,
  GM,
  rollAs,
  type World,
} from "../services/action-dice-world.ts";
import type { CharacterView, StatView } from "../../src/applications/sheets/views/index.ts";
import { ROLL_HINT_KEYS } from "../../src/applications/dialogs/skip.ts";

const AYLA = "actorAyla0000001";
const BRANN = "actorBrann000001";
const DAX = "actorDax00000001";

/** Ayla (Alice) has 2d8 class dice; Dax is co-owned by Cara and Bob. */
const ACTORS: ActorSpec[] = CHARACTERS.map((c) =>
  c.id === AYLA
    ? { ...c, system: { ...c.system, classDice: { faces: 8, count: 2 } } }
    : c.id === DAX
      ? { ...c, ownership: { [CARA]: 3, [BOB]: 3 } }
      : c,
);

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** The action sheet's body as `userId`'s client builds it for an actor. */
async function sheetView(userId: string, actorId: string): Promise<CharacterView> {
  const { sheetActionDiceOf } = await import("../../src/applications/sheets/sheet-action-dice.ts");
  const { characterView } = await import("../../src/applications/sheets/views/index.ts");
  return w.double.actAs(userId, () => {
    const actor = w.double.game.actors.get(actorId)!;
    return characterView(
      "action-character",
      {
        schemaVersion: 1,
        level: 3,
        abilities: {},
        saves: {},
        skills: {},
        weapons: {},
        classDice: { faces: 6, count: 0 },
        ...actor.system,
      } as never,
      { localize, format: (key, data) => format(key, data), lang: "en" },
      {
        editable: true,
        idPrefix: "rb-t",
        rollHintKey: ROLL_HINT_KEYS.dialog,
        rollHintKeys: "Shift",
        actionDice: sheetActionDiceOf(actor as never),
      },
    );
  });
}

function stat(view: CharacterView, id: string): StatView | undefined {
  return view.stats.find((s) => s.id === `rb-t-${id}`);
}

describe("the action sheet shows the action dice", () => {
  it("before a session: no pools yet; the panel button is there", async () => {
    w = await bootWorld({ actors: ACTORS });
    const view = await sheetView(ALICE, AYLA);
    expect(stat(view, "actionPools")).toMatchObject({
      text: localize("ROLLING_BONES.Sheet.Action.NoSession"),
      button: { action: "openActionDice", text: localize("ROLLING_BONES.Sheet.Action.OpenPanel") },
    });
    expect(stat(view, "classDiceLeft")?.text).toBe(localize("ROLLING_BONES.Sheet.Action.NoSession"));
  });

  it("the owners' pools (dice left by size, spent) and the class dice left follow the spends", async () => {
    w = await bootWorld({ actors: ACTORS });
    await w.double.actAs(GM, () => w.service.startSession());
    const card = await rollAs(w, ALICE, { modifier: 1 }, [[20, 20]], {
      speaker: { actor: AYLA, alias: "Ayla" } as never,
    });
    await control(w, ALICE, card, { type: "critical", dice: 1 });
    await control(w, ALICE, card, { type: "critical", dice: 1, source: "class" });
    const view = await sheetView(ALICE, AYLA);
    expect(stat(view, "actionPools")?.list).toEqual([
      { text: format("ROLLING_BONES.Sheet.Action.PoolOf", { name: "Alice", dice: "2d4", spent: "1" }) },
    ]);
    expect(stat(view, "classDiceLeft")?.text).toBe(
      format("ROLLING_BONES.Sheet.Action.ClassLeftValue", { left: "1", faces: "8", count: "2" }),
    );
    // the GM sees the same: the owning player's pool, not the GM pool
    expect(stat(await sheetView(GM, AYLA), "actionPools")?.list).toEqual(stat(view, "actionPools")?.list);
    // a co-owned character lists each player's pool; a character without class dice shows none
    const dax = await sheetView(CARA, DAX);
    expect(stat(dax, "actionPools")?.list?.map((i) => i.text)).toEqual([
      format("ROLLING_BONES.Sheet.Action.PoolOf", { name: "Bob", dice: "5d8", spent: "0" }),
      format("ROLLING_BONES.Sheet.Action.PoolOf", { name: "Cara", dice: "5d8", spent: "0" }),
    ]);
    expect(stat(dax, "classDiceLeft")).toBeUndefined();
    // the GM's ogre has no player
    expect(stat(await sheetView(GM, "actorOgre0000001"), "actionPools")?.text).toBe(
      localize("ROLLING_BONES.Sheet.Action.NoOwner"),
    );
  });

  it("a changed pool or class dice setting re-renders the open sheets of action characters (closed ones are left)", async () => {
    w = await bootWorld({ actors: ACTORS });
    const sheet = (rendered = true) => ({ rendered, render: vi.fn() });
    const ayla = sheet();
    const closed = sheet(false);
    const brann = sheet();
    const wild = sheet();
    Object.assign(w.double.game.actors.get(AYLA)!.apps, { a: ayla, b: closed });
    Object.assign(w.double.game.actors.get(BRANN)!.apps, { c: brann });
    Object.assign(w.double.game.actors.get("actorWild0000001")!.apps, { d: wild });
    const renders = () => [ayla, closed, brann, wild].map((s) => s.render.mock.calls.length);
    // the GM's client sets the players' pools (as a session start does): every client draws the sheets again
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "actionPlayerPools", {}));
    await w.double.settle();
    const once = renders();
    expect(once[0]).toBeGreaterThan(0);
    expect([once[1], once[3]]).toEqual([0, 0]);
    expect(once[2]).toBe(once[0]);
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "actionClassPools", {}));
    await w.double.settle();
    expect(renders()[0]).toBe(2 * once[0]!);
    // a user's flags (a filed request) do not re-render
    await w.double.actAs(ALICE, () => w.double.game.user.setFlag("rolling-bones", "requests", {}));
    await w.double.settle();
    expect(renders()[0]).toBe(2 * once[0]!);
  });

  it.each([13, 14] as const)(
    "v%i: a session start redraws the open sheets even when it writes no pool (the sheet shows the session; issue 23 fault 10)",
    async (generation) => {
      // Only the GM's ogre: no player owns an action character, so the start writes no player or class pool.
      w = await bootWorld({ generation, latency: 3, actors: CHARACTERS.filter((c) => c.id === "actorOgre0000001") });
      const ogre = { rendered: true, render: vi.fn() };
      Object.assign(w.double.game.actors.get("actorOgre0000001")!.apps, { o: ogre });
      expect(stat(await sheetView(GM, "actorOgre0000001"), "actionPools")?.text).toBe(
        localize("ROLLING_BONES.Sheet.Action.NoSession"),
      );
      expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
      await w.double.settle();
      // Drawn again on every connected client, so no sheet still says that no session has started.
      expect(ogre.render.mock.calls.length).toBeGreaterThan(0);
      expect(stat(await sheetView(GM, "actorOgre0000001"), "actionPools")?.text).toBe(
        localize("ROLLING_BONES.Sheet.Action.NoOwner"),
      );
    },
  );
});

describe("the Action dice buttons", () => {
  /** The windows open on a client, by class name. */
  const windowsOn = (userId: string) =>
    w.double.actAs(userId, () => [...foundry.applications.instances.values()].map((app) => app.constructor.name));

  it("the scene controls get a labelled button in the token tools, for everyone", async () => {
    w = await bootWorld({ actors: ACTORS });
    const { registerHooks } = await import("../../src/hooks/index.ts");
    const { ACTION_DICE_TOOL, REPORT_TOOL, REQUEST_TOOL } =
      await import("../../src/hooks/get-scene-control-buttons.ts");
    registerHooks();
    for (const user of [GM, ALICE]) {
      const controls = w.double.actAs(user, () => w.double.sceneControls());
      const tool = controls.tokens!.tools[ACTION_DICE_TOOL]!;
      expect(tool).toMatchObject({
        name: ACTION_DICE_TOOL,
        title: localize("ROLLING_BONES.ActionDice.Control.Title"),
        button: true,
        visible: true,
        order: 3,
      });
      // the core tools stay
      expect(Object.keys(controls.tokens!.tools)).toEqual([
        "select",
        "target",
        "ruler",
        ACTION_DICE_TOOL,
        REQUEST_TOOL,
        REPORT_TOOL,
      ]);
      // the dice-report tool is the GM's only
      expect(controls.tokens!.tools[REPORT_TOOL]).toMatchObject({
        title: localize("ROLLING_BONES.Report.Open"),
        button: true,
        visible: user === GM,
        order: 5,
      });
      // the roll-request tool is the GM's only
      expect(controls.tokens!.tools[REQUEST_TOOL]).toMatchObject({
        title: localize("ROLLING_BONES.Request.ComposerTitle"),
        button: true,
        visible: user === GM,
        order: 4,
      });
      // clicking it opens the GM panel for the GM, the player's own panel for a player, on their client
      w.double.actAs(user, () => (tool.onChange as (e: Event, active: boolean) => void)(new Event("click"), true));
      await vi.waitFor(() => expect(windowsOn(user)).toHaveLength(1));
    }
    expect([windowsOn(GM), windowsOn(ALICE)]).toEqual([["ActionDiceGmPanel"], ["ActionDicePlayerPanel"]]);
  });

  it("controls without token controls (another layout) are left alone", async () => {
    w = await bootWorld();
    const { onGetSceneControlButtons } = await import("../../src/hooks/get-scene-control-buttons.ts");
    const controls = { notes: { tools: {} } };
    onGetSceneControlButtons(controls);
    expect(controls).toEqual({ notes: { tools: {} } });
  });

  it("the sheet's button opens the viewer's panel", async () => {
    w = await bootWorld({ actors: ACTORS });
    for (const user of [BOB, GM]) {
      const sheet = w.double.actAs(user, () => w.double.game.actors.get(BRANN)!.sheet) as {
        render(force: boolean): Promise<unknown>;
        element: HTMLElement;
      };
      await sheet.render(true);
      await w.double.press(sheet.element.querySelector('[data-action="openActionDice"]')!);
    }
    expect([windowsOn(BOB), windowsOn(GM)]).toEqual([
      ["ActionCharacterSheet", "ActionDicePlayerPanel"],
      ["ActionCharacterSheet", "ActionDiceGmPanel"],
    ]);
  });
});
