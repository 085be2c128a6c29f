import { describe, expect, it } from "vitest";
import {
  EngineError,
  fixedFaces,
  rollWith,
  throwAll,
  type FaceSource,
  type Throw,
} from "../../src/engines/shared/index.ts";
import {
  MAX_CODE_DICE,
  MAX_CHARACTER_POINTS,
  MAX_PIPS,
  STARTING_FATE_POINTS,
  addBonus,
  assertPointSpend,
  checkPointSpend,
  engine,
  formatBonus,
  formatCode,
  parseBonus,
  parseCode,
  plan,
  resolve,
  shapeOf,
  validate,
  type WildOutcome,
  type WildRequest,
} from "../../src/engines/wild/index.ts";

/** Rolls a request with fixed faces through the shared throw protocol. */
function roll(request: WildRequest, ...faces: number[]): WildOutcome {
  return rollWith(engine, request, fixedFaces(faces));
}

/** The roles of the dice an outcome shows, in throw order. */
function roles(o: WildOutcome): string[] {
  return o.dice.map((d) => d.role);
}

/** Throws of d6s with the given roles and faces. */
function d6(role: string, ...faces: number[]): Throw[] {
  return faces.map((value) => ({ faces: 6, role, value }));
}

/** The error a call throws (fails the test when it does not throw an EngineError). */
function engineError(f: () => unknown): EngineError {
  try {
    f();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error("expected an EngineError");
}

describe("wild: docs/rules.md §3 examples", () => {
  it("'3D+1': two regular dice and one Wild Die, plus 1 pip", () => {
    const r = validate({ dice: 3, pips: 1 });
    expect(plan(r, []).map((s) => s.role)).toEqual(["normal", "normal", "wild"]);
    expect(plan(r, []).every((s) => s.faces === 6)).toBe(true);
    const o = roll(r, 4, 2, 5);
    expect(o.total).toBe(4 + 2 + 5 + 1);
    expect(o.code).toBe("3D+1");
  });

  it("'with 1D, that die is the Wild Die'", () => {
    expect(plan(validate({ dice: 1 }), []).map((s) => s.role)).toEqual(["wild"]);
  });

  it("'Wild Die 2–5: add the face' — 2D+1 showing 4 and Wild Die 3 → 8, no label", () => {
    const o = roll({ dice: 2, pips: 1 }, 4, 3);
    expect(o.total).toBe(8);
    expect(o.labels).toEqual([]);
    expect(o.criticalSuccess || o.criticalFailure || o.catastrophicFailure).toBe(false);
    expect(o.dice.map((d) => d.marks)).toEqual([[], []]);
  });

  it("'Wild Die 6: add 6 and roll it again; repeat while it shows 6' — 1D with Wild Die 6, 6, 3 → 15", () => {
    const o = roll({ dice: 1 }, 6, 6, 3);
    expect(o.total).toBe(15);
    expect(o.criticalSuccess).toBe(true);
    expect(o.labels).toEqual(["criticalSuccess"]);
    expect(roles(o)).toEqual(["wild", "wild", "wild"]);
    expect(o.dice.map((d) => d.marks)).toEqual([["critical", "exploded"], ["exploded"], []]);
    expect(o.dice.map((d) => d.group)).toEqual([1, 1, 1]);
  });

  it("'Wild Die 1 on its first throw: the 1 counts as its face (+1); subtract the next throw' — 2D: 5, Wild 1, then 4 → 2", () => {
    const o = roll({ dice: 2 }, 5, 1, 4);
    expect(o.total).toBe(5 + 1 - 4);
    expect(o.criticalFailure).toBe(true);
    expect(o.catastrophicFailure).toBe(false);
    expect(o.labels).toEqual(["criticalFailure"]);
    expect(roles(o)).toEqual(["normal", "wild", "wildSubtract"]);
    expect(o.dice.map((d) => d.marks)).toEqual([[], ["fumble"], ["subtracted"]]);
    expect(o.dice.map((d) => d.contribution)).toEqual([5, 1, -4]);
  });

  it("'counts as nothing' world setting — 2D: 5, Wild 1, then 4 → 1", () => {
    const o = roll({ dice: 2, firstOneCounts: false }, 5, 1, 4);
    expect(o.total).toBe(5 + 0 - 4);
    expect(o.dice.map((d) => d.contribution)).toEqual([5, 0, -4]);
    expect(o.firstOneCounts).toBe(false);
  });

  it("'If that subtraction throw is a 6 (catastrophic failure), roll once more and subtract both' — 2D: 5, Wild 1, 6, 3 → −3", () => {
    const o = roll({ dice: 2 }, 5, 1, 6, 3);
    expect(o.total).toBe(5 + 1 - 6 - 3);
    expect(o.labels).toEqual(["criticalFailure", "catastrophicFailure"]);
    expect(o.catastrophicFailure).toBe(true);
    expect(roles(o)).toEqual(["normal", "wild", "wildSubtract", "wildSubtract"]);
    expect(o.dice.map((d) => d.marks)).toEqual([[], ["fumble"], ["subtracted"], ["subtracted"]]);
  });

  it("'These extra throws never explode' — 1D: Wild 1, 6, 6 ends after three throws → −11", () => {
    const r = validate({ dice: 1 });
    const thrown = [...d6("wild", 1), ...d6("wildSubtract", 6, 6)];
    expect(plan(r, thrown)).toEqual([]);
    expect(resolve(r, thrown).total).toBe(1 - 6 - 6);
    expect(plan(r, [...d6("wild", 1), ...d6("wildSubtract", 6)])).toEqual([{ faces: 6, role: "wildSubtract" }]);
  });

  it("'1s on later throws have no effect beyond their face' — Wild 6 then 1 → 7; Wild 1 then 1 → 0", () => {
    const up = roll({ dice: 1 }, 6, 1);
    expect(up.total).toBe(7);
    expect(up.criticalFailure).toBe(false);
    expect(up.dice.map((d) => d.marks)).toEqual([["critical", "exploded"], []]);
    const down = roll({ dice: 1 }, 1, 1);
    expect(down.total).toBe(0);
    expect(down.dice.length).toBe(2);
    expect(down.catastrophicFailure).toBe(false);
  });

  it("'Extra Wild Dice explode on 6 like the Wild Die, but a 1 on them counts as 1' — 1D + 2 CP: Wild 3, CP 6→2, CP 1 → 12", () => {
    const o = roll({ dice: 1, characterPoints: 2 }, 3, 6, 1, 2);
    expect(o.total).toBe(3 + 6 + 2 + 1);
    expect(roles(o)).toEqual(["wild", "cpWild", "cpWild", "cpWild"]);
    expect(o.dice.map((d) => d.group)).toEqual([1, 2, 3, 2]);
    expect(o.dice.map((d) => d.marks)).toEqual([[], ["exploded"], [], []]);
    expect(o.labels).toEqual([]);
    expect(o.cpTotal).toBe(9);
    expect(o.wildTotal).toBe(3);
  });

  it("'Fate Point: doubles the number of dice (character dice only), still one Wild Die' — 3D+1 with +2D+1 outside", () => {
    const r = validate({ dice: 3, pips: 1, outsideDice: 2, outsidePips: 1, fatePoint: true });
    const specs = plan(r, []);
    expect(specs.filter((s) => s.role === "normal").length).toBe(6 - 1 + 2);
    expect(specs.filter((s) => s.role === "wild").length).toBe(1);
    expect(shapeOf(r)).toEqual({ characterDice: 6, outsideDice: 2, normal: 7, cpWild: 0, pips: 2 + 1 });
    const o = roll(r, 1, 2, 3, 4, 5, 6, 1, 4);
    expect(o.total).toBe(1 + 2 + 3 + 4 + 5 + 6 + 1 + 4 + 3);
    expect(o.outsideCode).toBe("+2D+1");
  });

  it("'Character Points and Fate Points cannot be used on the same roll'", () => {
    const source = countingSource();
    const e = engineError(() => rollWith(engine, { dice: 3, characterPoints: 1, fatePoint: true }, source));
    expect(e.key).toBe("ROLLING_BONES.Error.PointsOnSameRoll");
    expect(source.calls).toBe(0);
  });

  it("'at most 5 per session (GM setting)': one at a time, the fifth Character Point is allowed and the sixth refused", () => {
    let used = 0;
    while (checkPointSpend({ cpRequested: 1, cpOnSheet: 99, cpUsedThisSession: used }).ok) used++;
    expect(used).toBe(5);
    const sixth = checkPointSpend({ cpRequested: 1, cpOnSheet: 99, cpUsedThisSession: used });
    expect(sixth.ok ? null : [sixth.error.key, sixth.error.data]).toEqual([
      "ROLLING_BONES.Error.CharacterPointSessionLimit",
      { requested: 1, used: 5, limit: 5 },
    ]);
    // All five at once is the same limit.
    expect(checkPointSpend({ cpRequested: 5, cpOnSheet: 99 }).ok).toBe(true);
  });

  it("'One Fate Point per session': the first is allowed, a second in the same session refused", () => {
    expect(checkPointSpend({ fatePoint: true, fpOnSheet: 3, fpUsedThisSession: 0 }).ok).toBe(true);
    const second = checkPointSpend({ fatePoint: true, fpOnSheet: 3, fpUsedThisSession: 1 });
    expect(second.ok ? null : second.error.key).toBe("ROLLING_BONES.Error.FatePointUsedThisSession");
  });

  it("'characters start with 5' Fate Points: one a session lasts five sessions, then there are none", () => {
    let sheet = STARTING_FATE_POINTS;
    let sessions = 0;
    for (;;) {
      const spend = checkPointSpend({ fatePoint: true, fpOnSheet: sheet, fpUsedThisSession: 0 });
      if (!spend.ok) {
        expect(spend.error.key).toBe("ROLLING_BONES.Error.NoFatePoints");
        break;
      }
      sheet -= spend.fatePoints;
      sessions++;
    }
    expect(sessions).toBe(5);
  });

  it("'a character cannot spend more than the sheet holds or the session allows. Refusals say why.'", () => {
    const refuse = (r: Parameters<typeof checkPointSpend>[0]): string => {
      const c = checkPointSpend(r);
      if (c.ok) throw new Error("expected a refusal");
      return c.error.key;
    };
    expect(refuse({ cpRequested: 3, cpOnSheet: 2 })).toBe("ROLLING_BONES.Error.NotEnoughCharacterPoints");
    expect(refuse({ cpRequested: 2, cpOnSheet: 9, cpUsedThisSession: 4 })).toBe(
      "ROLLING_BONES.Error.CharacterPointSessionLimit",
    );
    expect(refuse({ fatePoint: true, fpOnSheet: 0 })).toBe("ROLLING_BONES.Error.NoFatePoints");
    expect(refuse({ fatePoint: true, fpOnSheet: 4, fpUsedThisSession: 1 })).toBe(
      "ROLLING_BONES.Error.FatePointUsedThisSession",
    );
    expect(refuse({ cpRequested: 1, cpOnSheet: 5, fatePoint: true, fpOnSheet: 5 })).toBe(
      "ROLLING_BONES.Error.PointsOnSameRoll",
    );
  });
});

/** A face source that counts its calls and always shows 3. */
function countingSource(): FaceSource & { calls: number } {
  const s = {
    calls: 0,
    next(): number {
      s.calls++;
      return 3;
    },
  };
  return s;
}

/**
 * What each throw of a chain adds, read from docs/rules.md §3 for a chain whose throws show `faces`
 * (enough of them to end it): the Wild Die (`wild`) or an extra Wild Die bought with a Character Point.
 */
function ruleChain(faces: readonly number[], wild: boolean): number[] {
  const [first = 0, second = 0, third = 0] = faces;
  // A first-throw 1 on the Wild Die counts 1 and subtracts the next throw; a 6 there subtracts one more.
  if (wild && first === 1) return second === 6 ? [1, -6, -third] : [1, -second];
  // Otherwise every 6 adds and throws again, and the first other face ends the chain.
  const out: number[] = [];
  for (const face of faces) {
    out.push(face);
    if (face !== 6) break;
  }
  return out;
}

describe("wild: every chain of up to three throws", () => {
  const faces = [1, 2, 3, 4, 5, 6];
  const chains = faces.flatMap((a) => faces.flatMap((b) => faces.map((c) => [a, b, c, 4])));

  it("the Wild Die: a 6 explodes from its first or a later throw, a first-throw 1 subtracts the next, and a 6 there one more", () => {
    for (const chain of chains) {
      const o = roll({ dice: 1 }, ...chain);
      const expected = ruleChain(chain, true);
      expect(
        o.dice.map((d) => d.contribution),
        `Wild Die ${chain.join(", ")}`,
      ).toEqual(expected);
      expect(o.total).toBe(expected.reduce((n, x) => n + x, 0));
      const labels: string[] = [];
      if (chain[0] === 6) labels.push("criticalSuccess");
      if (chain[0] === 1) labels.push("criticalFailure");
      if (chain[0] === 1 && chain[1] === 6) labels.push("catastrophicFailure");
      expect(o.labels).toEqual(labels);
      const expectedRoles =
        chain[0] === 1 ? ["wild", ...expected.slice(1).map(() => "wildSubtract")] : expected.map(() => "wild");
      expect(roles(o)).toEqual(expectedRoles);
    }
  });

  it("an extra Wild Die only explodes: a 1 on it is 1, it never subtracts and earns no label", () => {
    for (const chain of chains) {
      // 1D + 1 CP: the Wild Die shows 3 (its chain ends at once), then the extra Wild Die's chain.
      const o = roll({ dice: 1, characterPoints: 1 }, 3, ...chain);
      const extra = o.dice.filter((d) => d.role === "cpWild");
      expect(
        extra.map((d) => d.contribution),
        `extra Wild Die ${chain.join(", ")}`,
      ).toEqual(ruleChain(chain, false));
      expect(o.labels).toEqual([]);
    }
  });

  it("first throws come as normal dice, then the Wild Die, then the extra Wild Dice", () => {
    expect(plan(validate({ dice: 3, characterPoints: 2, outsideDice: 1 }), []).map((s) => s.role)).toEqual([
      "normal",
      "normal",
      "normal",
      "wild",
      "cpWild",
      "cpWild",
    ]);
  });

  it("follow-ups come in rounds, one per open chain, Wild Die first", () => {
    const r = validate({ dice: 1, characterPoints: 2 });
    const first = [...d6("wild", 6), ...d6("cpWild", 6, 6)];
    expect(plan(r, first).map((s) => s.role)).toEqual(["wild", "cpWild", "cpWild"]);
    const second = [...first, ...d6("wild", 2), ...d6("cpWild", 6, 4)];
    expect(plan(r, second).map((s) => s.role)).toEqual(["cpWild"]);
    const o = resolve(r, [...second, ...d6("cpWild", 5)]);
    expect(o.dice.map((d) => d.group)).toEqual([1, 2, 3, 1, 2, 3, 2]);
    expect(o.total).toBe(6 + 2 + (6 + 6 + 5) + (6 + 4));
  });

  it("a partly thrown round asks only for its remaining dice", () => {
    const r = validate({ dice: 1, characterPoints: 1 });
    expect(plan(r, [...d6("wild", 1), ...d6("cpWild", 6), ...d6("wildSubtract", 2)])).toEqual([
      { faces: 6, role: "cpWild" },
    ]);
  });
});

describe("wild: die codes", () => {
  it.each([
    ["3D+1", 3, 1],
    ["1D", 1, 0],
    ["12D-2", 12, -2],
    ["3d+1", 3, 1],
    [" 4 d - 1 ", 4, -1],
    ["2D+0", 2, 0],
  ])("parses %j", (code, dice, pips) => {
    expect(parseCode(code)).toEqual({ dice, pips });
  });

  it.each(["3D+x", "0D", "D+2", "3d6", "", "3D+", "3D++1", "-3D", "3.5D", "+2", "3D+1D"])(
    "rejects the malformed code %j with BadDieCode naming it",
    (code) => {
      const e = engineError(() => parseCode(code));
      expect(e.key).toBe("ROLLING_BONES.Error.BadDieCode");
      expect(e.data).toEqual({ code });
    },
  );

  it("rejects a code that is not text", () => {
    expect(engineError(() => parseCode(3)).key).toBe("ROLLING_BONES.Error.BadDieCode");
  });

  it("rejects a well-formed code with too many dice as OutOfRange, and accepts the limit itself", () => {
    expect(engineError(() => parseCode(`${MAX_CODE_DICE + 1}D`)).key).toBe("ROLLING_BONES.Error.OutOfRange");
    expect(parseCode(`${MAX_CODE_DICE}D`)).toEqual({ dice: MAX_CODE_DICE, pips: 0 });
  });

  it("formats codes and bonuses", () => {
    expect(formatCode(3, 1)).toBe("3D+1");
    expect(formatCode(1, 0)).toBe("1D");
    expect(formatCode(12, -2)).toBe("12D-2");
    expect(formatBonus(1)).toBe("+1D");
    expect(formatBonus(0, 2)).toBe("+2");
    expect(formatBonus(0, -1)).toBe("-1");
    expect(formatBonus(2, 1)).toBe("+2D+1");
  });

  it("formatCode and parseCode are inverse for every code", () => {
    for (let dice = 1; dice <= MAX_CODE_DICE; dice++) {
      for (let pips = -MAX_PIPS; pips <= MAX_PIPS; pips++) {
        expect(parseCode(formatCode(dice, pips))).toEqual({ dice, pips });
      }
    }
  });

  it("'+1D' adds a die and '+2' adds pips", () => {
    expect(addBonus(parseCode("3D+1"), parseBonus("+1D"))).toEqual({ dice: 4, pips: 1 });
    expect(addBonus(parseCode("3D+1"), parseBonus("+2"))).toEqual({ dice: 3, pips: 3 });
    expect(addBonus(parseCode("3D+1"), parseBonus("-1"))).toEqual({ dice: 3, pips: 0 });
    expect(addBonus(parseCode("2D"), parseBonus("1D+2"))).toEqual({ dice: 3, pips: 2 });
  });

  it("pips never turn into dice: 3D+2 with +2 is 3D+4", () => {
    expect(addBonus({ dice: 3, pips: 2 }, parseBonus("+2"))).toEqual({ dice: 3, pips: 4 });
  });

  it.each(["-1D", "+x", "1D6", "", "++1"])("rejects the malformed bonus %j", (bonus) => {
    const e = engineError(() => parseBonus(bonus));
    expect(e.key).toBe("ROLLING_BONES.Error.BadDieCode");
    expect(e.data).toEqual({ code: bonus });
  });
});

describe("wild: validation", () => {
  it("fills in the defaults", () => {
    expect(validate({ dice: 2 })).toEqual({
      dice: 2,
      pips: 0,
      outsideDice: 0,
      outsidePips: 0,
      characterPoints: 0,
      fatePoint: false,
      firstOneCounts: true,
      target: null,
      ownDice: true,
    });
  });

  const bad: [string, unknown, string][] = [
    ["a pool of 0 dice", { dice: 0 }, "OutOfRange"],
    ["a negative pool", { dice: -2 }, "OutOfRange"],
    ["NaN dice", { dice: Number.NaN }, "NotInteger"],
    ["fractional dice", { dice: 2.5 }, "NotInteger"],
    ["dice as text", { dice: "3" }, "NumberAsText"],
    ["no dice at all", {}, "NotInteger"],
    ["not an object", null, "NotInteger"],
    ["too many dice", { dice: MAX_CODE_DICE + 1 }, "OutOfRange"],
    ["fractional pips", { dice: 2, pips: 0.5 }, "NotInteger"],
    ["too many pips", { dice: 2, pips: MAX_PIPS + 1 }, "OutOfRange"],
    ["negative outside dice", { dice: 2, outsideDice: -1 }, "OutOfRange"],
    ["infinite outside pips", { dice: 2, outsidePips: Infinity }, "NotInteger"],
    [
      "more Character Points than any session allows",
      { dice: 2, characterPoints: MAX_CHARACTER_POINTS + 1 },
      "OutOfRange",
    ],
    ["negative Character Points", { dice: 2, characterPoints: -1 }, "OutOfRange"],
    ["Character Points and a Fate Point", { dice: 2, characterPoints: 1, fatePoint: true }, "PointsOnSameRoll"],
    ["a Fate Point as text", { dice: 2, fatePoint: "yes" }, "NotBoolean"],
    ["the setting as a number", { dice: 2, firstOneCounts: 1 }, "NotBoolean"],
    // A ranged weapon's damage (docs/rules.md §6): none of its dice is the character's to double.
    ["a Fate Point on none of the character's dice", { dice: 3, ownDice: false, fatePoint: true }, "FateNoOwnDice"],
    ["whose dice as text", { dice: 3, ownDice: "no" }, "NotBoolean"],
  ];

  it.each(bad)("%s → %s, and nothing is thrown", (_name, request, key) => {
    const source = countingSource();
    const e = engineError(() => rollWith(engine, request as WildRequest, source));
    expect(e.key).toBe(`ROLLING_BONES.Error.${key}`);
    expect(source.calls).toBe(0);
  });

  it("names the bad field", () => {
    expect(engineError(() => validate({ dice: 2, characterPoints: MAX_CHARACTER_POINTS + 2 })).data).toEqual({
      field: "characterPoints",
      value: MAX_CHARACTER_POINTS + 2,
      min: 0,
      max: MAX_CHARACTER_POINTS,
    });
  });

  it("accepts every limit itself", () => {
    const limit = { dice: MAX_CODE_DICE, pips: MAX_PIPS, characterPoints: MAX_CHARACTER_POINTS };
    expect(validate(limit)).toMatchObject(limit);
    expect(validate({ dice: 1, pips: -MAX_PIPS }).pips).toBe(-MAX_PIPS);
  });
});

describe("wild: throws that do not match the plan", () => {
  const r = validate({ dice: 2 });

  it("a missing throw", () => {
    expect(() => resolve(r, d6("normal", 3))).toThrow(RangeError);
    expect(() => resolve(r, [...d6("normal", 3), ...d6("wild", 6)])).toThrow(RangeError);
  });

  it("an extra throw", () => {
    expect(() => resolve(r, [...d6("normal", 3), ...d6("wild", 4), ...d6("wild", 4)])).toThrow(RangeError);
  });

  it("a wrong die size, role or face", () => {
    expect(() => resolve(r, [{ faces: 10, role: "normal", value: 3 }, ...d6("wild", 4)])).toThrow(RangeError);
    expect(() => resolve(r, [...d6("wild", 3), ...d6("wild", 4)])).toThrow(RangeError);
    expect(() => resolve(r, [...d6("normal", 7), ...d6("wild", 4)])).toThrow(RangeError);
    expect(() => resolve(r, [...d6("normal", 3), ...d6("wild", 1), ...d6("wild", 4)])).toThrow(RangeError);
  });

  it("throwAll keeps the throws already made", () => {
    const done = throwAll(engine, r, fixedFaces([6, 2]), d6("normal", 5));
    expect(done.map((t) => [t.role, t.value])).toEqual([
      ["normal", 5],
      ["wild", 6],
      ["wild", 2],
    ]);
  });
});

describe("wild: point spends", () => {
  it("allows a spend within the sheet and the session", () => {
    expect(checkPointSpend({ cpRequested: 2, cpOnSheet: 3, cpUsedThisSession: 3 })).toEqual({
      ok: true,
      characterPoints: 2,
      fatePoints: 0,
    });
    expect(checkPointSpend({ fatePoint: true, fpOnSheet: 1 })).toEqual({ ok: true, characterPoints: 0, fatePoints: 1 });
    expect(checkPointSpend({})).toEqual({ ok: true, characterPoints: 0, fatePoints: 0 });
  });

  it("the session limit is 5 by default and the GM may change it", () => {
    expect(checkPointSpend({ cpRequested: 1, cpOnSheet: 9, cpUsedThisSession: 5 }).ok).toBe(false);
    expect(checkPointSpend({ cpRequested: 1, cpOnSheet: 9, cpUsedThisSession: 4 }).ok).toBe(true);
    expect(checkPointSpend({ cpRequested: 1, cpOnSheet: 9, cpUsedThisSession: 5, cpSessionLimit: 8 }).ok).toBe(true);
  });

  it("the refusal carries the numbers the message needs", () => {
    const c = checkPointSpend({ cpRequested: 3, cpOnSheet: 9, cpUsedThisSession: 4 });
    expect(c.ok ? null : c.error.data).toEqual({ requested: 3, used: 4, limit: 5 });
    const d = checkPointSpend({ cpRequested: 3, cpOnSheet: 1 });
    expect(d.ok ? null : d.error.data).toEqual({ requested: 3, available: 1 });
  });

  it("RULES §3 'there is no separate per-roll cap': under a session limit of 10, one roll may take 8 Character Points", () => {
    expect(assertPointSpend({ cpRequested: 8, cpOnSheet: 9, cpSessionLimit: 10 })).toEqual({
      characterPoints: 8,
      fatePoints: 0,
    });
    // …and throws one extra Wild Die for each of them, besides the Wild Die itself.
    const wildDice = plan(validate({ dice: 2, characterPoints: 8 }), []).filter((d) => d.role !== "normal");
    expect(wildDice).toHaveLength(9);
    // The session limit still holds: 8 more after 3 spent under a limit of 10 is refused.
    expect(
      engineError(() => assertPointSpend({ cpRequested: 8, cpOnSheet: 9, cpSessionLimit: 10, cpUsedThisSession: 3 }))
        .key,
    ).toBe("ROLLING_BONES.Error.CharacterPointSessionLimit");
  });

  it("bad input is refused, not thrown, by checkPointSpend, and thrown by assertPointSpend", () => {
    const c = checkPointSpend({ cpRequested: -1 });
    expect(c.ok ? null : c.error.key).toBe("ROLLING_BONES.Error.OutOfRange");
    expect(engineError(() => assertPointSpend({ cpOnSheet: 1.5 })).key).toBe("ROLLING_BONES.Error.NotInteger");
    expect(engineError(() => assertPointSpend({ cpRequested: MAX_CHARACTER_POINTS + 1, cpOnSheet: 9 })).key).toBe(
      "ROLLING_BONES.Error.OutOfRange",
    );
  });
});

describe("wild: a target number judges the total", () => {
  it("Reflexes 3D+1 jumping onto a table against TN 10: 4, 3 and a Wild Die 2 make 10 — a success", () => {
    const out = roll({ dice: 3, pips: 1, target: 10 }, 4, 3, 2);
    expect(out.total).toBe(10);
    expect(out.target).toBe(10);
    expect(out.success).toBe(true);
  });

  it("a critical failure can drop a total under its target: 5, 4, Wild 1 then 3 subtracted → 7 against TN 9", () => {
    const out = roll({ dice: 3, target: 9 }, 5, 4, 1, 3);
    expect(out.criticalFailure).toBe(true);
    expect(out.total).toBe(7);
    expect(out.success).toBe(false);
  });

  it("without a target nothing is judged; a bad target is refused by name", () => {
    expect(roll({ dice: 1 }, 3).success).toBeNull();
    expect(() => validate({ dice: 2, target: 0 })).toThrow(EngineError);
    expect(() => validate({ dice: 2, target: 1.5 })).toThrow(EngineError);
  });
});
