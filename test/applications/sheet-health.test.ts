// @vitest-environment happy-dom
/**
 * Health on the sheet, on the test world (v13 and v14): the owner sees what is left as text and edits
 * the maximum (a lower maximum lowers what is left); a GM edits what is left, and the wound and the
 * defeated mark follow the value however it was changed; the GM's Heal (an amount, or fully) is recorded on a chat
 * card; the seven health levels show on a dice pool's sheet under the world's option; every actor
 * type offers health as a token bar, and the system's primary token attribute is health.
 */
import { partIn } from "../support/cards.ts";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { SAMPLES } from "../data/samples.ts";
import { localize } from "../support/i18n.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { CHARACTER_TYPES, NPC_TYPES } from "../../src/data/actor/pure.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const HERO = "actorHero0000001";

interface Sheet {
  render(force: boolean): Promise<unknown>;
  element: HTMLFormElement;
}

/** A Wild Die NPC's data, the NPC sheet's sample. */
const WILD_NPC = { schemaVersion: 2, attributes: {}, skills: {}, notes: "" };

async function boot(
  type: keyof typeof SAMPLES | "wild-npc",
  health: { value: number; max: number },
  userId = GM,
): Promise<void> {
  const sample = type === "wild-npc" ? WILD_NPC : SAMPLES[type];
  double = await bootSystem({
    userId,
    actors: [
      {
        id: HERO,
        name: "Hero",
        type,
        system: { ...structuredClone(sample), health },
        ownership: { [ALICE]: 3 },
      },
    ],
  });
  const { onUpdateActor } = await import("../../src/hooks/update-actor.ts");
  double.Hooks.on("updateActor", onUpdateActor);
}

/** Opens the sheet on the client the world was booted as. */
async function openSheet(): Promise<Sheet> {
  const sheet = double.game.actors.get(HERO)!.sheet as Sheet;
  await sheet.render(true);
  return sheet;
}

async function type(sheet: Sheet, userId: string, name: string, value: string): Promise<void> {
  const control = sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!control) throw new Error(`no control named ${name} on the sheet`);
  control.value = value;
  double.actAs(userId, () => control.dispatchEvent(new Event("change", { bubbles: true })));
  await double.settle();
}

const stored = () => double.storedActors().find((a) => a.id === HERO)!.system.health;
const statuses = () =>
  double.game.actors
    .get(HERO)!
    .effects.contents.flatMap((e) => [...(e as unknown as { statuses: Set<string> }).statuses])
    .sort();

describe("health on the sheet", () => {
  it("the owner reads what is left and edits the maximum; a lower maximum lowers what is left", async () => {
    await boot("wild-character", { value: 8, max: 10 }, ALICE);
    const sheet = await openSheet();
    const stat = sheet.element.querySelector("[data-stat$='-health']")!;
    expect(stat.querySelector("input")).toBeNull();
    expect(stat.querySelector("output")?.textContent).toBe("8 of 10");
    await type(sheet, ALICE, "system.health.max", "6");
    expect(stored()).toEqual({ value: 6, max: 6 });
    expect(sheet.element.querySelector("[data-stat$='-health'] output")?.textContent).toBe("6 of 6");
  });

  it("a GM sets what is left: the wound and the defeat follow, and are lifted again", async () => {
    await boot("action-character", { value: 10, max: 10 });
    const sheet = await openSheet();
    await type(sheet, GM, "system.health.value", "4");
    await vi.waitFor(() => expect(statuses()).toEqual(["rb-wounded"]));
    expect(sheet.element.querySelector("[data-stat$='-health'] .rb-stat__hint")?.textContent).toBe(
      `${localize("ROLLING_BONES.Condition.rb-wounded.name")}: ${localize("ROLLING_BONES.Condition.Target.modifier")} \u22122`,
    );
    await type(sheet, GM, "system.health.value", "0");
    await vi.waitFor(() => expect(statuses()).toEqual(["dead", "rb-badly-wounded"]));
    await type(sheet, GM, "system.health.value", "10");
    await vi.waitFor(() => expect(statuses()).toEqual([]));
  });

  it("the GM's Heal with no amount heals fully and records it on a chat card", async () => {
    await boot("pi-character", { value: 3, max: 10 });
    const sheet = await openSheet();
    await double.press(sheet.element.querySelector<HTMLButtonElement>("[data-action=healActor]")!);
    await vi.waitFor(() => expect(stored()).toEqual({ value: 10, max: 10 }));
    await double.settle();
    const card = double.storedMessages().at(-1) as { flags: Record<string, Record<string, unknown>> };
    const ledger = partIn(card, "harmLedger") as {
      entries: { name: string; before: number; after: number }[];
    };
    expect(ledger.entries.map((e) => [e.name, e.before, e.after])).toEqual([["Hero", 3, 10]]);
  });

  it("the GM's Heal by an amount heals that much; a bad amount gets one message and nothing changes", async () => {
    await boot("wild-npc", { value: 3, max: 10 });
    const sheet = await openSheet();
    const amount = sheet.element.querySelector<HTMLInputElement>("[data-stat-amount]")!;
    // The amount is no field of the actor: the sheet's form never submits it.
    expect(amount.hasAttribute("name")).toBe(false);
    expect(amount.closest("label")?.textContent).toContain(localize("ROLLING_BONES.Harm.Heal.Amount"));
    amount.value = "4";
    await double.press(sheet.element.querySelector<HTMLButtonElement>("[data-action=healActor]")!);
    await vi.waitFor(() => expect(stored()).toEqual({ value: 7, max: 10 }));
    await double.settle();
    const messages = double.storedMessages().length;
    const field = sheet.element.querySelector<HTMLInputElement>("[data-stat-amount]")!;
    field.value = "-2";
    const told = double.notifications.length;
    await double.press(sheet.element.querySelector<HTMLButtonElement>("[data-action=healActor]")!);
    await double.settle();
    expect(double.notifications.length).toBe(told + 1);
    expect(stored()).toEqual({ value: 7, max: 10 });
    expect(double.storedMessages()).toHaveLength(messages);
  });

  it("a player sees no Heal button", async () => {
    await boot("pi-character", { value: 3, max: 10 }, ALICE);
    const sheet = await openSheet();
    expect(sheet.element.querySelector("[data-action=healActor]")).toBeNull();
  });

  it("a dice pool's sheet shows the seven health levels, each lost or not, under the world's option", async () => {
    await boot("pool-character", { value: 4, max: 7 }, ALICE);
    await double.actAs(GM, () => double.game.settings.set("rolling-bones", "healthLevels", true));
    await double.settle();
    const sheet = await openSheet();
    const levels = [...sheet.element.querySelectorAll("[data-stat$='-health-levels'] li")].map((li) =>
      li.textContent?.trim(),
    );
    expect(levels).toEqual([
      "Bruised 0: lost",
      "Hurt −1: lost",
      "Injured −1: lost",
      "Wounded −2: —",
      "Mauled −2: —",
      "Crippled −5: —",
      "Incapacitated: —",
    ]);
  });
});

describe("health as a token bar", () => {
  it("every actor type offers health as a bar, and health is the primary token attribute", () => {
    return (async () => {
      double = await bootSystem();
      const trackable = double.CONFIG.Actor as { trackableAttributes: Record<string, { bar: string[] }> };
      for (const type of [...CHARACTER_TYPES, ...NPC_TYPES])
        expect(trackable.trackableAttributes[type]?.bar, type).toContain("health");
      const manifest = JSON.parse(readFileSync("system.json", "utf8")) as { primaryTokenAttribute?: string };
      expect(manifest.primaryTokenAttribute).toBe("health");
    })();
  });
});
