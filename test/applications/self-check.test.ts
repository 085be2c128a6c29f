// @vitest-environment happy-dom
/**
 * The self-check (issue 41, "a check a real table can run") on the test world: a GM-only settings
 * menu whose window loads when opened (core makes the menu's class and renders it), lists every
 * batch Quench would run, runs the ticked ones with the system's own runner — the actors they make in
 * a scratch folder that is deleted afterwards with anything left in it — and shows each result, a
 * report with the Foundry build, the system's version and the active modules; a player cannot run it.
 * Every batch the test world emulates all of runs green on it this way (the fight batch's choices
 * check did not: its new character held no Character Points to price, in a real world too).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { ALICE, GM, bootSystem } from "../support/system.ts";
import type { SelfCheck } from "../../src/quench/self-check.ts";
import type { QuenchApi } from "../../src/quench/batch.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

/** Opens the self-check as core opens a menu: makes its class and renders it. */
async function openMenu(): Promise<SelfCheck> {
  const menu = double.game.settings.menus.get("rolling-bones.selfCheckMenu");
  expect(menu).toMatchObject({ restricted: true, name: "ROLLING_BONES.SelfCheck.MenuName" });
  const Menu = menu?.type as new () => { render(force?: boolean): Promise<unknown> };
  await new Menu().render(true);
  const { SelfCheck } = await import("../../src/quench/self-check.ts");
  const app = [...foundry.applications.instances.values()].find((a) => a instanceof SelfCheck);
  if (!app) throw new Error("the self-check did not open");
  return app;
}

describe("the self-check", () => {
  it("runs the ticked checks in a scratch folder it deletes, and reports each with where it ran", async () => {
    double = await bootSystem({ userId: GM });
    // The system's hooks (the chat cards' controls, the combat's expiry), as in a running world.
    const { registerHooks } = await import("../../src/hooks/index.ts");
    registerHooks();
    const app = await openMenu();
    const boxes = [...app.element.querySelectorAll<HTMLInputElement>('input[name="batch"]')];
    // Every batch Quench would run is offered, ticked.
    expect(boxes.map((b) => b.value)).toEqual(
      expect.arrayContaining([
        "rolling-bones.dice",
        "rolling-bones.actors",
        "rolling-bones.fight",
        "rolling-bones.hud",
      ]),
    );
    expect(boxes.every((b) => b.checked)).toBe(true);
    // Where the actors the checks make were put, as they are made.
    const folders: (string | null)[] = [];
    double.Hooks.on("createActor", (actor: unknown) => {
      folders.push((actor as { folder: { id: string } | null }).folder?.id ?? null);
    });
    // Every batch the test world emulates all of: the token HUD needs a canvas, the actors batch an
    // item's drag data, the action-dice batch an action character no player owns.
    const skipped = ["rolling-bones.hud", "rolling-bones.actors", "rolling-bones.action-dice"];
    const chosen = boxes.map((b) => b.value).filter((key) => !skipped.includes(key));
    for (const box of boxes) box.checked = chosen.includes(box.value);
    app.element.querySelector<HTMLButtonElement>('[data-action="run"]')?.click();
    await expect
      .poll(() => app.element.querySelector(".rb-self-check__report") !== null, { timeout: 20_000 })
      .toBe(true);
    await double.settle();
    const results = app.results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(new Set(results.map((r) => r.batch))).toEqual(new Set(chosen));
    // Every actor made went in one folder, and neither it nor they are left.
    expect(folders.length).toBeGreaterThan(0);
    expect(new Set(folders).size).toBe(1);
    expect(folders[0]).not.toBeNull();
    expect(double.game.folders.contents).toEqual([]);
    expect(double.game.actors.contents).toEqual([]);
    // Each check deleted the cards it posted.
    expect(double.storedMessages()).toEqual([]);
    const report = app.element.querySelector<HTMLTextAreaElement>(".rb-self-check__report")?.value ?? "";
    expect(report).toContain(`Foundry: ${double.game.release.version}`);
    expect(report).toContain("System: rolling-bones");
    expect(report).toContain(`${results.length} of ${results.length} passed.`);
    expect(app.element.querySelectorAll(".rb-self-check__line.is-passed")).toHaveLength(results.length);
    expect(app.element.textContent).not.toMatch(/ROLLING_BONES\./);
  });

  it("reports a failed check with its reason, cleans up what it left, and says some failed", async () => {
    double = await bootSystem({ userId: GM });
    const app = await openMenu();
    // A batch that fails: its actor left behind in the scratch folder, which goes all the same.
    const batch = await import("../../src/quench/batch.ts");
    const failing = (quench: QuenchApi) =>
      quench.registerBatch("rolling-bones.broken", (context) => {
        const { assert } = context;
        context.it("makes an actor and fails", async () => {
          await (
            globalThis as unknown as { Actor: { implementation: { create(d: object): Promise<unknown> } } }
          ).Actor.implementation.create(batch.inScratch({ name: "Left behind", type: "pool-npc", system: {} }));
          assert.equal(1, 2, "one is two");
        });
      });
    // The window's run, with the failing batch in place of the system's (the same folder and clean-up).
    const results = await app.run(["rolling-bones.broken"], failing);
    await double.settle();
    expect(results).toMatchObject([{ ok: false, error: "one is two: expected 1 to equal 2" }]);
    expect(double.game.actors.contents).toEqual([]);
    expect(double.game.folders.contents).toEqual([]);
    const status = app.element.querySelector(".rb-self-check__status")?.textContent ?? "";
    expect(status).toBe("Some checks failed. 0 of 1 passed.");
    expect(app.element.querySelector(".rb-self-check__line.is-failed")?.textContent).toContain("Failed");
  });

  it("is not run for a player: nothing is made", async () => {
    double = await bootSystem({ userId: ALICE });
    const { SelfCheck } = await import("../../src/quench/self-check.ts");
    const app = new SelfCheck();
    const results = await app.run(["rolling-bones.actors"]);
    expect(results).toEqual([]);
    expect(double.notifications.at(-1)).toMatchObject({ message: "Only a GM can run the self-check." });
    expect(double.game.folders.contents).toEqual([]);
  });
});
