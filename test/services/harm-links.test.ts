import { describe, expect, it } from "vitest";
import { parseHarmLink, HARM_LINK_PATTERN } from "../../src/services/harm/links.ts";
import { EngineError } from "../../src/engines/index.ts";

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof EngineError ? error.key.replace("ROLLING_BONES.Error.", "") : "other";
  }
}

describe("damage and healing links", () => {
  it("read an amount, and for damage a multiplier in words or as ×", () => {
    expect(parseHarmLink("Damage", "7")).toEqual({ amount: 7, multiplier: "full" });
    expect(parseHarmLink("damage", "12|half")).toEqual({ amount: 12, multiplier: "half" });
    expect(parseHarmLink("Damage", " 3 , x2 ")).toEqual({ amount: 3, multiplier: "double" });
    expect(parseHarmLink("Damage", "9 x1/2")).toEqual({ amount: 9, multiplier: "half" });
    expect(parseHarmLink("Heal", "5")).toEqual({ amount: 5, multiplier: "heal" });
  });

  it("refuse anything else with one error", () => {
    expect(code(() => parseHarmLink("Damage", ""))).toBe("HarmLinkInvalid");
    expect(code(() => parseHarmLink("Damage", "7|half|x2"))).toBe("HarmLinkInvalid");
    expect(code(() => parseHarmLink("Heal", "5|double"))).toBe("HarmLinkInvalid");
    expect(code(() => parseHarmLink("Damage", "7|heal"))).toBe("HarmLinkInvalid");
    expect(code(() => parseHarmLink("Damage", "7|constructor"))).toBe("HarmMultiplier");
    expect(code(() => parseHarmLink("Damage", "seven"))).toBe("HarmAmount");
    expect(code(() => parseHarmLink("Damage", "-3"))).toBe("HarmAmount");
    expect(code(() => parseHarmLink("Damage", "2.5"))).toBe("HarmAmount");
    expect(code(() => parseHarmLink("Damage", "100000"))).toBe("HarmAmount");
  });

  it("are found in text with their labels", () => {
    const text = "The trap deals @Damage[7|half]{Spikes}; the potion @Heal[5].";
    const found = [...text.matchAll(HARM_LINK_PATTERN)].map((m) => [m[1], m[2], m[3]]);
    expect(found).toEqual([
      ["Damage", "7|half", "Spikes"],
      ["Heal", "5", undefined],
    ]);
  });
});
