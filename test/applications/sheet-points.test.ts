// @vitest-environment happy-dom
/**
 * The points a character sheet shows beyond the character's data: the assists waiting for a
 * percentile character's next roll (with Cancel for its owners), what a wild-die character may still
 * spend under the GM's limit, and this combat round's Willpower.
 */
import { describe, expect, it } from "vitest";
import type { SheetPoints } from "../../src/applications/sheets/views/index.ts";
import type { PendingAssist } from "../../src/dice/rolls/points-card.ts";
import { renderSheet, sheetContext } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";

const ASSIST: PendingAssist = {
  id: "assist0000000001",
  effect: "bonus",
  level: "good",
  from: "m",
  by: "u",
  assistant: "Brann",
};

const points = (changes: Partial<SheetPoints> = {}): SheetPoints => ({
  assists: [],
  canCancelAssists: true,
  cpSessionLimit: 5,
  willpowerTurn: "perRoll",
  ...changes,
});

function dom(html: string): HTMLElement {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div;
}

describe("sheet points", () => {
  it("a percentile sheet lists the waiting assists, each with a labelled Cancel for its owners", () => {
    const html = dom(
      renderSheet("percentile-character", SAMPLES["percentile-character"], { points: points({ assists: [ASSIST] }) }),
    );
    const stat = html.querySelector('[data-stat="rb-percentile-character-assists"]')!;
    expect(stat.querySelector(".rb-stat__item")?.textContent).toContain("+1 bonus die from Brann (Good)");
    const cancel = stat.querySelector<HTMLButtonElement>('button[data-action="cancelAssist"]')!;
    expect(cancel.dataset.assist).toBe(ASSIST.id);
    expect(cancel.getAttribute("aria-label")).toBe("Cancel the assist: +1 bonus die from Brann (Good)");
    expect(cancel.textContent?.trim()).toBe("Cancel");
    // a viewer who may not cancel sees the list only; with none waiting, "None"
    const viewer = dom(
      renderSheet("percentile-character", SAMPLES["percentile-character"], {
        points: points({ assists: [ASSIST], canCancelAssists: false }),
      }),
    );
    expect(viewer.querySelector('button[data-action="cancelAssist"]')).toBeNull();
    const none = dom(renderSheet("percentile-character", SAMPLES["percentile-character"], { points: points() }));
    expect(none.querySelector('[data-stat="rb-percentile-character-assists"] output')?.textContent).toBe("None");
  });

  it("a wild sheet shows what is left under the GM's limit", () => {
    const system = { ...SAMPLES["wild-character"], characterPoints: 9, session: { characterPoints: 1, fatePoints: 0 } };
    const ctx = sheetContext("wild-character", system, { points: points({ cpSessionLimit: 3 }) });
    const left = ctx.view.stats.find((s) => s.id.endsWith("sessionLeft"));
    expect(left?.text).toMatch(/^2 CP/);
    expect(left?.hint).toBe("Per session: 3 CP and 1 Fate Point.");
  });

  it("a pool sheet says whether this round's Willpower point is spent", () => {
    for (const [state, text] of [
      ["available", "Available this combat round"],
      ["spent", "Spent this combat round"],
      ["perRoll", "One point per roll (no combat)"],
    ] as const) {
      const ctx = sheetContext("pool-character", SAMPLES["pool-character"], {
        points: points({ willpowerTurn: state }),
      });
      expect(ctx.view.stats.find((s) => s.id.endsWith("willpowerTurn"))?.text).toBe(text);
    }
  });
});
