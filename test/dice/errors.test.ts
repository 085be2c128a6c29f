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
});
