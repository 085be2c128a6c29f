/** Issue 27 item 5: numbers and their signs in the user's language, through `Intl.NumberFormat`. */
import { describe, expect, it } from "vitest";
import { formatMean, formatPercent } from "../../src/helpers/format.ts";
import { formatIn, formatNumber, formatSigned, formatSignedDice, numberFormat } from "../../src/helpers/numbers.ts";

describe("numbers in the user's language", () => {
  it("sign a modifier: a plus before a gain, the language's own minus before a loss, none on zero", () => {
    expect(formatSigned(2, "en")).toBe("+2");
    expect(formatSigned(-1, "en")).toBe("\u22121");
    expect(formatSigned(0, "en")).toBe("0");
    expect(formatSigned(-0, "en")).toBe("0");
    // Swedish writes a true minus sign (U+2212), never the hyphen a template would paste.
    expect(formatSigned(-3, "sv")).toBe("\u22123");
    expect(formatSigned(3, "sv")).toBe("+3");
  });

  it("put the true minus sign where a language's format has a hyphen-minus, and keep a language's own marks", () => {
    for (const lang of ["en", "de", "fr", "he", "ar-EG"]) {
      expect(formatSigned(-2, lang), lang).not.toContain("-");
      expect(formatSigned(-2, lang), lang).toContain("\u2212");
      expect(formatNumber(-2, lang), lang).toContain("\u2212");
    }
    // Hebrew and Arabic keep their direction marks before the sign, and Arabic its own digits.
    expect(formatSigned(-2, "he")).toBe("\u200e\u22122");
    expect(formatSigned(-3, "ar-EG")).toBe("\u061c\u2212\u0663");
  });

  it("write digits and separators as the language does", () => {
    expect(formatNumber(1234, "en")).toBe("1,234");
    expect(formatNumber(1234.5, "de")).toBe("1.234,5");
    expect(formatNumber(3, "ar-EG")).toBe("\u0663");
    expect(formatSigned(-1234, "de")).toBe("\u22121.234");
    // French groups with a narrow no-break space and writes a decimal comma, sign and all.
    expect(formatSigned(1234.5, "fr")).toBe("+1\u202f234,5");
    expect(formatSigned(-1.5, "fr")).toBe("\u22121,5");
  });

  it("sign a change of dice through the same format: the count is the language's, the notation is not", () => {
    expect(formatSignedDice(1, 4, "en")).toBe("+1d4");
    expect(formatSignedDice(-2, 6, "en")).toBe("\u22122d6");
    expect(formatSignedDice(-2, 6, "ar-EG")).toBe("\u061c\u2212\u0662d6");
  });

  it("keep each language's format apart (the cache is per language)", () => {
    expect(formatNumber(0.5, "en")).toBe("0.5");
    expect(formatNumber(0.5, "fr")).toBe("0,5");
    expect(formatNumber(0.5, "en")).toBe("0.5");
  });

  it("build each format once: the odds panels' means and percentages come from the same cache", () => {
    expect(numberFormat("de", "mean")).toBe(numberFormat("de", "mean"));
    expect(numberFormat("de", "mean")).not.toBe(numberFormat("fr", "mean"));
    expect(numberFormat("de", "mean")).not.toBe(numberFormat("de", "plain"));
    expect(formatMean(2.25, "de")).toBe(numberFormat("de", "mean").format(2.25));
    expect(formatMean(2.25, "de")).toBe("2,3");
    expect(formatMean(-0.5, "en")).toBe("\u22120.5");
    expect(formatPercent(0.5, "de")).toBe(numberFormat("de", "percent").format(0.5));
    expect(formatIn(0.0123, "fr", "percentShort")).toBe("1,2\u00a0%");
  });
});
