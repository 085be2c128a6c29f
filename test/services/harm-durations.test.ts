// @vitest-environment happy-dom
/**
 * Conditions that expire and damage links, on the test world in v13 and v14: a condition put on
 * for a number of rounds (the bearer's turns) or turns (anyone's) is stored in the generation's
 * duration shape, shown on the sheet with what it has left, and removed by the active GM when the
 * combat moves past its last turn; the GM ends one early from the sheet; a bad duration, or another
 * player's character, is refused with nothing created; Willpower's once per turn follows the running
 * combat's rounds. A damage link applies to the user's character.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { d10s, errors, errorText, rollFor, snapshot, systemOf } from "./points-world.ts";
import {
  ALICE,
  BOB,
  GM,
  GOBLIN,
  VEX,
  WOLF,
  bootHarmWorld,
  healthOf,
  statusesOf,
  type HarmWorld,
} from "./harm-world.ts";
import type { Combat } from "../foundry/combat.ts";

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

const v14 = process.env.RB_WORLD === "14";

/** The fight's combatants: the goblin (turn 0), Vex (turn 1), the wolf (turn 2), by their initiatives. */
const FIGHTERS = { goblin: 15, vex: 10, wolf: 5 };

/**
 * A started combat of the goblin, Vex and the wolf at these initiatives (by default the goblin's turn 0,
 * Vex's 1, the wolf's 2), as the world's active combat.
 */
async function fight(initiatives = FIGHTERS, id = "combatFight00001"): Promise<Combat> {
  const combat = w.double.createCombat({
    id,
    combatants: [
      { id: "combatantGoblin1", actorId: GOBLIN, name: "Goblin", initiative: initiatives.goblin },
      { id: "combatantVex0001", actorId: VEX, name: "Vex", initiative: initiatives.vex },
      { id: "combatantWolf001", actorId: WOLF, name: "Wolf", initiative: initiatives.wolf },
    ],
  });
  const { onUpdateCombat } = await import("../../src/hooks/update-combat.ts");
  w.double.Hooks.on("updateCombat", onUpdateCombat);
  w.double.game.combat = combat as never;
  await w.double.actAs(GM, () => combat.startCombat());
  await w.double.settle();
  return combat;
}

/** The GM moves the combat to the next turn and waits until the world settled (the expiry included). */
async function next(combat: Combat): Promise<void> {
  await w.double.actAs(GM, () => combat.nextTurn());
  await w.double.settle();
}

/** Puts a condition on an actor for a while, as `userId`. */
async function add(userId: string, actorId: string, status: string, value: unknown, units: unknown): Promise<boolean> {
  const { api } = await import("../../src/api.ts");
  const out = await w.double.actAs(userId, () => api.addCondition(actorId, status, value, units));
  await w.double.settle();
  return out;
}

describe("conditions that expire", () => {
  it("one round put on during another's turn ends at the end of the bearer's next turn", async () => {
    w = await bootHarmWorld();
    const combat = await fight();
    // The goblin's turn: Alice puts Hampered on Vex for one round.
    expect(await add(ALICE, VEX, "rb-hampered", 1, "rounds")).toBe(true);
    const stored = w.double.storedActors().find((a) => a.id === VEX)!.effects![0]!;
    if (v14) {
      // The system's own expiry event, registered with core: core leaves its ending to the system.
      expect(stored.duration).toEqual({ value: 1, units: "rounds", expiry: "rolling-bones.turnEnd" });
      expect(stored.start).toEqual({ combat: "combatFight00001", combatant: "combatantVex0001", round: 1, turn: 0 });
    } else {
      expect(stored.duration).toEqual({ rounds: 1, combat: "combatFight00001", startRound: 1, startTurn: 0 });
    }
    await next(combat); // Vex's turn
    expect(statusesOf(w, VEX)).toEqual(["rb-hampered"]);
    await next(combat); // the wolf's: Vex's turn ended
    await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual([]));
  });

  it.runIf(v14)(
    "v14: core's own expiry never ends the system's conditions on core's count; the system ends them once (issue 35 point 6)",
    async () => {
      w = await bootHarmWorld();
      const combat = await fight();
      await next(combat); // Vex's turn (round 1, turn 1)
      // During Vex's own turn: one round lasts to the end of Vex's next turn (round 2, turn 1).
      expect(await add(ALICE, VEX, "rb-hampered", 1, "rounds")).toBe(true);
      // What an earlier version made: the same condition with core's `turnEnd` event.
      const legacy = w.double.storedActors().find((a) => a.id === VEX)!.effects![0]!;
      await w.double.actAs(GM, () =>
        w.double.game.actors.get(VEX)!.createEmbeddedDocuments("ActiveEffect", [
          {
            ...legacy,
            _id: undefined,
            name: "Legacy",
            duration: { ...legacy.duration, expiry: "turnEnd" },
          },
        ]),
      );
      await w.double.settle();
      const applied = () =>
        (w.double.game.actors.get(VEX)!.appliedEffects as unknown as { name: string }[]).map((e) => e.name);
      const deletions: string[] = [];
      w.double.Hooks.on("deleteActiveEffect", (effect: { id: string }) => deletions.push(effect.id));
      await next(combat); // the wolf's
      await next(combat); // round 2, the goblin's
      await next(combat); // round 2, Vex's: three turns of combat time have passed since the start
      // Core marked the earlier version's effect expired on its count (inactive), never the system's.
      expect(w.double.coreExpired).toHaveLength(1);
      expect(applied()).toContain("Hampered");
      expect(applied()).not.toContain("Legacy");
      expect(statusesOf(w, VEX)).toEqual(["rb-hampered", "rb-hampered"]);
      await next(combat); // the wolf's: Vex's turn ended
      await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual([]));
      // The system removed both once each on its own count; core expired nothing more.
      expect(new Set(deletions).size).toBe(2);
      expect(w.double.coreExpired).toHaveLength(1);
    },
  );

  it("a turn the GM sets by hand (Combat#update, the tracker's jump) reaches every client, and the condition that ran out ends (issue 41)", async () => {
    w = await bootHarmWorld();
    const combat = await fight(); // the goblin's turn
    expect(await add(ALICE, VEX, "rb-hampered", 1, "rounds")).toBe(true);
    const seen: string[] = [];
    for (const user of [GM, ALICE])
      w.double.actAs(user, () => w.double.Hooks.on("updateCombat", () => seen.push(user)));
    // Jump straight to the wolf's turn: Vex's turn is passed, so one round has run out.
    await w.double.actAs(GM, () => combat.update({ turn: 2 }));
    await w.double.settle();
    // Each client's handler fires on each client it is registered on: both users' clients saw it.
    expect(new Set(seen)).toEqual(new Set([ALICE, GM]));
    await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual([]));
    await w.double.settle();
    expect(errors(w)).toEqual([]);
  });

  it("a late initiative re-sort keeps a condition's time right: it still waits for the bearer's next turn (issue 41, combat)", async () => {
    w = await bootHarmWorld();
    // The goblin (turn 0), the wolf (turn 1), Vex (turn 2).
    const combat = await fight({ goblin: 15, wolf: 12, vex: 10 }, "combatResort0001");
    // The goblin's turn (round 1): Vex is Hampered for one round, his turn still to come this round.
    expect(await add(ALICE, VEX, "rb-hampered", 1, "rounds")).toBe(true);
    // A late initiative drops the goblin to the end; the goblin keeps the turn (now the third).
    const { keepTurn } = await import("../../src/services/initiative.ts");
    await w.double.actAs(GM, async () => {
      await combat.setInitiative("combatantGoblin1", 1);
      await keepTurn(combat as never, "combatantGoblin1");
    });
    await w.double.settle();
    expect(combat.turn).toBe(2);
    // Vex (now second) has had no turn since: the condition stays, with its one round left.
    expect(statusesOf(w, VEX)).toEqual(["rb-hampered"]);
    await next(combat); // round 2, the wolf
    await next(combat); // round 2, Vex
    expect(statusesOf(w, VEX)).toEqual(["rb-hampered"]);
    await next(combat); // Vex's turn ended
    await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual([]));
  });

  it("an expiry whose write fails on the active GM is one message, never an unhandled rejection (issue 41, fault 6)", async () => {
    w = await bootHarmWorld();
    const combat = await fight();
    expect(await add(GM, GOBLIN, "rb-hampered", 1, "rounds")).toBe(true);
    // The GM's client cannot delete the goblin's effects (a world that refused the write).
    const goblin = w.double.actAs(GM, () => w.double.game.actors.get(GOBLIN)!) as unknown as {
      deleteEmbeddedDocuments: () => Promise<never>;
    };
    goblin.deleteEmbeddedDocuments = () => Promise.reject(new Error("refused by the server"));
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (let k = 0; k < 3; k++) await next(combat);
    await next(combat);
    await vi.waitFor(() => expect(errors(w)).toHaveLength(1));
    expect(errors(w)).toEqual([errorText("ExpiryFailed", { cause: "refused by the server" })]);
    expect(errorLog).toHaveBeenCalled();
    errorLog.mockRestore();
    expect(statusesOf(w, GOBLIN)).toEqual(["rb-hampered"]);
  });

  it("put on during the bearer's own turn, that turn does not count", async () => {
    w = await bootHarmWorld();
    const combat = await fight();
    expect(await add(GM, GOBLIN, "rb-hampered", 1, "rounds")).toBe(true);
    for (let k = 0; k < 3; k++) await next(combat); // round 2, the goblin's turn again
    expect(statusesOf(w, GOBLIN)).toEqual(["rb-hampered"]);
    await next(combat);
    await vi.waitFor(() => expect(statusesOf(w, GOBLIN)).toEqual([]));
  });

  it("two turns count anyone's turns, the one under way first", async () => {
    w = await bootHarmWorld();
    const combat = await fight();
    expect(await add(GM, WOLF, "rb-hampered", 2, "turns")).toBe(true);
    await next(combat);
    expect(statusesOf(w, WOLF)).toEqual(["rb-hampered"]);
    await next(combat);
    await vi.waitFor(() => expect(statusesOf(w, WOLF)).toEqual([]));
  });

  it("the sheet shows what is left, and the GM ends one early", async () => {
    w = await bootHarmWorld();
    await fight();
    expect(await add(GM, WOLF, "rb-hampered", 3, "rounds")).toBe(true);
    const sheet = w.double.game.actors.get(WOLF)!.sheet as {
      render(f: boolean): Promise<unknown>;
      element: HTMLElement;
    };
    await w.double.actAs(GM, () => sheet.render(true));
    await w.double.settle();
    const item = sheet.element.querySelector("[data-stat$='-timed'] li");
    expect(item?.textContent).toContain("rounds left: 3");
    await w.double.press(item!.querySelector<HTMLButtonElement>("[data-action=endCondition]")!);
    await vi.waitFor(() => expect(statusesOf(w, WOLF)).toEqual([]));
  });

  it("Alice applies a condition from the sheet for a chosen number of rounds; until removed is untimed; a bad count is one message (issue 35 point 6)", async () => {
    w = await bootHarmWorld();
    const combat = await fight(); // the goblin's turn
    type Sheet = { render(f: boolean): Promise<unknown>; element: HTMLElement };
    const sheet = w.double.actAs<Sheet>(ALICE, () => w.double.game.actors.get(VEX)!.sheet as Sheet);
    await w.double.actAs(ALICE, () => sheet.render(true));
    await w.double.settle();
    const pick = async (units: string, value: string) => {
      const stat = sheet.element.querySelector("[data-stat$='conditions-status']")!;
      const select = stat.querySelector<HTMLSelectElement>('[data-duration="units"]')!;
      const count = stat.querySelector<HTMLInputElement>('[data-duration="value"]')!;
      select.value = units;
      select.dispatchEvent(new Event("change", { bubbles: true }));
      count.value = value;
      count.dispatchEvent(new Event("change", { bubbles: true }));
      await w.double.settle();
    };
    const apply = async (status: string) => {
      await w.double.press(
        sheet.element.querySelector<HTMLButtonElement>(`[data-action=toggleCondition][data-status="${status}"]`)!,
      );
      await w.double.settle();
    };
    const effects = () => w.double.storedActors().find((a) => a.id === VEX)!.effects ?? [];
    // A count that is not 1 to 99: one message, nothing made.
    await pick("rounds", "0");
    const before = snapshot(w);
    await apply("rb-impaired");
    expect(errors(w)).toEqual([errorText("DurationInvalid", { value: 0, max: 99 })]);
    expect(snapshot(w)).toBe(before);
    // One round, put on during the goblin's turn: the sheet says 1 round left, and it ends with Vex's turn.
    await pick("rounds", "1");
    await apply("rb-impaired");
    expect(effects()).toHaveLength(1);
    expect(statusesOf(w, VEX)).toEqual(["rb-impaired"]);
    await vi.waitFor(() =>
      expect(sheet.element.querySelector("[data-stat$='-timed'] li")?.textContent).toContain("rounds left: 1"),
    );
    // The choice survived the sheet's render.
    expect(sheet.element.querySelector<HTMLSelectElement>('[data-duration="units"]')?.value).toBe("rounds");
    await next(combat); // Vex's turn
    await next(combat); // the wolf's: Vex's turn ended
    await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual([]));
    // Until removed: core's status toggle, no duration.
    await pick("", "1");
    await apply("rb-impaired");
    expect(statusesOf(w, VEX)).toEqual(["rb-impaired"]);
    expect(effects()[0]?.duration ?? {}).not.toHaveProperty(v14 ? "units" : "rounds");
    await next(combat);
    await next(combat);
    expect(statusesOf(w, VEX)).toEqual(["rb-impaired"]);
  });

  it("the token HUD: a timed condition's icon says what is left; an owner applies one for a chosen while, core's toggle otherwise (issue 35 point 6)", async () => {
    w = await bootHarmWorld();
    await fight(); // the goblin's turn
    const { decorateTokenHud } = await import("../../src/applications/hud/token-hud.ts");
    // The HUD's palette as core draws it (see token-hud.ts for the public markup it follows).
    const hudElement = () => {
      const element = document.createElement("div");
      element.id = "token-hud";
      element.innerHTML =
        '<div class="palette status-effects" data-palette="effects">' +
        '<img class="effect-control" data-action="effect" data-status-id="rb-impaired" src="">' +
        '<img class="effect-control" data-action="effect" data-status-id="dead" src=""></div>';
      // Core's own toggle, on the HUD's element (bubbling).
      element.addEventListener("click", () => coreClicks.push("toggle"));
      document.body.append(element);
      return element;
    };
    const coreClicks: string[] = [];
    let renders = 0;
    const decorate = async (userId: string) =>
      w.double.actAs(userId, async () => {
        // The double's actor stands in for the system's Actor class here.
        const actor = w.double.game.actors.get(VEX)! as unknown as Actor.Implementation;
        const element = hudElement();
        await decorateTokenHud({ object: { actor }, render: () => (renders += 1) }, element);
        return element;
      });
    const element = await decorate(ALICE);
    const units = element.querySelector<HTMLSelectElement>('[data-duration="units"]')!;
    const count = element.querySelector<HTMLInputElement>('[data-duration="value"]')!;
    expect(units.value).toBe("");
    units.value = "rounds";
    units.dispatchEvent(new Event("change", { bubbles: true }));
    count.value = "2";
    count.dispatchEvent(new Event("change", { bubbles: true }));
    await w.double.actAs(ALICE, async () => {
      element.querySelector<HTMLElement>('[data-status-id="rb-impaired"]')!.click();
      await Promise.resolve();
    });
    await w.double.settle();
    await vi.waitFor(() => expect(statusesOf(w, VEX)).toEqual(["rb-impaired"]));
    // The system applied it for 2 rounds; core's untimed toggle never saw the click.
    expect(coreClicks).toEqual([]);
    await vi.waitFor(() => expect(renders).toBe(1));
    const drawn = await decorate(ALICE);
    const icon = drawn.querySelector<HTMLElement>('[data-status-id="rb-impaired"]')!;
    expect(icon.dataset.tooltip).toBe("Impaired: rounds left: 2");
    expect(icon.getAttribute("aria-label")).toBe("Impaired: rounds left: 2");
    // The pick is kept while the HUD is drawn again.
    expect(drawn.querySelector<HTMLSelectElement>('[data-duration="units"]')?.value).toBe("rounds");
    // A status that is not the system's, or one already on, goes to core.
    w.double.actAs(ALICE, () => {
      drawn.querySelector<HTMLElement>('[data-status-id="dead"]')!.click();
      icon.click();
    });
    expect(coreClicks).toEqual(["toggle", "toggle"]);
    // A player who does not own Vex gets the time left, but no picker.
    const seen = await decorate(BOB);
    expect(seen.querySelector(".rb-hud-duration")).toBeNull();
    expect(seen.querySelector<HTMLElement>('[data-status-id="rb-impaired"]')?.dataset.tooltip).toBe(
      "Impaired: rounds left: 2",
    );
  });

  it("a bad duration, or another player's character, is refused with one message and nothing is made", async () => {
    w = await bootHarmWorld();
    const before = snapshot(w);
    expect(await add(ALICE, VEX, "rb-hampered", 0, "rounds")).toBe(false);
    expect(await add(ALICE, VEX, "rb-hampered", 2, "minutes")).toBe(false);
    expect(await add(ALICE, VEX, "nothing", 2, "rounds")).toBe(false);
    expect(await add(ALICE, GOBLIN, "rb-hampered", 2, "rounds")).toBe(false);
    expect(errors(w)).toEqual([
      errorText("DurationInvalid", { value: 0, max: 99 }),
      errorText("DurationInvalid", { value: 2, max: 99 }),
      errorText("UnknownCondition", { name: "nothing" }),
      errorText("NotOwner", { name: "Goblin" }),
    ]);
    expect(snapshot(w)).toBe(before);
  });
});

describe("Willpower once per turn, in a running combat", () => {
  it("follows the combat's turn (docs/rules.md §5: a pass of the initiative order, Foundry's round), not each roll", async () => {
    w = await bootHarmWorld();
    const combat = await fight();
    const spend = async () => {
      d10s(w, 7, 8, 9);
      const count = errors(w).length;
      const id = await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true });
      return id !== null && errors(w).length === count;
    };
    // The goblin's turn of round 1: Vex spends one.
    expect(await spend()).toBe(true);
    // Vex's own turn and the wolf's, in the same round: refused, with the reason.
    await next(combat);
    expect(await spend()).toBe(false);
    expect(errors(w).at(-1)).toContain(errorText("WillpowerUsedThisTurn").slice(0, 20));
    await next(combat);
    expect(await spend()).toBe(false);
    // Round 2 begins: the point may be spent again.
    await next(combat);
    expect(combat.round).toBe(2);
    expect(await spend()).toBe(true);
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { current: 0 } });
  });
});

describe("damage and healing links", () => {
  it("a link applies to the user's character when nothing is selected or targeted; without one it says so", async () => {
    w = await bootHarmWorld();
    const { buildHarmLink } = await import("../../src/applications/roll-link-elements.ts");
    const { onRollLinkEvent } = await import("../../src/hooks/roll-links.ts");
    const i18n = w.double.game.i18n as never;
    const link = buildHarmLink(
      document,
      { text: "@Damage[7|half]{Trap}", name: "Damage", params: "7|half", label: "Trap" },
      i18n,
    );
    const root = w.double.clientRoot(ALICE);
    root.append(link);
    const click = () =>
      w.double.actAs(ALICE, () =>
        onRollLinkEvent({ type: "click", target: link, preventDefault() {}, stopPropagation() {} } as never),
      );
    await click();
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmNoTargets")]);
    await w.double.actAs(ALICE, () => w.double.game.user.update({ character: VEX }));
    await w.double.settle();
    await click();
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmNoTargets")]);
    // Half of 7, rounded down: 3.
    expect(healthOf(w, VEX).value).toBe(7);
    const broken = buildHarmLink(document, { text: "@Heal[5|double]", name: "Heal", params: "5|double" }, i18n);
    expect(broken.classList.contains("is-broken")).toBe(true);
  });
});
