/** Engine errors as users read them: localized, with request fields shown by their labels. */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("error messages", () => {
  it("name fields by their labels, indexed fields with their position", async () => {
    double = await bootSystem({ userId: ALICE });
    const { errorMessage, fieldLabel } = await import("../../src/helpers/notify.ts");
    const { EngineError } = await import("../../src/engines/shared/errors.ts");
    expect(fieldLabel("difficulty")).toBe("Difficulty");
    expect(fieldLabel("pool[2]")).toBe("Pool (3)");
    expect(fieldLabel("mystery")).toBe("mystery");
    const text = errorMessage(new EngineError("OutOfRange", { field: "botchRange", value: 7, min: 1, max: 4 }));
    expect(text).toBe("Botch range must be between 1 and 4 (got 7).");
  });

  it("name a kind of roll and a user by their names, never their ids (issue 19 item 14)", async () => {
    double = await bootSystem({ userId: ALICE });
    const { errorMessage } = await import("../../src/helpers/notify.ts");
    const { EngineError } = await import("../../src/engines/shared/errors.ts");
    expect(errorMessage(new EngineError("CriticalKind", { kind: "damage" }))).toBe(
      "Critical threats apply to checks, attacks and saving throws, not to this roll (Damage).",
    );
    expect(errorMessage(new EngineError("LevelOnlyForInsight", { kind: "save" }))).toBe(
      "The character level is added only to insight rolls, not to this roll (Saving throw).",
    );
    const alice = double.game.users.get(ALICE);
    expect(errorMessage(new EngineError("UnknownPool", { user: ALICE }))).toBe(
      `No action-dice pool is loaded for ${alice?.name ?? "?"}.`,
    );
    expect(errorMessage(new EngineError("UnknownPool", { user: "gone000000000000" }))).toBe(
      "No action-dice pool is loaded for someone no longer in this world.",
    );
    expect(errorMessage(new EngineError("UnknownEntry", { entry: "k3Jx9" }))).not.toContain("k3Jx9");
  });

  it("name a value that is no number or text by its kind, in words, never a bare dash (issue 41 fault 8)", async () => {
    double = await bootSystem({ userId: ALICE });
    const { errorMessage } = await import("../../src/helpers/notify.ts");
    const { EngineError } = await import("../../src/engines/shared/errors.ts");
    const got = (value: unknown) => errorMessage(new EngineError("NotInteger", { field: "difficulty", value }));
    expect(got([1, 2])).toBe("Difficulty must be a whole number (got a list).");
    expect(got({ toString: () => "7" })).toBe("Difficulty must be a whole number (got an object).");
    expect(got(undefined)).toBe("Difficulty must be a whole number (got nothing).");
    expect(got(Number.NaN)).toBe("Difficulty must be a whole number (got something that is not a number).");
    expect(got(() => 1)).toBe("Difficulty must be a whole number (got a function).");
    expect(got("7.5")).toBe("Difficulty must be a whole number (got 7.5).");
    // An object dressed as an actor has no name to show.
    expect(errorMessage(new EngineError("NotOwner", { name: { id: "x" } }))).toBe(
      "You do not own something without a name.",
    );
    for (const text of [got([1]), got({}), got(null)]) expect(text).not.toMatch(/—|ROLLING_BONES/);
  });
});
