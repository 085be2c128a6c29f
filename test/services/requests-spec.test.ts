/**
 * GM roll requests, the pure parts: checking a request, reading a request link, the roll each named
 * character makes, judging results, what each viewer sees on the card, and the composer's form.
 */
import { describe, expect, it } from "vitest";
import { SAMPLES } from "../data/samples.ts";
import { EngineError } from "../../src/engines/index.ts";
import {
  judge,
  parseRequestText,
  publicSpec,
  rollForSpec,
  traitRefFor,
  validateSpec,
  type RollRequestSpec,
} from "../../src/services/requests/spec.ts";
import { requestCardView, type RequestFacts } from "../../src/applications/requests/view.ts";
import { composerView, specFromValues, valuesFromDraft } from "../../src/applications/requests/composer-view.ts";
import type { RequestRecord } from "../../src/services/requests/names.ts";

const KNOWN = new Set(["a1", "a2"]);
const base = {
  engine: "action",
  label: " Dodge ",
  trait: { kind: "save", key: "reflex" },
  target: 15,
  hidden: true,
  actors: ["a1", "a2", "a1"],
};

function refusal(f: () => unknown): { code: string; data: Record<string, unknown> } {
  try {
    f();
  } catch (error) {
    if (error instanceof EngineError)
      return { code: error.key.replace("ROLLING_BONES.Error.", ""), data: { ...error.data } };
    throw error;
  }
  throw new Error("not refused");
}

describe("validateSpec", () => {
  it("normalizes a good request (label trimmed, characters once each, no net off percentile)", () => {
    expect(validateSpec({ ...base, net: 3 }, KNOWN)).toEqual({
      engine: "action",
      label: "Dodge",
      trait: { kind: "save", key: "reflex" },
      target: 15,
      hidden: true,
      net: 0,
      actors: ["a1", "a2"],
    });
  });

  it.each([
    [{ ...base, engine: "d6" }, "RequestEngine"],
    [{ ...base, trait: { kind: "save", key: "luck" } }, "RequestTrait"],
    [{ ...base, trait: { kind: "attribute", key: "body" } }, "RequestTrait"],
    [{ ...base, trait: { kind: "skill", key: "  " } }, "RequestTrait"],
    [{ ...base, target: 0 }, "OutOfRange"],
    [{ ...base, target: 12.5 }, "NotInteger"],
    [{ ...base, target: Number.NaN }, "NotInteger"],
    [{ engine: "pool", trait: { kind: "attribute", key: "wits" }, target: 11, actors: ["a1"] }, "OutOfRange"],
    [{ engine: "percentile", trait: { kind: "attribute", key: "body" }, hidden: true, actors: ["a1"] }, "RequestHidden"],
    [{ ...base, target: null }, "RequestHidden"],
    [{ engine: "percentile", trait: { kind: "attribute", key: "body" }, target: 5, actors: ["a1"] }, "RequestTarget"],
    [{ engine: "percentile", trait: { kind: "attribute", key: "body" }, net: 6, actors: ["a1"] }, "OutOfRange"],
    [{ ...base, actors: [] }, "RequestNoCharacters"],
    [{ ...base, actors: ["a1", "zz"] }, "RequestCharacter"],
  ])("refuses %j with %s", (spec, code) => {
    expect(refusal(() => validateSpec(spec, KNOWN)).code).toBe(code);
  });

  it("takes a skill or ability by name, and leaves a hidden target out of the public spec", () => {
    const spec = validateSpec({ ...base, trait: { kind: "skill", key: "Climbing" } }, KNOWN);
    expect(spec.trait).toEqual({ kind: "skill", key: "Climbing" });
    expect(publicSpec(spec)).toMatchObject({ target: null, hidden: true });
    const open = validateSpec({ ...base, hidden: false }, KNOWN);
    expect(publicSpec(open)).toBe(open);
  });
});

describe("request links", () => {
  it("reads the engine, a trait (names may be quoted), the target, net dice and hidden in any order", () => {
    expect(parseRequestText("action hidden target=15 save:reflex", "Dodge")).toEqual({
      engine: "action",
      label: "Dodge",
      trait: { kind: "save", key: "reflex" },
      target: 15,
      hidden: true,
      net: 0,
    });
    expect(parseRequestText('pool ability:"Dark lore" target=7')).toMatchObject({
      engine: "pool",
      trait: { kind: "ability", key: "Dark lore" },
      target: 7,
      hidden: false,
    });
    expect(parseRequestText("pct attribute:agility net=-2")).toMatchObject({
      engine: "percentile",
      net: -2,
      target: null,
    });
  });

  it("explains what is wrong with a malformed link", () => {
    expect(refusal(() => parseRequestText("chess save:reflex"))).toEqual({
      code: "RequestEngine",
      data: { engine: "chess" },
    });
    expect(refusal(() => parseRequestText("action save:reflex dc15"))).toEqual({
      code: "RequestToken",
      data: { token: "dc15" },
    });
    expect(refusal(() => parseRequestText("action save:reflex target=x")).code).toBe("NotInteger");
    expect(refusal(() => parseRequestText("pct attribute:agility hidden")).code).toBe("RequestHidden");
    expect(parseRequestText("pool attribute:wits target=6 hidden")).toMatchObject({ target: 6, hidden: true });
    expect(refusal(() => parseRequestText("")).code).toBe("RequestEngine");
  });
});

describe("the roll a named character makes", () => {
  const action = SAMPLES["action-character"];
  it("adds a public DC, never a hidden one", () => {
    const spec = validateSpec({ ...base, hidden: false }, KNOWN);
    expect(rollForSpec(spec, action).request).toMatchObject({
      kind: "save",
      modifier: action.saves.reflex.mod,
      dc: 15,
    });
    const hidden = publicSpec(validateSpec(base, KNOWN));
    expect(rollForSpec(hidden, action).request).not.toHaveProperty("dc");
  });

  it("sets the pool difficulty and the percentile dice", () => {
    const pool = validateSpec(
      { engine: "pool", trait: { kind: "attribute", key: "wits" }, target: 8, actors: ["a1"] },
      KNOWN,
    );
    expect(rollForSpec(pool, SAMPLES["pool-character"]).request).toMatchObject({ difficulty: 8 });
    const pct = validateSpec(
      { engine: "percentile", trait: { kind: "attribute", key: "agility" }, net: -2, actors: ["a1"] },
      KNOWN,
    );
    expect(rollForSpec(pct, SAMPLES["percentile-character"]).request).toMatchObject({
      bonus: 0,
      penalty: 2,
      column: SAMPLES["percentile-character"].attributes.agility.rating,
    });
  });

  it("finds a named skill on each character, ignoring case; a character without it is refused", () => {
    const spec = { engine: "percentile" as const, trait: { kind: "skill", key: " old LORE " } };
    expect(traitRefFor(spec, SAMPLES["percentile-character"])).toEqual({ kind: "skill", key: "skillLore0000001" });
    expect(
      refusal(() =>
        traitRefFor({ ...spec, trait: { kind: "skill", key: "Sailing" } }, SAMPLES["percentile-character"]),
      ),
    ).toEqual({
      code: "UnknownTrait",
      data: { kind: "skill", key: "Sailing" },
    });
  });
});

describe("judging results", () => {
  it("compares totals and Precision with the target, reads pool and percentile results as they are", () => {
    expect(judge("action", { total: 15 }, 15)).toEqual({ score: 15, verdict: "success", level: null });
    expect(judge("action", { total: 14 }, 15).verdict).toBe("failure");
    expect(judge("wild", { total: 9 }, null).verdict).toBeNull();
    expect(judge("pi", { precision: 6, impact: 9 }, 7)).toEqual({ score: 6, verdict: "failure", level: null });
    expect(judge("pool", { net: 0, result: "botch" }, 6).verdict).toBe("botch");
    expect(judge("pool", { net: 2, result: "success" }, 6)).toEqual({ score: 2, verdict: "success", level: null });
    expect(judge("percentile", { value: 71, success: true, level: "good" }, null)).toEqual({
      score: 71,
      verdict: "success",
      level: "good",
    });
  });
});

describe("the request card per viewer", () => {
  const spec: RollRequestSpec = publicSpec(validateSpec(base, KNOWN));
  const record = (over: Partial<RequestRecord> = {}): RequestRecord => ({
    spec,
    names: { a1: "Axel", a2: "Boris" },
    answers: { a1: { messageId: "m1", userId: "u1" } },
    secretId: "note",
    revealed: null,
    ...over,
  });
  const facts = (over: Partial<RequestFacts> = {}): RequestFacts => ({
    messageId: "card",
    record: record(),
    viewerIsGM: false,
    target: null,
    hiddenTarget: null,
    owns: { a1: true, a2: false },
    outcomes: { a1: { total: 13 } },
    ...over,
  });

  it("a player: target hidden, their result unjudged, no Roll on someone else's character", () => {
    const view = requestCardView(facts());
    expect(view).toMatchObject({
      targetHidden: true,
      target: null,
      gmTarget: null,
      canReveal: false,
      done: 1,
      total: 2,
    });
    expect(view.rows).toEqual([
      {
        actorId: "a1",
        name: "Axel",
        state: "rolled",
        canRoll: false,
        score: 13,
        verdict: null,
        verdictId: null,
        level: null,
      },
      {
        actorId: "a2",
        name: "Boris",
        state: "waiting",
        canRoll: false,
        score: null,
        verdict: null,
        verdictId: null,
        level: null,
      },
    ]);
  });

  it("the GM: the hidden target, the verdict and Reveal; after the reveal everyone judges", () => {
    const gm = requestCardView(facts({ viewerIsGM: true, target: 15, hiddenTarget: 15 }));
    expect(gm).toMatchObject({ targetHidden: false, target: 15, gmTarget: 15, canReveal: true });
    expect(gm.rows[0]).toMatchObject({ verdictId: "failure", verdict: "ROLLING_BONES.Request.Verdict.failure" });
    const player = requestCardView(facts({ record: record({ revealed: 15 }), target: 15 }));
    expect(player).toMatchObject({ targetHidden: false, target: 15, revealed: true, canReveal: false });
    expect(player.rows[0]?.verdictId).toBe("failure");
  });

  it("a roll the viewer cannot see stays private; an owner gets the Roll button until it is rolled", () => {
    const view = requestCardView(facts({ outcomes: {}, owns: { a1: true, a2: true } }));
    expect(view.rows.map((r) => [r.state, r.canRoll])).toEqual([
      ["private", false],
      ["waiting", true],
    ]);
  });
});

describe("the composer's form", () => {
  it("starts from a link's draft and gives back the spec it describes", () => {
    const values = valuesFromDraft(parseRequestText('pool ability:"Dark lore" target=7', "Ritual"));
    expect(values).toMatchObject({ engine: "pool", trait: "named", name: "Dark lore", target: "7", label: "Ritual" });
    const spec = specFromValues({ ...values, actors: ["a1"] });
    expect(validateSpec(spec, KNOWN)).toMatchObject({
      engine: "pool",
      trait: { kind: "ability", key: "Dark lore" },
      target: 7,
    });
  });

  it("offers each engine's fixed traits, the target field only where there is one, and ticks chosen characters", () => {
    const action = composerView({ ...valuesFromDraft({}), actors: ["a2"] }, [
      { id: "a1", name: "Axel", players: "Alice" },
      { id: "a2", name: "Boris", players: "Bob" },
    ]);
    expect(action.traits.map((t) => t.value)).toContain("save:reflex");
    expect(action.traits[0]?.selected).toBe(true);
    expect(action.target).toMatchObject({ min: 1, max: 99, hideable: true });
    expect(action.characters.map((c) => c.checked)).toEqual([false, true]);
    const pct = composerView(valuesFromDraft({ engine: "percentile" }), []);
    expect(pct.target).toBeNull();
    expect(pct.net).toEqual({ max: 5 });
    expect(pct.named.kind).toBe("skill");
    expect(composerView(valuesFromDraft({ engine: "pool" }), []).target).toMatchObject({
      min: 2,
      max: 10,
      hideable: true,
    });
  });
});
