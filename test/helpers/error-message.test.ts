/**
 * What an error says about the values it names (issue 41, fault 8, "a raw id in a refusal"): an
 * engine by its name, never its id; a value that names no engine (a typed one a request refused)
 * stays as given.
 */
import { describe, expect, it } from "vitest";
import { errorMessage } from "../../src/helpers/notify.ts";
import { shared } from "../../src/engines/index.ts";
import { createLocalization } from "../../lab/i18n.ts";
import { EN } from "../support/i18n.ts";

const I18N = createLocalization(EN);

describe("an error's message", () => {
  it("names an engine by its name, not its id", () => {
    const error = new shared.EngineError("PointsWrongCharacter", { name: "Kestrel Vane", engine: "wild" });
    expect(errorMessage(error, I18N)).toBe(
      `Kestrel Vane does not roll with ${I18N.localize("ROLLING_BONES.Engine.wild")}, so it cannot pay for this roll.`,
    );
    expect(errorMessage(error, I18N)).not.toMatch(/\bwild\b/);
  });

  it("keeps a typed value that names no engine as typed", () => {
    const error = new shared.EngineError("RequestEngine", { engine: "banana" });
    expect(errorMessage(error, I18N)).toContain('"banana"');
  });
});
