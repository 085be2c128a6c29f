/**
 * The GM's difficulty dial (issue 26): each named character's chance is the engine's exact chance of
 * the roll the request would ask of it (checked against brute force in test/engines/advice.test.ts);
 * the party's chances are the product rules; the target solved for is the hardest one a scan of every
 * target finds giving the chance; a character without the trait is named, not guessed.
 */
import { DIAL_TIE } from "../../src/engines/shared/advice.ts";
import { describe, expect, it } from "vitest";
import { dialView, type DialCharacter } from "../../src/applications/requests/dial-view.ts";
import { actionAdvice, partyChance, percentileAdvice, poolAdvice, wildAdvice } from "../../src/engines/advice.ts";
import { formatPercent } from "../../src/helpers/format.ts";
import { rollForSpec } from "../../src/services/requests/spec.ts";
import type { CharacterEngine } from "../../src/data/actor/pure.ts";
import { SAMPLES } from "../data/samples.ts";

/** A character of `type` from the samples, with some of its data changed. */
function character(
  id: string,
  name: string,
  type: keyof typeof SAMPLES,
  change: (system: Record<string, unknown>) => void = () => undefined,
): DialCharacter {
  const system = structuredClone(SAMPLES[type]) as unknown as Record<string, unknown>;
  change(system);
  return { id, name, system };
}

/** The roll a request asks of a character (typed as any engine's request: each test reads its own engine's). */
const requestOf = (engine: CharacterEngine, trait: { kind: string; key: string }, c: DialCharacter) =>
  rollForSpec({ engine, label: "", trait, target: null, hidden: false, net: 0, actors: [c.id] }, c.system)
    .request as never;

describe("the difficulty dial", () => {
  const axel = character("a1", "Axel", "action-character");
  const boris = character("a2", "Boris <i>", "action-character", (s) => {
    (s.saves as Record<string, { mod: number }>).reflex = { mod: 6 };
  });
  const reflex = { kind: "save", key: "reflex" };

  it("gives each character's exact chance at the target, and the party's", () => {
    const view = dialView({
      engine: "action",
      trait: reflex,
      target: 15,
      characters: [axel, boris],
      wanted: "60",
      who: "atLeastOne",
      lang: "en",
    });
    const chances = [axel, boris].map((c) => actionAdvice.chanceAt(requestOf("action", reflex, c), 15));
    expect(view.rows.map((r) => [r.name, r.p])).toEqual([
      ["Axel", chances[0]],
      ["Boris <i>", chances[1]],
    ]);
    expect(view.party).toEqual({
      atLeastOne: formatPercent(partyChance(chances).atLeastOne, "en"),
      all: formatPercent(partyChance(chances).all, "en"),
    });
  });

  it.each([
    ["atLeastOne", (ps: number[]) => partyChance(ps).atLeastOne],
    ["all", (ps: number[]) => partyChance(ps).all],
    ["a2", (ps: number[]) => ps[1] as number],
  ] as const)("solves for %s as a scan of every DC finds", (who, score) => {
    for (const wanted of [5, 35, 60, 95]) {
      const view = dialView({
        engine: "action",
        trait: reflex,
        target: null,
        characters: [axel, boris],
        wanted: String(wanted),
        who,
        lang: "en",
      });
      const requests = [axel, boris].map((c) => requestOf("action", reflex, c));
      const targets = actionAdvice.dialTargets(requests);
      const ok = targets.filter(
        (t) => score(requests.map((r) => actionAdvice.chanceAt(r, t))) >= wanted / 100 - DIAL_TIE,
      );
      expect(view.solved?.target ?? null, `${who} ${wanted}%`).toBe(ok.length === 0 ? null : Math.max(...ok));
      if (view.solved?.target != null) {
        const harder = view.solved.target + 1;
        expect(score(requests.map((r) => actionAdvice.chanceAt(r, harder)))).toBeLessThan(wanted / 100);
      }
    }
  });

  it("reads pool difficulties, Wild Die target numbers and percentile dice", () => {
    const vex = character("p1", "Vex", "pool-character");
    const dexterity = { kind: "attribute", key: "dexterity" };
    const pool = dialView({
      engine: "pool",
      trait: dexterity,
      target: 7,
      characters: [vex],
      wanted: "50",
      who: "p1",
      lang: "en",
    });
    expect(pool.rows[0]?.p).toBe(poolAdvice.chanceAt(requestOf("pool", dexterity, vex), 7));
    const d = pool.solved?.target as number;
    expect(poolAdvice.chanceAt(requestOf("pool", dexterity, vex), d)).toBeGreaterThanOrEqual(0.5);
    if (d < 10) expect(poolAdvice.chanceAt(requestOf("pool", dexterity, vex), d + 1)).toBeLessThan(0.5);

    const kes = character("w1", "Kes", "wild-character");
    const agility = { kind: "attribute", key: "agility" };
    const wild = dialView({
      engine: "wild",
      trait: agility,
      target: 12,
      characters: [kes],
      wanted: "60",
      who: "w1",
      lang: "en",
    });
    expect(wild.rows[0]?.p).toBe(wildAdvice.chanceAt(requestOf("wild", agility, kes), 12));

    const ysa = character("c1", "Ysa", "percentile-character");
    const body = { kind: "attribute", key: "body" };
    const pct = dialView({
      engine: "percentile",
      trait: body,
      target: -2,
      characters: [ysa],
      wanted: "40",
      who: "c1",
      lang: "en",
    });
    expect(pct.targetIsDice).toBe(true);
    expect(pct.rows[0]?.p).toBe(percentileAdvice.chanceAt(requestOf("percentile", body, ysa), -2));
    const net = pct.solved?.target as number;
    expect(percentileAdvice.chanceAt(requestOf("percentile", body, ysa), net)).toBeGreaterThanOrEqual(0.4 - DIAL_TIE);
    expect(pct.solved?.text).toBe(net > 0 ? `+${net}` : String(net));
  });

  it("names a character without the skill, and refuses a chance outside 1–99", () => {
    const lore = { kind: "skill", key: "Old lore" };
    const withLore = character("c1", "Ysa", "percentile-character");
    const without = character("c2", "Bob", "percentile-character", (s) => {
      s.skills = {};
    });
    const view = dialView({
      engine: "percentile",
      trait: lore,
      target: 0,
      characters: [withLore, without],
      wanted: "150",
      who: "all",
      lang: "en",
    });
    expect(view.rows.map((r) => [r.name, r.missing])).toEqual([
      ["Ysa", false],
      ["Bob", true],
    ]);
    expect(view.party).toBeNull();
    expect(view.problem).toBe("ROLLING_BONES.Dial.BadChance");
    expect(view.solved).toBeNull();
    // Only characters who can roll it are offered to solve for.
    expect(view.whoOptions.map((o) => o.value)).toEqual(["c1"]);
  });
});
