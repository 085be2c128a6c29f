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
});
