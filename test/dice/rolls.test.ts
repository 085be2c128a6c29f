// @vitest-environment happy-dom
/**
 * The five engine rolls end to end on the Foundry double: a roll posted with chosen faces (through
 * `CONFIG.Dice.randomUniform`, the seam Foundry uses) shows the right card, checked in the DOM; the
 * card survives a reload identically; roll modes hide what they should; a bad request posts nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, mixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, BOB, bootSystem, GM } from "../support/system.ts";
import type { RollableEngine } from "../../src/services/roll.ts";
import type { Visibility } from "../../src/helpers/compat.ts";

let double: FoundryDouble;
// The cards drawn load their controls' code: the world settles before it goes.
afterEach(async () => {
  await double.settle();
  double.uninstall();
});

async function post(
  engine: RollableEngine,
  request: unknown,
  uniform: () => number,
  visibility: Visibility = "public",
) {
  double.CONFIG.Dice.randomUniform = uniform;
  const { rollToChat } = await import("../../src/services/roll.ts");
  return rollToChat(engine, request, { visibility });
}

async function card(messageId: string | null, as?: string): Promise<HTMLElement> {
  const render = async () => {
    const message = double.game.messages.get(messageId ?? "");
    if (!message) throw new Error("no message");
    return await message.renderHTML();
  };
  return as ? double.actAs(as, render) : render();
}

/** The stored message behind a posted one (each client revives its own instance). */
function stored(message: { id: string | null } | null) {
  const found = double.game.messages.get(message?.id ?? "");
  if (!found) throw new Error("message not found");
  return found;
}

const faces = (html: HTMLElement, sel = ".rb-die") =>
  [...html.querySelectorAll(sel)].map((d) => d.querySelector(".rb-die__face")?.textContent?.trim());
const marks = (el: Element | null | undefined) =>
  [...(el?.querySelectorAll(".rb-die__mark") ?? [])].map((m) => m.getAttribute("data-mark"));

describe("pool roll", () => {
  it("marks successes, ones and cancelled dice, and shows the degree (faces 8,1,7,3,10 at difficulty 7)", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("pool", { pool: 5, difficulty: 7 }, fixedFaces(10, [8, 1, 7, 3, 10]));
    const html = await card(message!.id);
    const dice = [...html.querySelectorAll(".rb-die")];
    expect(faces(html)).toEqual(["8", "1", "7", "3", "10"]);
    // the 1 cancels the lowest success (the 7); 8 and 10 stand
    expect(dice[2]?.classList.contains("is-cancelled")).toBe(true);
    expect(dice[1]?.classList.contains("is-one")).toBe(true);
    expect(marks(dice[0])).toContain("success");
    expect(html.querySelector("[data-result]")?.getAttribute("data-result")).toBe("success");
    expect(html.querySelector("[data-degree]")?.getAttribute("data-degree")).toBe("moderate");
    expect(html.querySelector(".rb-card__total")?.textContent).toBe("2");
    expect(stored(message)?.rolls[0]?.total).toBe(2);
  });

  it("names the difficulty on the card as the rules do: 8 is Difficult, 10 has no name", async () => {
    double = await bootSystem({ userId: ALICE });
    const named = await card((await post("pool", { pool: 2, difficulty: 8 }, fixedFaces(10, [8, 2])))!.id);
    expect(named.querySelector("[data-difficulty]")?.textContent).toBe("2 dice against difficulty 8 · Difficult");
    const unnamed = await card((await post("pool", { pool: 2, difficulty: 10 }, fixedFaces(10, [10, 2])))!.id);
    expect(unnamed.querySelector("[data-difficulty]")?.textContent).toBe("2 dice against difficulty 10");
  });

  it("shows an automatic success without a tally of dice that were never rolled", async () => {
    // The GM takes it freely (a player asks the GM first: test/services/automatic.test.ts).
    double = await bootSystem({ userId: GM });
    const html = await card((await post("pool", { pool: 7, difficulty: 6, automatic: true }, fixedFaces(10, [])))!.id);
    expect(html.querySelector('[data-note="automatic"]')).not.toBeNull();
    expect(html.querySelector("[data-tally]")).toBeNull();
    expect(html.querySelector(".rb-card__total")?.textContent).toBe("1");
  });

  it("says how many 1s botch cancellation ignored only when a botch was in question, and names the dots it takes", async () => {
    double = await bootSystem({ userId: ALICE });
    // Ability at 6 dots: two 1s ignored. 1, 1, 1, 4: no success, three 1s, two ignored → an Embarrassing botch.
    const botch = await card((await post("pool", { pool: 4, cancellation: 2 }, fixedFaces(10, [1, 1, 1, 4])))!.id);
    expect(botch.querySelector('[data-note="cancellation"]')?.textContent).toBe(
      "Botch cancellation (Ability at 6 dots): two 1s are ignored when deciding a botch.",
    );
    expect(botch.querySelector('[data-tally="ignored"]')?.textContent).toBe("2");
    expect(botch.querySelector("[data-degree]")?.getAttribute("data-degree")).toBe("embarrassing");
    // A success with a 1 showing: no botch was in question, so no "ignored" row.
    const success = await card((await post("pool", { pool: 3, cancellation: 1 }, fixedFaces(10, [8, 9, 1])))!.id);
    expect(success.querySelector('[data-note="cancellation"]')?.textContent).toContain("Ability at 5 dots): one 1");
    expect(success.querySelector('[data-tally="ignored"]')).toBeNull();
  });

  it("shows a botch with its degree (faces 1,1,4 at difficulty 6)", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("pool", { pool: 3, difficulty: 6 }, fixedFaces(10, [1, 1, 4]));
    const html = await card(message!.id);
    expect(html.querySelector("[data-result]")?.getAttribute("data-result")).toBe("botch");
    expect(html.querySelector("[data-degree]")?.getAttribute("data-degree")).toBe("unfortunate");
    expect(html.querySelector("[data-result]")?.textContent).toContain("Botch");
  });
});

describe("percentile roll", () => {
  it('RULES §1 seed example "T6 O9 bonus 8 → 89": the bonus die replaces the tens die', async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("percentile", { bonus: 1, penalty: 0 }, fixedFaces(10, [6, 9, 8]));
    const html = await card(message!.id);
    const tens = [...html.querySelectorAll('[data-group="tens"] .rb-die')];
    expect(tens.map((d) => d.getAttribute("data-role"))).toEqual(["tens", "bonus"]);
    expect(tens[0]?.classList.contains("is-replaced")).toBe(true);
    expect(tens[1]?.classList.contains("is-kept")).toBe(true);
    expect(html.querySelector('[data-group="ones"] .rb-die__face')?.textContent).toBe("9");
    // Tens dice show the tens they read: the tens die 60, the bonus die 80.
    expect(tens.map((d) => d.querySelector(".rb-die__face")?.textContent)).toEqual(["60", "80"]);
    expect(html.querySelector("[data-value]")?.getAttribute("data-value")).toBe("89");
    expect(html.querySelector('[data-note="replacement"]')?.textContent).toContain(
      "The die showing 80 took the tens place",
    );
    // No rating: no level to have raised.
    expect(html.querySelector('[data-note="shift"]')).toBeNull();
  });

  it('seed example "T9 O9 penalty 0 → 09": chips read 90, 9 and 00, and the card says Awesome was knocked down to Catastrophic', async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("percentile", { bonus: 0, penalty: 1, column: 1 }, fixedFaces(10, [9, 9, 10]));
    const html = await card(message!.id);
    const faces = (sel: string) => [...html.querySelectorAll(`${sel} .rb-die__face`)].map((f) => f.textContent);
    expect(faces('[data-group="tens"]')).toEqual(["90", "00"]);
    expect(faces('[data-group="ones"]')).toEqual(["9"]);
    const shift = html.querySelector('[data-note="shift"]');
    expect(shift?.getAttribute("data-direction")).toBe("lowered");
    expect(shift?.textContent).toBe("The penalty die knocked the result down from Awesome to Catastrophic.");
  });

  it("says what a rated roll was read against: rating, column and the value that succeeds", async () => {
    double = await bootSystem({ userId: ALICE });
    const html = await card(
      (await post("percentile", { bonus: 0, penalty: 0, column: 1 }, fixedFaces(10, [5, 5])))!.id,
    );
    // Default table, first column (ratings up to 2): passable, the lowest success, starts at 71.
    expect(html.querySelector("[data-reading]")?.textContent).toBe("Rating 1 · column 1 · success on 71+");
    const unrated = await card((await post("percentile", { bonus: 0, penalty: 0 }, fixedFaces(10, [5, 5])))!.id);
    expect(unrated.querySelector("[data-reading]")).toBeNull();
  });

  it("shows a called shot's raised damage multiplier only when the roll succeeds", async () => {
    double = await bootSystem({ userId: ALICE });
    const request = { bonus: 0, penalty: 0, voluntaryPenalty: 2, damageMultiplier: 2, column: 20 };
    // Rating 20 reads the last column (26+ succeeds): 75 hits, 15 misses.
    const hit = await card((await post("percentile", request, fixedFaces(10, [8, 5, 9, 7])))!.id);
    expect(hit.querySelector('[data-note="called-shot"]')?.textContent).toContain("damage ×4");
    const miss = await card((await post("percentile", request, fixedFaces(10, [8, 5, 1, 7])))!.id);
    const note = miss.querySelector('[data-note="called-shot"]')?.textContent ?? "";
    expect(note).not.toContain("×");
    expect(note).toContain("the roll failed, so the damage is not raised");
  });

  it("shows the cancelled counts and the cap clamp", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("percentile", { bonus: 8, penalty: 1, cap: 5 }, fixedFaces(10, [3, 4, 1, 2, 5, 6, 7]));
    const html = await card(message!.id);
    expect(html.querySelector('[data-note="cancelled"]')?.textContent).toBe("1 die of each kind cancelled");
    expect(html.querySelector('[data-note="clamped"]')?.textContent).toContain("7");
    expect(html.querySelectorAll('[data-group="tens"] .rb-die').length).toBe(6); // tens + 5 bonus
    // best tens reading is 7 → value 74
    expect(html.querySelector("[data-value]")?.getAttribute("data-value")).toBe("74");
  });

  it("reads 00 as 100 and shows it as 00", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("percentile", { bonus: 0, penalty: 0 }, fixedFaces(10, [10, 10]));
    const html = await card(message!.id);
    expect(html.querySelector("[data-value]")?.getAttribute("data-value")).toBe("100");
    expect(html.querySelector("[data-value]")?.textContent).toBe("00");
  });
});

describe("action roll", () => {
  it("chains every cascade throw of an augmenting action die (d20 14, d6 6→6→2, +3 vs DC 15)", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post(
      "action",
      { modifier: 3, dc: 15, augments: [6] },
      mixedFaces([
        [14, 20],
        [6, 6],
        [6, 6],
        [2, 6],
      ]),
    );
    const html = await card(message!.id);
    const chain = [...html.querySelectorAll('[data-group="augment"] .rb-die')];
    expect(chain.map((d) => d.querySelector(".rb-die__face")?.textContent)).toEqual(["6", "6", "2"]);
    expect(chain.slice(0, 2).every((d) => d.classList.contains("is-exploded"))).toBe(true);
    expect(chain[2]?.classList.contains("is-exploded")).toBe(false);
    expect(html.querySelector("[data-total]")?.textContent).toBe(String(14 + 3 + 14));
    expect(html.querySelector(".rb-card__outcome")?.textContent).toContain("Success");
    // the Foundry dice hold every throw, so a 3D dice module animates the cascade too
    const roll = stored(message).rolls[0]!;
    expect(roll.dice.flatMap((d) => d.results.map((r) => `${r.result}/d${d.faces}`))).toEqual([
      "14/d20",
      "6/d6",
      "6/d6",
      "2/d6",
    ]);
  });

  it("flags a natural 1 as a potential botch and a natural 20 as a critical threat", async () => {
    double = await bootSystem({ userId: ALICE });
    const botch = await post("action", { modifier: 0 }, fixedFaces(20, [1]));
    const botchCard = await card(botch!.id);
    expect(botchCard.querySelector('[data-flag="potentialBotch"]')).not.toBeNull();
    // The chip says it in the system's words, not Foundry's "Fumble", and never "Kept"; a screen reader hears the die once.
    const d20 = botchCard.querySelector('[data-group="d20"] .rb-die');
    expect(marks(d20)).toEqual(["potentialBotch"]);
    expect(d20?.querySelector(".rb-sr-only")?.textContent).toBe("1 on a d20, Potential botch");
    expect(
      [...(d20?.querySelectorAll(":scope > :not(.rb-sr-only)") ?? [])].every(
        (e) => e.getAttribute("aria-hidden") === "true",
      ),
    ).toBe(true);
    expect(botchCard.textContent).not.toMatch(/Fumble|Kept/);
    const crit = await post("action", { modifier: 0, kind: "attack" }, fixedFaces(20, [20]));
    const critCard = await card(crit!.id);
    expect(critCard.querySelector('[data-flag="criticalThreat"]')).not.toBeNull();
    expect(marks(critCard.querySelector('[data-group="d20"] .rb-die'))).toEqual(["criticalThreat"]);
  });
});

describe("wild roll", () => {
  it("chains the Wild Die's explosions (3D+1: normal 4, 2; Wild 6, 6, 3 → 22) and labels the critical success", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("wild", { dice: 3, pips: 1 }, fixedFaces(6, [4, 2, 6, 6, 3]));
    const html = await card(message!.id);
    expect(faces(html, '[data-group="normal"] .rb-die')).toEqual(["4", "2"]);
    expect(faces(html, '[data-group="wild"] .rb-die')).toEqual(["6", "6", "3"]);
    expect(html.querySelector('[data-label="criticalSuccess"]')).not.toBeNull();
    expect(html.querySelector("[data-total]")?.textContent).toBe("22");
  });

  it("subtracts after a first 1 and labels a catastrophic failure (1D: Wild 1, 6, 3 → 1 − 6 − 3)", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("wild", { dice: 1 }, fixedFaces(6, [1, 6, 3]));
    const html = await card(message!.id);
    const chain = [...html.querySelectorAll('[data-group="wild"] .rb-die')];
    expect(chain.map((d) => d.getAttribute("data-role"))).toEqual(["wild", "wildSubtract", "wildSubtract"]);
    expect(chain.slice(1).every((d) => d.classList.contains("is-subtracted"))).toBe(true);
    // One headline: the catastrophe replaces the critical failure it grew from, and reads as a failure.
    expect(html.querySelector('[data-label="criticalFailure"]')).toBeNull();
    const headline = html.querySelector('[data-label="catastrophicFailure"]');
    expect(headline?.textContent?.trim()).toBe("Catastrophic Failure");
    expect(headline?.classList.contains("is-failure")).toBe(true);
    expect(headline?.querySelector(".rb-icon--failure")).not.toBeNull();
    expect(html.querySelector('[data-note="subtracted"]')?.textContent).toBe(
      "The Wild Die's failure took 9 off the total.",
    );
    expect(html.querySelector("[data-total]")?.textContent).toBe(String(1 - 6 - 3));
  });

  it('marks a first 1 that "counts as nothing" with "Counts 0", so the total is explained (2D: 5; Wild 1, 4 → 5 + 0 − 4)', async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post("wild", { dice: 2, firstOneCounts: false }, fixedFaces(6, [5, 1, 4]));
    const html = await card(message!.id);
    const first = html.querySelector('[data-group="wild"] .rb-die');
    expect(first?.querySelector(".rb-die__face")?.textContent).toBe("1");
    expect([...(first?.querySelectorAll(".rb-die__mark") ?? [])].map((m) => m.textContent)).toContain("Counts 0");
    expect(html.querySelector("[data-total]")?.textContent).toBe("1");
    expect(html.querySelector('[data-label="criticalFailure"]')?.classList.contains("is-failure")).toBe(true);
    // With the default reading the 1 counts as 1 and carries no such mark.
    const counted = await card((await post("wild", { dice: 2 }, fixedFaces(6, [5, 1, 4])))!.id);
    expect(counted.textContent).not.toContain("Counts 0");
    expect(counted.querySelector("[data-total]")?.textContent).toBe("2");
  });
});

describe("wild roll against a target number", () => {
  it("Reflexes 3D+1 against TN 10: 4, 3 and a Wild Die 2 make 10, judged a success in words with an icon", async () => {
    double = await bootSystem({ userId: ALICE });
    const html = await card((await post("wild", { dice: 3, pips: 1, target: 10 }, fixedFaces(6, [4, 3, 2])))!.id);
    expect(html.querySelector("[data-total]")?.textContent).toBe("10");
    expect(html.querySelector('[data-note="target"]')?.textContent).toBe("Target number 10");
    const verdict = html.querySelector("[data-verdict]");
    expect(verdict?.getAttribute("data-verdict")).toBe("success");
    expect(verdict?.querySelector(".rb-icon--success")).not.toBeNull();
    expect(verdict?.textContent?.trim()).toBe("Success: the total reaches target number 10 (by 0)");
  });

  it("a critical failure drops 5, 4, Wild 1 − 3 to 7 against TN 9: a failure, 2 short", async () => {
    double = await bootSystem({ userId: ALICE });
    const html = await card((await post("wild", { dice: 3, target: 9 }, fixedFaces(6, [5, 4, 1, 3])))!.id);
    expect(html.querySelector("[data-verdict]")?.textContent?.trim()).toBe(
      "Failure: the total falls 2 short of target number 9",
    );
    expect(html.querySelector(".rb-card__verdict .rb-icon--failure")).not.toBeNull();
  });

  it("without a target the card shows the total and no verdict", async () => {
    double = await bootSystem({ userId: ALICE });
    const html = await card((await post("wild", { dice: 2 }, fixedFaces(6, [4, 3])))!.id);
    expect(html.querySelector("[data-verdict]")).toBeNull();
    expect(html.querySelector('[data-note="target"]')).toBeNull();
  });
});

describe("pi roll", () => {
  it('RULES §4 seed example "6,4,2 pick 6 and 2 with −1 Impact → Precision 8, Impact 3"', async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post(
      "pi",
      { pool: [8, 6, 4], impactMod: -1, pick: [0, 2] },
      mixedFaces([
        [6, 8],
        [4, 6],
        [2, 4],
      ]),
    );
    const html = await card(message!.id);
    expect(html.querySelector("[data-precision]")?.textContent).toBe("8");
    expect(html.querySelector("[data-impact]")?.textContent).toBe("3");
    const chosen = [...html.querySelectorAll(".rb-die.is-chosen")].map((d) => d.getAttribute("data-slot"));
    expect(chosen).toEqual(["0", "2"]);
    expect(html.querySelector('[data-best="precision"]')?.textContent).toBe("Precision 10 · Impact 1");
  });

  it("shows the die a minor hindrance removed, unthrown", async () => {
    double = await bootSystem({ userId: ALICE });
    const message = await post(
      "pi",
      { pool: [8, 4, 6], hindrance: "minor" },
      mixedFaces([
        [5, 8],
        [3, 6],
      ]),
    );
    const html = await card(message!.id);
    const removed = html.querySelector(".rb-die.is-removed");
    expect(removed?.getAttribute("data-faces")).toBe("4");
    expect(removed?.querySelector(".rb-die__face")?.textContent).toBe("–");
    expect(html.querySelector("[data-hindrance]")?.getAttribute("data-hindrance")).toBe("minor");
  });
});

describe("reload", () => {
  it.each([
    ["pool", { pool: 4, difficulty: 6, willpower: true }],
    ["percentile", { bonus: 0, penalty: 2, column: 7 }],
    ["action", { modifier: 2, dc: 12, augments: [4, 8] }],
    ["wild", { dice: 4, pips: 2, characterPoints: 1 }],
    ["pi", { pool: [10, 6, 6, 4], hindrance: "major", precisionMod: 1 }],
  ] as const)("a %s card renders identically after toJSON → fromData", async (engine, request) => {
    double = await bootSystem({ userId: ALICE, seed: 7 });
    const message = await post(engine, request, (await import("../foundry/index.ts")).seededUniform(99));
    const before = (await card(message!.id)).outerHTML;
    const rollBefore = stored(message).rolls[0]!;
    double.reload();
    const roll = stored(message).rolls[0]!;
    expect(roll).not.toBe(rollBefore);
    expect(roll.constructor.name).toBe(rollBefore.constructor.name);
    expect(roll.total).toBe(rollBefore.total);
    expect((await card(message!.id)).outerHTML).toBe(before);
  });
});

describe("roll modes", () => {
  it.each([13, 14] as const)("v%i: a blind roll shows players nothing but that a roll was made", async (generation) => {
    double = await bootSystem({ userId: ALICE, generation });
    const message = await post("pool", { pool: 3, difficulty: 6 }, fixedFaces(10, [7, 8, 9]), "blind");
    const source = double.storedMessages().find((m) => m._id === message!.id)!;
    expect(source.blind).toBe(true);
    const mine = await card(message!.id, ALICE);
    expect(mine.querySelector("[data-hidden]")).not.toBeNull();
    expect(mine.querySelector(".rb-die")).toBeNull();
    expect(mine.textContent).not.toContain("Phenomenal");
    const gm = await card(message!.id, GM);
    expect(gm.querySelector("[data-hidden]")).toBeNull();
    expect(gm.querySelectorAll(".rb-die").length).toBe(3);
  });

  it.each([13, 14] as const)(
    "v%i: a GM roll is whispered to the GM, and the author still sees it",
    async (generation) => {
      double = await bootSystem({ userId: ALICE, generation });
      const message = await post("pool", { pool: 2, difficulty: 6 }, fixedFaces(10, [7, 2]), "gm");
      const source = double.storedMessages().find((m) => m._id === message!.id)!;
      expect(source.whisper).toEqual([GM]);
      // other players see that a roll was made, never its dice or result [KB:dice]
      expect(double.actAs(BOB, () => stored(message).isContentVisible)).toBe(false);
      expect((await card(message!.id, BOB)).querySelector(".rb-die")).toBeNull();
      expect(double.actAs(ALICE, () => stored(message).isContentVisible)).toBe(true);
      expect((await card(message!.id, GM)).querySelectorAll(".rb-die").length).toBe(2);
    },
  );

  it.each([13, 14] as const)("v%i: a self roll is seen by its author only", async (generation) => {
    double = await bootSystem({ userId: ALICE, generation });
    const message = await post("wild", { dice: 2 }, fixedFaces(6, [3, 4]), "self");
    expect(double.actAs(GM, () => stored(message).isContentVisible)).toBe(false);
    expect((await card(message!.id, BOB)).querySelector(".rb-die")).toBeNull();
    expect((await card(message!.id, ALICE)).querySelectorAll(".rb-die").length).toBe(2);
  });
});

describe("bad requests", () => {
  it.each([
    ["pool", { pool: 0, difficulty: 6 }, "A pool needs at least one die"],
    ["pool", { pool: 5, difficulty: 11 }, "difficulty"],
    ["wild", { dice: 0 }, ""],
    ["pi", { pool: [8, 7] }, ""],
    ["percentile", { bonus: -1, penalty: 0 }, ""],
    ["action", { modifier: 1.5 }, ""],
  ] as const)("%s %j: a localized error, no dice thrown, no message", async (engine, request, text) => {
    double = await bootSystem({ userId: ALICE });
    let drawn = 0;
    const message = await post(engine, request, () => {
      drawn++;
      return 0.5;
    });
    expect(message).toBeNull();
    expect(drawn).toBe(0);
    expect(double.game.messages.contents).toEqual([]);
    const errors = double.notifications.filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toMatch(/ROLLING_BONES\./);
    expect(errors[0]!.message).toContain(text);
  });
});

describe("hooks", () => {
  it("rollingBones.preRoll returning false cancels the roll; rollingBones.roll sees the message", async () => {
    double = await bootSystem({ userId: ALICE });
    const seen: string[] = [];
    double.Hooks.on("rollingBones.roll", (_roll: unknown, message: { id: string }) => void seen.push(message.id));
    const id = double.Hooks.on("rollingBones.preRoll", () => false);
    expect(await post("pool", { pool: 2 }, fixedFaces(10, [5, 5]))).toBeNull();
    expect(double.game.messages.contents).toEqual([]);
    double.Hooks.off("rollingBones.preRoll", id);
    const message = await post("pool", { pool: 2 }, fixedFaces(10, [5, 5]));
    expect(seen).toEqual([message!.id]);
  });
});
