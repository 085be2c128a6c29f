/**
 * Property tests of every parser a user or a macro reaches (issue 14): chat commands, roll-link
 * parameters, request text, the `/roll` formula terms `dw`, `ds` and `dp`, the Action Results
 * Table's JSON import, a request or draft a macro passes, and each engine's `validate` and `odds`.
 * Any input gives a result or exactly one clean, localized refusal: never another throw, never a raw
 * key or a JavaScript value in the message. Prototype names are drawn explicitly.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyValue, expectCleanRefusal, parsesOrRefuses, PROTOTYPE_NAMES, RUNS, tokenOf } from "../support/refusals.ts";
import { parseChatCommand, parseEnricher } from "../../src/helpers/chat-commands.ts";
import { checkDraft, parseRequestText, validateSpec } from "../../src/services/requests/spec.ts";
import {
  percentileRequestFromFormula,
  poolRequestFromFormula,
  wildRequestFromFormula,
} from "../../src/dice/terms/formula.ts";
import { parseArtJson } from "../../src/data/settings/art-table.ts";
import { EngineError, action, percentile, pi, pool, wild } from "../../src/engines/index.ts";

const SETTINGS = { wildFirstOneCounts: true, percentileCap: 5 };

const COMMAND_WORDS = ["pool", "pct", "percentile", "wild", "pi", "action", "roll", "actiondice"];
const PARAMETERS = [
  "6",
  "7",
  "-2",
  "+3",
  "wp",
  "auto",
  "c1",
  "dc8",
  "diff=7",
  "b2",
  "p1",
  "karma=2",
  "called=1",
  "mult=2",
  "cap=3",
  "rating=40",
  "3d+1",
  "2d",
  "+1d",
  "cp2",
  "cp=1",
  "fp",
  "d6",
  "2d8",
  "minor",
  "major",
  "p+1",
  "i-1",
  "prec=2",
  "check",
  "attack",
  "save",
  "insight",
  "level=3",
  "botch=2",
  "__proto__=1",
  "constructor:2",
  "toString=3",
  "valueOf",
  "x".repeat(600),
];
const parameters = fc.array(tokenOf(PARAMETERS), { maxLength: 6 }).map((t) => t.join(" "));

describe("chat commands and roll links", () => {
  it("a chat message is a roll, not a roll command, or one clean refusal", () => {
    const message = fc.oneof(
      fc.string(),
      fc
        .tuple(tokenOf(COMMAND_WORDS), fc.constantFrom(" ", "  ", ",", "|"), parameters)
        .map(([w, s, p]) => `/${w}${s}${p}`),
    );
    fc.assert(
      fc.property(message, (text) => {
        parsesOrRefuses(() => parseChatCommand(text, SETTINGS), text);
      }),
      RUNS,
    );
  });

  it("a roll link's engine name and parameters give a roll or one clean refusal", () => {
    const names = tokenOf(["Pool", "Pct", "Percentile", "Wild", "Pi", "Action"]);
    fc.assert(
      fc.property(names, parameters, (name, params) => {
        parsesOrRefuses(() => parseEnricher(name, params, SETTINGS), [name, params]);
      }),
      RUNS,
    );
  });

  it("refuses a prototype name as a command's engine or parameter like any other unknown name", () => {
    for (const name of PROTOTYPE_NAMES) {
      expect(parseChatCommand(`/${name} 6`, SETTINGS)).toBeNull();
      expect(() => parseEnricher(name, "6", SETTINGS)).toThrow(EngineError);
      expect(() => parseChatCommand(`/pct ${name}=3`, SETTINGS)).toThrow(EngineError);
    }
  });
});

describe("request text and requests", () => {
  const REQUEST_TOKENS = [
    "action",
    "pool",
    "pct",
    "wild",
    "pi",
    "save:reflex",
    "ability:str",
    'skill:"Climb"',
    'ability:"Stealth"',
    "attribute:agility",
    "target=15",
    "target=7",
    "net=-1",
    "hidden",
    "constructor:x",
    "__proto__:x",
    "skill:toString",
  ];

  it("a request link's text gives a draft or one clean refusal", () => {
    const text = fc.oneof(
      fc.string(),
      fc.array(tokenOf(REQUEST_TOKENS), { maxLength: 5 }).map((t) => t.join(" ")),
    );
    fc.assert(
      fc.property(text, (t) => {
        parsesOrRefuses(() => parseRequestText(t), t);
      }),
      RUNS,
    );
  });

  it("any request or draft a macro passes gives a checked request or one clean refusal", () => {
    const spec = fc.oneof(
      anyValue,
      fc.record(
        {
          engine: fc.oneof(tokenOf(["action", "pool", "percentile", "wild", "pi"]), anyValue),
          label: anyValue,
          trait: fc.oneof(
            anyValue,
            fc.record({
              kind: fc.oneof(tokenOf(["ability", "save", "skill", "attribute"]), anyValue),
              key: fc.oneof(tokenOf(["str", "reflex", "agility", "Climb"]), anyValue),
            }),
          ),
          target: fc.oneof(fc.integer({ min: -5, max: 120 }), anyValue),
          hidden: anyValue,
          net: anyValue,
          actors: fc.oneof(fc.constant(["a1"]), anyValue),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(spec, (s) => {
        parsesOrRefuses(() => validateSpec(s, new Set(["a1"])), s);
        parsesOrRefuses(() => checkDraft(s), s);
      }),
      RUNS,
    );
  });

  it("a trait kind that is a prototype name is an unknown trait, not a crash", () => {
    for (const kind of PROTOTYPE_NAMES) {
      const spec = { engine: "action", trait: { kind, key: "x" }, actors: ["a1"] };
      expect(() => validateSpec(spec, new Set(["a1"]))).toThrow(EngineError);
      expect(() => parseRequestText(`action ${kind}:x target=5`)).toThrow(EngineError);
      expect(() => parseRequestText(`${kind} ability:str`)).toThrow(EngineError);
    }
  });
});

describe("/roll formula terms", () => {
  const modifiers = fc.array(tokenOf(["cp2", "fp", "dc8", "c1", "b2", "p1", "cp", "dc", "x"]), { maxLength: 4 });
  const number = fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom(Number.NaN, 1e9));

  it("dw, ds and dp terms give a checked request or one clean refusal", () => {
    fc.assert(
      fc.property(number, modifiers, (n, mods) => {
        const input = [n, mods];
        parsesOrRefuses(() => wild.validate(wildRequestFromFormula(n, mods, true)), input);
        parsesOrRefuses(() => pool.validate(poolRequestFromFormula(n, mods)), input);
        parsesOrRefuses(() => percentile.validate(percentileRequestFromFormula(n, mods, 5)), input);
      }),
      RUNS,
    );
  });
});

describe("the Action Results Table import", () => {
  it("any text gives a checked table or one clean refusal", () => {
    const table = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({ name: anyValue, levels: anyValue, columns: anyValue }, { requiredKeys: [] })
        .map((t) => JSON.stringify(t) ?? ""),
      fc.constantFrom(...PROTOTYPE_NAMES).map((k) => JSON.stringify({ ...percentile.DEFAULT_ART, [k]: 1, name: k })),
    );
    fc.assert(
      fc.property(table, (text) => {
        parsesOrRefuses(() => parseArtJson(text), text);
      }),
      RUNS,
    );
  });
});

describe("the engines a macro calls directly (game.system.api.engines)", () => {
  const ENGINES = { percentile, action, wild, pi, pool } as const;

  it.each(Object.keys(ENGINES))("%s: validate and odds give a result or one clean refusal", (id) => {
    const engine = ENGINES[id as keyof typeof ENGINES];
    fc.assert(
      fc.property(anyValue, (request) => {
        parsesOrRefuses(() => engine.validate(request as never), request);
      }),
      { ...RUNS, numRuns: 100 },
    );
    // odds on a few bad requests: refused like validate (odds of good requests are tested per engine)
    for (const bad of [undefined, null, "x", { __proto__: null }, ...PROTOTYPE_NAMES]) {
      try {
        engine.odds(bad as never);
      } catch (error) {
        expectCleanRefusal(error, bad);
      }
    }
  });
});
