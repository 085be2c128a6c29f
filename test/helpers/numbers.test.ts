/** Issue 27 item 5: numbers and their signs in the user's language, through `Intl.NumberFormat`. */
import { describe, expect, it } from "vitest";
import { formatNumber, formatSigned } from "../../src/helpers/numbers.ts";

describe("numbers in the user's language", () => {
  it("sign a modifier: a plus before a gain, the language's own minus before a loss, none on zero", () => {
    expect(formatSigned(2, "en")).toBe("+2");
    expect(formatSigned(-1, "en")).toBe("\u22121");
    expect(formatSigned(0, "en")).toBe("0");
    // Swedish writes a true minus sign (U+2212), never the hyphen a template would paste.
    expect(formatSigned(-3, "sv")).toBe("\u22123");
    expect(formatSigned(3, "sv")).toBe("+3");
  });

  it("write digits and separators as the language does", () => {
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
    expect(formatNumber(3, "ar-EG")).toBe("\u0663");
    expect(formatSigned(-1234, "de")).toBe("\u22121.234");
  });

  it("keep each language's format apart (the cache is per language)", () => {
    expect(formatNumber(0.5, "en")).toBe("0.5");
    expect(formatNumber(0.5, "fr")).toBe("0,5");
    expect(formatNumber(0.5, "en")).toBe("0.5");
  });
});
