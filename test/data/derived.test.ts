/** Derived character data as pure functions: the action dice by level, 10-point clamping, session points, hindrance. */
import { describe, expect, it } from "vitest";
import { action } from "../../src/engines/index.ts";
import {
  actionDiceFor,
  clampTenPoint,
  piHindrance,
  POOL_MAX_TEN_POINT,
  wildSessionLeft,
} from "../../src/data/actor/pure.ts";

describe("actionDiceFor: the player pool table and the GM die mapping come from the action engine", () => {
  it.each([
    [0, 3, 2, 6],
    [0.5, 3, 2, 6],
    [1, 4, 3, 8],
    [5, 4, 3, 8],
    [6, 6, 4, 10],
    [10, 6, 4, 10],
    [11, 8, 5, 12],
    [16, 10, 6, 14],
    [21, 12, 7, 16],
    [26, 14, 8, 20],
    [31, 16, 9, 24],
    [40, 16, 10, 24],
    [41, 16, 11, 24],
    [45, 16, 11, 24],
    [46, 16, 12, 24],
  ])("level %d: action dice d%d × %d, GM die d%d", (level, faces, count, gmFaces) => {
    expect(actionDiceFor(level)).toEqual({ faces, count, gmFaces });
  });

  it("agrees with every row of the engine's table, at both ends of each row", () => {
    for (const row of action.PLAYER_POOL_TABLE) {
      for (const level of [row.minLevel, row.maxLevel]) {
        expect(actionDiceFor(level)).toEqual({
          faces: row.faces,
          count: row.count,
          gmFaces: action.GM_DIE_BY_PLAYER_DIE[row.faces],
        });
      }
    }
  });

  it.each([-1, 1.5, 0.25, Number.NaN, action.MAX_LEVEL + 1])(
    "gives nothing for level %d, which the engine refuses",
    (level) => {
      expect(actionDiceFor(level)).toBeNull();
    },
  );
});

describe("clampTenPoint: current never above permanent", () => {
  it.each([
    [
      { permanent: 7, current: 4 },
      { permanent: 7, current: 4 },
    ],
    [
      { permanent: 5, current: 8 },
      { permanent: 5, current: 5 },
    ],
    [
      { permanent: 12, current: 11 },
      { permanent: 10, current: 10 },
    ],
    [
      { permanent: 3, current: -2 },
      { permanent: 3, current: 0 },
    ],
    [
      { permanent: -1, current: 2 },
      { permanent: 0, current: 0 },
    ],
  ])("%o becomes %o", (trait, expected) => {
    expect(clampTenPoint(trait, POOL_MAX_TEN_POINT)).toEqual(expected);
  });

  it("keeps the other fields of a named trait", () => {
    expect(clampTenPoint({ name: "Humanity", permanent: 4, current: 9 }, 10)).toEqual({
      name: "Humanity",
      permanent: 4,
      current: 4,
    });
  });
});

describe("wildSessionLeft: what may still be spent this session", () => {
  it("limits Character Points by the session limit and by the sheet", () => {
    expect(
      wildSessionLeft({ characterPoints: 6, fatePoints: 5, session: { characterPoints: 2, fatePoints: 0 } }),
    ).toEqual({
      characterPoints: 3,
      fatePoints: 1,
    });
    expect(
      wildSessionLeft({ characterPoints: 1, fatePoints: 0, session: { characterPoints: 0, fatePoints: 0 } }),
    ).toEqual({
      characterPoints: 1,
      fatePoints: 0,
    });
  });

  it("allows one Fate Point per session", () => {
    expect(
      wildSessionLeft({ characterPoints: 0, fatePoints: 5, session: { characterPoints: 0, fatePoints: 1 } }),
    ).toEqual({
      characterPoints: 0,
      fatePoints: 0,
    });
  });

  it("takes the GM's session limit", () => {
    const source = { characterPoints: 10, fatePoints: 0, session: { characterPoints: 1, fatePoints: 0 } };
    expect(wildSessionLeft(source, 8).characterPoints).toBe(7);
    expect(wildSessionLeft(source, 0).characterPoints).toBe(0);
  });
});

describe("piHindrance: the active conditions fold into one hindrance", () => {
  const minor = { name: "Tired", hindrance: "minor" as const, active: true };
  const major = { name: "Bleeding", hindrance: "major" as const, active: true };
  it.each([
    [{}, "none"],
    [{ a: minor }, "minor"],
    [{ a: major }, "major"],
    [{ a: minor, b: { ...minor, name: "Cold" } }, "major"],
    [{ a: minor, b: { ...major, active: false } }, "minor"],
    [{ a: { ...minor, active: false } }, "none"],
  ])("%o → %s", (conditions, expected) => {
    expect(piHindrance(conditions)).toBe(expected);
  });
});
