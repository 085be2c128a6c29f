/**
 * The roll grammar of chat commands and enrichers: each valid form gives the exact engine request;
 * each malformed form throws an `EngineError` naming a localization key (never a plain error).
 */
import { describe, expect, it } from "vitest";
import { EngineError } from "../../src/engines/index.ts";
import {
  ENRICHER_PATTERN,
  isRollCommand,
  parseChatCommand,
  parseEnricher,
  parseRollArgs,
  type CommandEngine,
} from "../../src/helpers/chat-commands.ts";

const SETTINGS = { wildFirstOneCounts: true, percentileCap: 5 };

function errorKey(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof EngineError) return error.key;
    throw error;
  }
  throw new Error("no error thrown");
}

describe("chat commands: valid forms", () => {
  it.each([
    ["/pool 6 7", "pool", { pool: 6, difficulty: 7 }],
    ["/pool 6", "pool", { pool: 6 }],
    ["/POOL 5 dc8 wp c1", "pool", { pool: 5, difficulty: 8, willpower: true, cancellation: 1 }],
    ["/pool 7 difficulty=6 auto", "pool", { pool: 7, difficulty: 6, automatic: true }],
    ["/pct +2", "percentile", { bonus: 2, penalty: 0, cap: 5 }],
    ["/pct b2 p1", "percentile", { bonus: 2, penalty: 1, cap: 5 }],
    ["/percentile 45 -1 karma=1", "percentile", { bonus: 0, penalty: 1, cap: 5, column: 45, karmaDice: 1 }],
    [
      "/pct called=2 mult=3 cap=0",
      "percentile",
      { bonus: 0, penalty: 0, cap: 0, voluntaryPenalty: 2, damageMultiplier: 3 },
    ],
    ["/pct", "percentile", { bonus: 0, penalty: 0, cap: 5 }],
    ["/wild 3D+1", "wild", { dice: 3, pips: 1, firstOneCounts: true }],
    ["/wild 3d+1 cp2", "wild", { dice: 3, pips: 1, characterPoints: 2, firstOneCounts: true }],
    ["/wild 4D fp", "wild", { dice: 4, pips: 0, fatePoint: true, firstOneCounts: true }],
    ["/wild 2D-1 +1D+2", "wild", { dice: 2, pips: -1, outsideDice: 1, outsidePips: 2, firstOneCounts: true }],
    ["/pi d8 d4 d4", "pi", { pool: [8, 4, 4] }],
    ["/pi d8 2d4 minor", "pi", { pool: [8, 4, 4], hindrance: "minor" }],
    ["/pi d6 d6 d6 major p+1 i-2", "pi", { pool: [6, 6, 6], hindrance: "major", precisionMod: 1, impactMod: -2 }],
    ["/wild 3D+1 tn15", "wild", { dice: 3, pips: 1, target: 15, firstOneCounts: true }],
    ["/wild 3D target=12", "wild", { dice: 3, pips: 0, target: 12, firstOneCounts: true }],
    ["/pi d8 d4 d4 pgoal=6", "pi", { pool: [8, 4, 4], precisionGoal: 6 }],
    ["/pi d8 d4 igoal=2 pgoal=9", "pi", { pool: [8, 4], precisionGoal: 9, impactGoal: 2 }],
    ["/action +3 dc15", "action", { modifier: 3, dc: 15 }],
    ["/action +3 dc15 d6", "action", { modifier: 3, dc: 15, augments: [6] }],
    ["/action -1 attack d4 d6 botch=2", "action", { modifier: -1, kind: "attack", augments: [4, 6], botchRange: 2 }],
    ["/action insight +2 level=3 dc=12", "action", { kind: "insight", modifier: 2, level: 3, dc: 12 }],
    ["/action", "action", {}],
  ])("%s", (text, engine, request) => {
    expect(parseChatCommand(text, SETTINGS)).toEqual({ engine, request });
  });

  it("carries the world's settings (first 1 of the Wild Die, percentile cap)", () => {
    const settings = { wildFirstOneCounts: false, percentileCap: 3 };
    expect(parseChatCommand("/wild 2D", settings)?.request).toEqual({ dice: 2, pips: 0, firstOneCounts: false });
    expect(parseChatCommand("/pct +1", settings)?.request).toEqual({ bonus: 1, penalty: 0, cap: 3 });
  });

  it.each([
    "hello",
    "/roll 1d20",
    "/actiondice",
    "/actions 3",
    "/poolside",
    "pool 6 7",
    "",
    "/constructor",
    "/toString",
  ])("leaves %j to others", (text) => {
    expect(parseChatCommand(text, SETTINGS)).toBeNull();
  });
});

describe("chat commands: malformed forms", () => {
  it.each([
    ["/pool", "CommandMissing"],
    ["/pool six", "CommandBadToken"],
    ["/pool 6 7 8", "CommandRepeated"],
    ["/pool 6 dc7 7", "CommandRepeated"],
    ["/pool 0 7", "PoolTooSmall"],
    ["/pool 6 11", "DifficultyRange"],
    ["/pool 6 dc=x", "CommandBadToken"],
    ["/pct +2 b1", "CommandRepeated"],
    ["/pct +x", "CommandBadToken"],
    ["/pct constructor=1", "CommandBadToken"],
    ["/pct +50", "OutOfRange"],
    ["/wild", "CommandMissing"],
    ["/wild three", "CommandBadToken"],
    ["/wild 3D cp2 fp", "PointsOnSameRoll"],
    ["/wild 3D cp51", "OutOfRange"],
    ["/wild 3D tn0", "OutOfRange"],
    ["/wild 3D tn=x", "CommandBadToken"],
    ["/pi d8 d4 igoal=big", "CommandBadToken"],
    ["/pi", "CommandMissing"],
    ["/pi d7 d4", "PiDieSize"],
    ["/pi d8 d4 minor major", "CommandRepeated"],
    ["/pi d8 huge", "CommandBadToken"],
    ["/action +3 +4", "CommandRepeated"],
    ["/action +3 dc15 d7", "DieSizeNotAllowed"],
    ["/action +3 frog", "CommandBadToken"],
    ["/action check level=2", "LevelOnlyForInsight"],
  ])("%s → %s", (text, key) => {
    expect(errorKey(() => parseChatCommand(text, SETTINGS))).toBe(`ROLLING_BONES.Error.${key}`);
  });

  it("names the token and the usage in a bad-token error", () => {
    try {
      parseChatCommand("/pool 6 frog", SETTINGS);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).data).toEqual({
        token: "frog",
        usage: expect.stringContaining("/pool") as unknown,
      });
    }
  });
});

describe("enrichers", () => {
  const match = (text: string) => [...text.matchAll(ENRICHER_PATTERN)].map((m) => [m[1], m[2], m[3]]);

  it("finds engine, parameters and label", () => {
    expect(match("Roll @RollPool[6|7]{Dodge} or @RollPercentile[bonus=2] and @RollWild[3D+1].")).toEqual([
      ["Pool", "6|7", "Dodge"],
      ["Percentile", "bonus=2", undefined],
      ["Wild", "3D+1", undefined],
    ]);
  });

  it.each([
    ["Pool", "6|7", "pool", { pool: 6, difficulty: 7 }],
    ["Percentile", "bonus=2", "percentile", { bonus: 2, penalty: 0, cap: 5 }],
    ["pct", "b2|p1", "percentile", { bonus: 2, penalty: 1, cap: 5 }],
    ["Wild", "3D+1", "wild", { dice: 3, pips: 1, firstOneCounts: true }],
    ["Pi", "d8 d4 d4|minor", "pi", { pool: [8, 4, 4], hindrance: "minor" }],
    ["Wild", "3D+1|tn=10", "wild", { dice: 3, pips: 1, target: 10, firstOneCounts: true }],
    ["Pi", "d8 d4 d4|igoal=2", "pi", { pool: [8, 4, 4], impactGoal: 2 }],
    ["Action", "+3|dc=15", "action", { modifier: 3, dc: 15 }],
  ])("@Roll%s[%s] uses the command grammar", (name, params, engine, request) => {
    expect(parseEnricher(name, params, SETTINGS)).toEqual({ engine, request });
    const word = { pool: "pool", percentile: "pct", wild: "wild", pi: "pi", action: "action" }[engine as CommandEngine];
    expect(parseRollArgs(engine as CommandEngine, params.replaceAll("|", " "), SETTINGS)).toEqual(
      parseChatCommand(`/${word} ${params}`, SETTINGS)?.request,
    );
  });

  it("refuses an unknown engine and bad parameters with keys", () => {
    expect(errorKey(() => parseEnricher("Tarot", "1", SETTINGS))).toBe("ROLLING_BONES.Error.CommandUnknownEngine");
    expect(errorKey(() => parseEnricher("constructor", "1", SETTINGS))).toBe(
      "ROLLING_BONES.Error.CommandUnknownEngine",
    );
    expect(errorKey(() => parseEnricher("Pool", "6|frog", SETTINGS))).toBe("ROLLING_BONES.Error.CommandBadToken");
  });
});

describe("isRollCommand", () => {
  it("knows the roll commands, well-formed or not, and nothing else", () => {
    expect(["/pool 6 7", "/PCT", "/wild frog", "  /pi d8", "/action +1", "/percentile"].map(isRollCommand)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["/actiondice", "/roll 1d20", "hello /pool 6", "/pools 6"].map(isRollCommand)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
