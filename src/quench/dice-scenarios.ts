/**
 * End-to-end dice scenarios shared by the vitest suite (on the Foundry test double) and the Quench
 * batch (in a real world): each rolls one engine with chosen faces, and checks the chat card in the
 * DOM. A check returns the list of problems it found (empty when the card is right).
 */
import type { RollableEngine } from "../services/roll.ts";

/** One die face to feed: the face and the size of the die it is for. */
export type Face = readonly [face: number, faces: number];

/** A dice scenario. */
export interface DiceScenario {
  /** What the scenario shows, as a test name. */
  readonly name: string;
  readonly engine: RollableEngine;
  readonly request: unknown;
  /** The faces Foundry's dice must show, in throw order. */
  readonly faces: readonly Face[];
  /** The roll's expected total. */
  readonly total: number;
  /** Problems with the rendered card. */
  check(card: HTMLElement): string[];
}

const text = (card: HTMLElement, selector: string) => card.querySelector(selector)?.textContent?.trim() ?? null;
const attr = (card: HTMLElement, selector: string, name: string) =>
  card.querySelector(selector)?.getAttribute(name) ?? null;
const all = (card: HTMLElement, selector: string) => [...card.querySelectorAll(selector)];
const faceTexts = (card: HTMLElement, selector: string) =>
  all(card, selector).map((d) => d.querySelector(".rb-die__face")?.textContent?.trim() ?? "");

/** Collects the expectations that do not hold. */
function expect(pairs: readonly [string, unknown, unknown][]): string[] {
  return pairs
    .filter(([, actual, wanted]) => JSON.stringify(actual) !== JSON.stringify(wanted))
    .map(([what, actual, wanted]) => `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
}

const d10 = (...faces: number[]): Face[] => faces.map((f) => [f, 10] as const);
const d6 = (...faces: number[]): Face[] => faces.map((f) => [f, 6] as const);

/** The scenarios. */
export const DICE_SCENARIOS: readonly DiceScenario[] = [
  {
    name: "pool: 8,1,7,3,10 at difficulty 7 — the 1 cancels the 7, Moderate success",
    engine: "pool",
    request: { pool: 5, difficulty: 7 },
    faces: d10(8, 1, 7, 3, 10),
    total: 2,
    check: (c) =>
      expect([
        ["faces", faceTexts(c, ".rb-die"), ["8", "1", "7", "3", "10"]],
        ["cancelled 7", all(c, ".rb-die")[2]?.classList.contains("is-cancelled"), true],
        ["result", attr(c, "[data-result]", "data-result"), "success"],
        ["degree", attr(c, "[data-degree]", "data-degree"), "moderate"],
      ]),
  },
  {
    name: "pool: 1,1,4 at difficulty 6 — an Unfortunate botch",
    engine: "pool",
    request: { pool: 3, difficulty: 6 },
    faces: d10(1, 1, 4),
    total: 0,
    check: (c) =>
      expect([
        ["result", attr(c, "[data-result]", "data-result"), "botch"],
        ["degree", attr(c, "[data-degree]", "data-degree"), "unfortunate"],
      ]),
  },
  {
    name: "percentile: T6 O9 bonus 8 → 89 (the bonus die replaces the tens die)",
    engine: "percentile",
    request: { bonus: 1, penalty: 0 },
    faces: d10(6, 9, 8),
    total: 89,
    check: (c) =>
      expect([
        [
          "tens roles",
          all(c, '[data-group="tens"] .rb-die').map((d) => d.getAttribute("data-role")),
          ["tens", "bonus"],
        ],
        ["tens replaced", all(c, '[data-group="tens"] .rb-die')[0]?.classList.contains("is-replaced"), true],
        ["value", attr(c, "[data-value]", "data-value"), "89"],
      ]),
  },
  {
    name: "percentile: T9 O9 penalty 0 → 09",
    engine: "percentile",
    request: { bonus: 0, penalty: 1 },
    faces: d10(9, 9, 10),
    total: 9,
    check: (c) => expect([["value shown", text(c, "[data-value]"), "09"]]),
  },
  {
    name: "action: d20 14 +3 with a d6 cascading 6→6→2 vs DC 15",
    engine: "action",
    request: { modifier: 3, dc: 15, augments: [6] },
    faces: [[14, 20], ...d6(6, 6, 2)],
    total: 31,
    check: (c) =>
      expect([
        ["cascade", faceTexts(c, '[data-group="augment"] .rb-die'), ["6", "6", "2"]],
        [
          "exploded",
          all(c, '[data-group="augment"] .rb-die').map((d) => d.classList.contains("is-exploded")),
          [true, true, false],
        ],
        ["total", text(c, "[data-total]"), "31"],
      ]),
  },
  {
    name: "action: a natural 1 is a potential botch",
    engine: "action",
    request: { modifier: 5 },
    faces: [[1, 20]],
    total: 6,
    check: (c) => expect([["flag", c.querySelector('[data-flag="potentialBotch"]') !== null, true]]),
  },
  {
    name: "wild: 3D+1 with the Wild Die 6→6→3 → 22, Critical Success",
    engine: "wild",
    request: { dice: 3, pips: 1 },
    faces: d6(4, 2, 6, 6, 3),
    total: 22,
    check: (c) =>
      expect([
        ["normal", faceTexts(c, '[data-group="normal"] .rb-die'), ["4", "2"]],
        ["wild chain", faceTexts(c, '[data-group="wild"] .rb-die'), ["6", "6", "3"]],
        ["label", c.querySelector('[data-label="criticalSuccess"]') !== null, true],
      ]),
  },
  {
    name: "wild: 1D with the Wild Die 1, then 6, then 3 → −8, Catastrophic Failure",
    engine: "wild",
    request: { dice: 1 },
    faces: d6(1, 6, 3),
    total: -8,
    check: (c) =>
      expect([
        ["wild chain", faceTexts(c, '[data-group="wild"] .rb-die'), ["1", "\u22126", "\u22123"]],
        ["label", c.querySelector('[data-label="catastrophicFailure"]') !== null, true],
      ]),
  },
  {
    name: "pi: 6,4,2 picking 6 and 2 with −1 Impact → Precision 8, Impact 3",
    engine: "pi",
    request: { pool: [8, 6, 4], impactMod: -1, pick: [0, 2] },
    faces: [
      [6, 8],
      [4, 6],
      [2, 4],
    ],
    total: 8,
    check: (c) =>
      expect([
        ["precision", text(c, "[data-precision]"), "8"],
        ["impact", text(c, "[data-impact]"), "3"],
        ["chosen", all(c, ".rb-die.is-chosen").map((d) => d.getAttribute("data-slot")), ["0", "2"]],
      ]),
  },
];
