import { describe, expect, it } from "vitest";
import { assignFaces, throwAll, fixedFaces } from "../../src/engines/shared/index.ts";
import * as wild from "../../src/engines/wild/index.ts";
import * as pool from "../../src/engines/pool/index.ts";

describe("assignFaces", () => {
  it("gives faces the roles the plan assigns, follow-ups included (1D: Wild 1, then 6, then 3)", () => {
    const req = wild.validate({ dice: 1 });
    const { thrown, missing } = assignFaces(wild.engine, req, [1, 6, 3]);
    expect(missing).toEqual([]);
    expect(thrown.map((t) => t.role)).toEqual(["wild", "wildSubtract", "wildSubtract"]);
  });

  it("says which dice are still owed when the faces run out", () => {
    const req = wild.validate({ dice: 2 });
    expect(assignFaces(wild.engine, req, [4]).missing.map((s) => s.role)).toEqual(["wild"]);
    expect(assignFaces(wild.engine, req, [4, 6]).missing.map((s) => s.role)).toEqual(["wild"]);
    expect(assignFaces(wild.engine, req, [4, 6, 2]).missing).toEqual([]);
  });

  it("agrees with throwAll for the same faces", () => {
    const req = pool.validate({ pool: 4, difficulty: 7 });
    const faces = [3, 9, 1, 10];
    expect(assignFaces(pool.engine, req, faces).thrown).toEqual(throwAll(pool.engine, req, fixedFaces(faces)));
  });

  it("refuses a face that does not fit the planned die", () => {
    expect(() => assignFaces(pool.engine, pool.validate({ pool: 1 }), [11])).toThrow(RangeError);
  });
});
