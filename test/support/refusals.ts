/**
 * What a refusal must look like (issue 14): one localized message built from a key that exists, with
 * every placeholder filled, and no JavaScript value or raw key in it that the input did not contain
 * (`[object Object]`, a function's source, `undefined`, `NaN`, `ROLLING_BONES.…`). Shared by the
 * property tests of the parsers and of the public API, with the arbitrary inputs they draw from.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { format, hasKey, localize } from "./i18n.ts";
import { EngineError } from "../../src/engines/index.ts";
import { errorMessage } from "../../src/helpers/notify.ts";

/** The localization the tests read (the real `lang/en.json`). */
export const I18N = { has: hasKey, localize, format };

/** Names every plain object inherits: each must be as unknown as any other name. */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"] as const;

/** Text that must never reach a message unless the user typed it. */
const LEAKS = ["[object ", "function ", "native code", "=>", "undefined", "NaN", "ROLLING_BONES.", "9007199254740991"];

/** Every piece of text inside a value (strings, object keys, numbers), as far as a message could echo it. */
function textsOf(value: unknown, depth = 0, out: string[] = []): string[] {
  if (depth > 6) return out;
  if (typeof value === "string") out.push(value);
  else if ((typeof value === "number" && Number.isFinite(value)) || typeof value === "bigint") out.push(String(value));
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      textsOf(v, depth + 1, out);
    }
  }
  return out;
}

/** Expects `message` to be clean: no leak the input does not itself contain. */
export function expectCleanText(message: string, input: unknown): void {
  const typed = textsOf(input).join("\u0000");
  for (const leak of LEAKS) {
    if (message.includes(leak) && !typed.includes(leak)) expect.fail(`message leaks "${leak}": ${message}`);
  }
}

/** Placeholders `errorMessage` derives, by the data they come from (an Action Results Table error's place, from its path). */
const DERIVED: Readonly<Record<string, string>> = Object.freeze({ place: "path" });

/** Expects an error to be an `EngineError` whose key exists and fills every placeholder, shown cleanly. */
export function expectCleanRefusal(error: unknown, input: unknown): string {
  if (!(error instanceof EngineError)) throw error;
  expect(hasKey(error.key), `unknown key ${error.key}`).toBe(true);
  for (const [, name] of localize(error.key).matchAll(/\{(\w+)\}/g)) {
    // A placeholder the message layer derives from the error's data counts when its source is there.
    const source = Object.hasOwn(DERIVED, name as string) ? DERIVED[name as string] : name;
    expect(Object.hasOwn(error.data, source as string), `${error.key} lacks {${name}}`).toBe(true);
  }
  const message = errorMessage(error, I18N);
  expectCleanText(message, input);
  return message;
}

/**
 * Runs a parser on an input: it returns a result, or throws one clean refusal (see
 * {@link expectCleanRefusal}); any other throw fails.
 */
export function parsesOrRefuses(run: () => unknown, input: unknown): void {
  try {
    run();
  } catch (error) {
    expectCleanRefusal(error, input);
  }
}

/** Any value a macro could pass, prototype names and functions included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withObjectString: true, withNullPrototype: true, maxDepth: 2 }),
  fc.constantFrom<unknown>(...PROTOTYPE_NAMES, undefined, null, Number.NaN, Infinity, -1, 0, 1e9, "", [], {}),
  fc.constant(() => 1),
  fc.constant(Symbol("macro")),
  fc.dictionary(
    fc.constantFrom(...PROTOTYPE_NAMES, "engine", "kind", "key", "type"),
    fc.constantFrom<unknown>(...PROTOTYPE_NAMES, 1, "x", null),
  ),
);

/** A word or token: random text, a prototype name, or one of `words` (so that valid inputs are drawn too). */
export function tokenOf(words: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTOTYPE_NAMES, ...words));
}

/** The runs of each property: modest, seeded, so `npm test` stays fast and repeatable. */
export const RUNS = { numRuns: 200, seed: 14 } as const;
