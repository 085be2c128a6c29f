// @vitest-environment happy-dom
/**
 * The sheets' options as core builds them (issue 23, fault 9): `DEFAULT_OPTIONS` merge down the class
 * chain, arrays (`classes`) concatenated, objects (`position`, `form`, `actions`) assigned key by key
 * (foundryvtt issue #11675). An NPC sheet names only what differs from the character sheet, so it has
 * every class once, the base's actions and form, and its own size.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { bootSystem, GM } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const BANDIT = "actorBandit00001";

/** A sheet as the double renders it. */
interface Sheet {
  render(force: boolean): Promise<unknown>;
  readonly options: {
    classes: string[];
    position: { width: number; height: number };
    form: { submitOnChange: boolean; handler: unknown };
    actions: Record<string, unknown>;
  };
  element: HTMLElement;
}

describe.each([13, 14] as const)("sheet options on v%i", (generation) => {
  it("an NPC sheet has every class once, the character sheet's actions and form, and its own size", async () => {
    double = await bootSystem({
      userId: GM,
      generation,
      actors: [{ id: BANDIT, name: "Bandit", type: "pool-npc", system: {} }],
    });
    const sheet = double.game.actors.get(BANDIT)!.sheet as Sheet;
    await sheet.render(true);
    const { classes, position, form, actions } = sheet.options;
    expect(new Set(classes).size).toBe(classes.length);
    expect(classes).toEqual(expect.arrayContaining(["rolling-bones", "rb-sheet", "rb-sheet--npc"]));
    for (const cls of ["rolling-bones", "rb-sheet", "rb-sheet--npc"]) expect(sheet.element.classList).toContain(cls);
    expect(position).toMatchObject({ width: 560, height: 640 });
    expect(form.submitOnChange).toBe(true);
    expect(typeof form.handler).toBe("function");
    expect(typeof actions.roll).toBe("function");
  });
});
