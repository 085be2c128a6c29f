// @vitest-environment happy-dom
/**
 * Modules can change a roll (issue 36, "one roll configuration"), on the test world in v13 and v14:
 * `rollingBones.preConfigure` is asked before the dialog opens (or the fast roll is made) and may
 * change the request it starts from, its title, its stored options and whether the dialog opens, or
 * cancel; `rollingBones.preRoll` is asked after the dialog, before any die is thrown or point spent,
 * and a change to its configuration changes the roll (checked again: a change the engine refuses
 * shows one message, and nothing is spent or posted); `rollingBones.roll` receives the roll and its
 * message.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { api as Api } from "../../src/api.ts";
import type { DialogConfiguration, RollConfiguration } from "../../src/services/prepared-roll.ts";
import {
  ALICE,
  AYLA,
  GM,
  bootWorld,
  d10s,
  errorText,
  errors,
  rollFor,
  snapshot,
  systemOf,
  type World,
} from "./points-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

const BODY = { kind: "attribute", key: "body" } as const;

/** The world, with the system's API. */
async function boot(): Promise<typeof Api> {
  w = await bootWorld();
  return (w.double.game.system as unknown as { api: typeof Api }).api;
}

/** The request and flavor of the last posted roll. */
function lastRoll() {
  const stored = w.double.storedMessages().at(-1)!;
  const roll = JSON.parse(stored.rolls[0]!) as { options: { request: Record<string, unknown> } };
  return { request: roll.options.request, flavor: stored.flavor, whisper: stored.whisper, stored };
}

/** Alice's open roll dialogs. */
function dialogs(): HTMLFormElement[] {
  return [...w.double.clientRoot(ALICE).querySelectorAll<HTMLFormElement>("form.rb-roll-dialog")];
}

describe("rollingBones.preConfigure, before the dialog", () => {
  it("changes the request and the title a fast roll starts from; it sees the engine and the actor", async () => {
    const api = await boot();
    const seen: DialogConfiguration[] = [];
    w.double.Hooks.on("rollingBones.preConfigure", (config: DialogConfiguration) => {
      seen.push({ ...config });
      config.request.bonus = 2;
      config.title = "Heave <b>hard</b>";
      config.rollOptions.fromModule = "lever";
    });
    d10s(w, 3, 4, 5, 6);
    await w.double.actAs(ALICE, () => api.rollTrait(AYLA, BODY, { shiftKey: true } as never));
    await w.double.settle();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ engine: "percentile", dialog: false });
    expect(seen[0]!.actor?.id).toBe(AYLA);
    const { request, flavor, stored } = lastRoll();
    expect(request.bonus).toBe(2);
    expect(flavor).toBe("Heave &lt;b&gt;hard&lt;/b&gt;");
    expect((JSON.parse(stored.rolls[0]!) as { options: { fromModule?: unknown } }).options.fromModule).toBe("lever");
  });

  it("the dialog opens on the changed request, and its roll carries it", async () => {
    const api = await boot();
    w.double.Hooks.on("rollingBones.preConfigure", (config: DialogConfiguration) => {
      config.request.penalty = 1;
    });
    w.double.actAs(ALICE, () => void api.rollTrait(AYLA, BODY));
    await w.double.settle();
    const [dialog] = dialogs();
    expect(dialog).toBeDefined();
    expect(dialog!.querySelector<HTMLInputElement>('[name="penalty"]')?.value).toBe("1");
    d10s(w, 3, 4, 5, 6);
    await w.double.press(dialog!.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await w.double.settle();
    expect(lastRoll().request.penalty).toBe(1);
  });

  it("may roll at once without the dialog (dialog = false), or cancel: no dialog, no card", async () => {
    const api = await boot();
    const fast = (config: DialogConfiguration) => void (config.dialog = false);
    w.double.Hooks.on("rollingBones.preConfigure", fast);
    await w.double.actAs(ALICE, () => api.rollTrait(AYLA, BODY));
    await w.double.settle();
    expect(dialogs()).toEqual([]);
    expect(w.double.storedMessages()).toHaveLength(1);
    w.double.Hooks.off("rollingBones.preConfigure", fast);
    w.double.Hooks.on("rollingBones.preConfigure", () => false);
    await w.double.actAs(ALICE, () => api.rollTrait(AYLA, BODY));
    await w.double.settle();
    expect(dialogs()).toEqual([]);
    expect(w.double.storedMessages()).toHaveLength(1);
    expect(errors(w)).toEqual([]);
  });

  it("a change of the wrong kind shows one message and rolls nothing", async () => {
    const api = await boot();
    w.double.Hooks.on("rollingBones.preConfigure", (config: DialogConfiguration) => {
      (config as unknown as { title: unknown }).title = 42;
    });
    await w.double.actAs(ALICE, () => api.rollTrait(AYLA, BODY, { shiftKey: true } as never));
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("BadPostOption", { option: "flavor" })]);
    expect(dialogs()).toEqual([]);
    expect(w.double.storedMessages()).toHaveLength(0);
  });
});

describe("rollingBones.preRoll, after the dialog", () => {
  it("a change of the request takes effect before the spend: no karma die asked, no karma taken", async () => {
    await boot();
    const seen: unknown[] = [];
    w.double.Hooks.on(
      "rollingBones.preRoll",
      (engine: string, request: Record<string, unknown>, visibility: string, config: RollConfiguration) => {
        seen.push([engine, request.karmaDice, visibility, config.request === request]);
        request.karmaDice = 0;
        config.visibility = "gm";
      },
    );
    d10s(w, 7, 3, 4);
    const id = await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
    expect(id).not.toBeNull();
    expect(seen).toEqual([["percentile", 1, "public", true]]);
    expect(systemOf(w, AYLA).karma).toBe(3);
    const { request, whisper } = lastRoll();
    expect(request.karmaDice).toBe(0);
    expect(whisper).toContain(GM);
  });

  it("a change the engine refuses shows one message; nothing is spent or posted", async () => {
    await boot();
    w.double.Hooks.on("rollingBones.preRoll", (_e: string, request: Record<string, unknown>) => {
      request.bonus = -3;
    });
    const before = snapshot(w);
    const id = await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
    expect(id).toBeNull();
    expect(errors(w)).toHaveLength(1);
    expect(snapshot(w)).toBe(before);
  });

  it("rollingBones.roll receives the roll as changed and its message", async () => {
    await boot();
    w.double.Hooks.on("rollingBones.preRoll", (_e: string, request: Record<string, unknown>) => {
      request.bonus = 1;
    });
    const got: [unknown, unknown][] = [];
    w.double.Hooks.on(
      "rollingBones.roll",
      (roll: { options: { request: { bonus: number } } }, message: { id: string }) =>
        got.push([roll.options.request.bonus, message.id]),
    );
    d10s(w, 7, 3, 4);
    const id = await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 0 });
    expect(got).toEqual([[1, id]]);
  });
});
