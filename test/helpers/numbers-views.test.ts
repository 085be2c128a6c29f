/**
 * Issue 27 item 5: every signed number a card, a dialog, a sheet or a panel shows goes through the one
 * `formatSigned` (`helpers/numbers.ts`), so a second language writes its own digits and separators and
 * every language the true minus sign (U+2212).
 */
import { describe, expect, it } from "vitest";
import { actionCardView, conditionLines, wildCardView } from "../../src/dice/cards/index.ts";
import { equipmentView, type DialogItem } from "../../src/applications/dialogs/equipment.ts";
import { woundEffectText } from "../../src/applications/sheets/views/index.ts";
import { economyView } from "../../src/services/action-dice/economy-card.ts";
import * as engines from "../../src/engines/index.ts";

/** An engine's outcome for a request and fixed faces, through the shared throw protocol. */
function resolve(id: "action" | "wild", request: unknown, faces: number[]): never {
  const engine = engines[id].engine as engines.Engine<unknown, unknown, unknown>;
  return engines.shared.rollWith(engine, request, engines.shared.fixedFaces(faces)) as never;
}

const STORED = [
  { name: "Encumbered", adjustments: [{ target: "impact", value: -1 }] },
  { name: "Blessed", adjustments: [{ target: "modifier", value: 1500 }] },
];

describe("signed numbers in the views, in the viewer's language", () => {
  it("a card's condition and equipment lines", () => {
    const values = (lang: string) =>
      conditionLines(STORED, "condition", lang).flatMap((l) => l.parts.map((p) => p.value));
    expect(values("en")).toEqual(["\u22121", "+1,500"]);
    expect(values("de")).toEqual(["\u22121", "+1.500"]);
    expect(values("fr")).toEqual(["\u22121", "+1\u202f500"]);
    expect(values("ar-EG")).toEqual(["\u061c\u2212\u0661", "\u061c+\u0661\u066c\u0665\u0660\u0660"]);
  });

  it("an action card's modifier and a Wild Die card's subtracted throws", () => {
    expect(actionCardView(resolve("action", { modifier: -3 }, [12]), "en").modifier).toBe("\u22123");
    expect(actionCardView(resolve("action", { modifier: 3 }, [12]), "ar-EG").modifier).toBe("\u061c+\u0663");
    const wild = wildCardView(resolve("wild", { dice: 1 }, [1, 6, 3]), "fr");
    expect(wild.wildChain.map((c) => c.face)).toEqual(["1", "\u22126", "\u22123"]);
  });

  it("a dialog's gear and a sheet's wound effects", () => {
    const gear: DialogItem = {
      id: "itemHeavy0000001",
      name: "Heavy pack",
      adjustments: [{ target: "modifier", value: -2 }],
    };
    const view = equipmentView({}, { gear: [gear] }, "de");
    expect(view.gear[0]?.parts).toEqual([{ key: "ROLLING_BONES.Condition.Target.modifier", value: "\u22122" }]);
    const kit = {
      t: (key: string) => key,
      i18n: { lang: "ar-EG", localize: (k: string) => k, format: (k: string) => k },
    };
    expect(woundEffectText([{ target: "modifier", value: -2 }], kit)).toBe(
      "ROLLING_BONES.Condition.Target.modifier \u061c\u2212\u0662",
    );
  });

  it("an economy card's dice moved", () => {
    const view = economyView(
      {
        kind: "award",
        session: 1,
        entry: {
          id: "w",
          type: "award",
          by: "gm",
          subject: null,
          undone: false,
          undoId: null,
          changes: [
            {
              userId: "bob",
              added: [{ faces: 6, count: 1 }],
              removed: [{ faces: 4, count: 2 }],
              spent: 0,
              luckyBreak: false,
            },
          ],
        },
        pools: [],
        undoneBy: null,
        names: { bob: "Bob" },
      },
      "de",
    );
    expect(view.lines.map((l) => l.change)).toEqual(["+1d6 \u22122d4"]);
  });
});
