/**
 * The lab shows every state issue 19 (item 15) lists, with sample data that follows the rules: the
 * session start's pools are the level table's for the characters at the table, Bram's level and class
 * dice are the compendium's, the cards with their controls come from the engines' own card actions
 * and the listeners' own views, and a dialog opened from a sample character's sheet shows that
 * character's karma, Character and Fate Points left, or Willpower.
 */
// @vitest-environment happy-dom
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addLedgerControls, addPointsUndo, markAssistLine } from "../../src/applications/chat/card-controls.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { type CharacterSources } from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { action, type pi } from "../../src/engines/index.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { controlSpecimens, ODILE_FENCING } from "../../lab/controls.ts";
import { createLocalization } from "../../lab/i18n.ts";
import {
  LAB_PENDING_ASSIST,
  LAB_YSOLDE,
  TABLE_BOB_LEVEL,
  TABLE_BRAM,
  TABLE_USERS,
  openDialog,
  dialogContext,
  sampleActors,
  sheetRoll,
  tableSession,
  tableSpecimens,
  type SampleActor,
} from "../../lab/model.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { EN, ROOT } from "../support/i18n.ts";

const I18N = createLocalization(EN);

/** The sample characters of the actors compendium's sources. */
function actors(): SampleActor[] {
  const dir = path.join(ROOT, "packs/_source/actors");
  return sampleActors(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown),
  );
}

function actorNamed(name: string): SampleActor {
  const found = actors().find((a) => a.name === name);
  if (!found) throw new Error(`no sample character ${name}`);
  return found;
}

describe("the action-dice table follows the rules and the sample characters", () => {
  it("is played by Bram Tallow as the compendium holds him: level 6, one class d6", () => {
    const bram = actorNamed(TABLE_BRAM.name);
    const system = bram.system as CharacterSources["action-character"];
    expect(bram.id).toBe(TABLE_BRAM.id);
    expect(system.level).toBe(TABLE_BRAM.level);
    expect(system.classDice).toEqual(TABLE_BRAM.classDice);
    // The player panel names him at that level.
    const panel = tableSpecimens().find((s) => s.id === "playerPanel")?.parts[0]?.context as { character?: unknown };
    expect(panel.character).toBe(`${TABLE_BRAM.name} (${String(TABLE_BRAM.level)})`);
  });

  it("starts session 3 with the pools the level table gives: 4d6 for Bram, 3d4 for a level-3 character, 6d10 for the GM", () => {
    // RULES §2: levels 6–10 give 4 × d6, 1–5 give 3 × d4; the GM's die is one step above the highest
    // player die (d6 → d10) and the GM holds one die per player plus the largest player count.
    expect(action.playerPool(TABLE_BRAM.level)).toEqual({ faces: 6, count: 4 });
    expect(action.playerPool(TABLE_BOB_LEVEL)).toEqual({ faces: 4, count: 3 });
    const session = tableSession();
    expect(session.gm).toEqual({ faces: 10, count: 2 + 4 });
    const card = tableSpecimens().find((s) => s.id === "session")?.parts[0]?.context as {
      lines: { userId: string; change: string }[];
    };
    expect(card.lines.map((l) => [l.userId, l.change])).toEqual([
      [TABLE_USERS.gm, "6d10"],
      [TABLE_USERS.alice, "4d6"],
      [TABLE_USERS.bob, "3d4"],
    ]);
  });

  it("awards and spends dice of each pool's own size", () => {
    const award = tableSpecimens().find((s) => s.id === "awardReason")?.parts[0]?.context as {
      lines: { userId: string; change: string }[];
    };
    expect(award.lines.map((l) => [l.userId, l.change])).toEqual([
      [TABLE_USERS.bob, "+1d4"],
      [TABLE_USERS.gm, "+1d10"],
    ]);
    const agenda = tableSpecimens().find((s) => s.id === "secretAgenda")?.parts[0]?.context as {
      lines: { change: string }[];
    };
    expect(agenda.lines.map((l) => l.change)).toEqual(["\u22122d10"]);
  });

  it("holds in its panels what its cards spent and gave, and shows the GM panel with strikes and expected pools (issue 28 item 5)", () => {
    const panel = tableSpecimens().find((s) => s.id === "gmPanel")?.parts[0]?.context as {
      gm: { count: number };
      players: { id: string; count: number; expected: string; strikes: unknown }[];
      ledger: unknown[];
    };
    // Session start (6d10, 4d6, 3d4); Alice used two dice and the GM one; the award gave Bob +1d4 and
    // the GM +1d10; the agenda spent 2d10.
    expect(panel.gm.count).toBe(6 - 1 + 1 - 2);
    const players = Object.fromEntries(panel.players.map((p) => [p.id, p]));
    expect(players[TABLE_USERS.alice]?.count).toBe(4 - 2);
    expect(players[TABLE_USERS.bob]?.count).toBe(3 + 1);
    expect(players[TABLE_USERS.alice]?.expected).toBe("4d6");
    expect(players[TABLE_USERS.bob]?.expected).toBe("3d4");
    expect(players[TABLE_USERS.alice]?.strikes).not.toBeNull();
    expect(panel.ledger).toHaveLength(3);
  });
});

describe("cards with the controls each viewer sees (issue 19 item 15)", () => {
  const specimens = Object.fromEntries(controlSpecimens().map((s) => [s.id, s]));

  /** A specimen drawn as the lab draws it: the card, the controls inside it, then the listeners' decorations. */
  function drawn(id: string): HTMLElement {
    const specimen = specimens[id];
    if (!specimen) throw new Error(`no specimen ${id}`);
    const host = document.createElement("div");
    host.innerHTML = renderTemplate(specimen.card.file, specimen.card.context);
    const card = host.querySelector<HTMLElement>(".rb-card");
    if (!card) throw new Error("no card");
    if (specimen.controls)
      card.insertAdjacentHTML("beforeend", renderTemplate(specimen.controls.file, specimen.controls.context));
    addLedgerControls(card, specimen.decorations.ledger, I18N);
    markAssistLine(card, specimen.decorations.assistState, I18N);
    addPointsUndo(card, specimen.decorations.pointsUndo, I18N);
    return card;
  }

  it("rolls Odile Fenwick's Fencing as her sheet would: Quickness and Power, Precision +1", () => {
    const odile = actorNamed(ODILE_FENCING.name);
    const roll = requestForTrait(odile.type, odile.system, { kind: "skill", key: ODILE_FENCING.skill });
    expect(roll.request).toMatchObject({ pool: [...ODILE_FENCING.request.pool], precisionMod: 1 });
  });

  it("offers the roller the pick of two dice, the best pick for Precision ticked", () => {
    const card = drawn("piPick");
    const boxes = [...card.querySelectorAll<HTMLInputElement>("[data-control=pick] input[type=checkbox]")];
    // d8 7 and d6 5 make Precision 12 + 1, the best.
    expect(boxes.map((b) => b.checked)).toEqual([true, false, true, false]);
    expect(card.querySelector('[data-rb-action="pointsPick"]')).not.toBeNull();
    expect(card.querySelectorAll(".rb-points__control")).toHaveLength(0);
  });

  it("shows a re-pick on the card, the new pair in use, and the GM's Undo on the pick's line", () => {
    const card = drawn("piRepick");
    const outcome = (specimens.piRepick?.card.context as { outcome: pi.PiOutcome }).outcome;
    expect(outcome.pick.slots).toEqual(outcome.bestImpact.slots);
    const undo = card.querySelector<HTMLButtonElement>(
      '.rb-points__entry[data-entry="lab-repick"] [data-rb-action="pointsUndo"]',
    );
    expect(undo?.textContent).toBe("Undo");
    expect(undo?.getAttribute("aria-label")).toBe("Undo: Pick: d8 (7) + d4 (1) (Alice)");
  });

  it("offers Bob's Great result as an assist for Ysolde Marr's next roll", () => {
    const card = drawn("percentileAssist");
    expect([...card.querySelectorAll("[data-leader-select] option")].map((o) => o.textContent)).toEqual([
      LAB_YSOLDE.name,
    ]);
    expect(card.querySelector('[data-rb-action="pointsAssist"]')).not.toBeNull();
  });

  it("marks the given assist as waiting, with Cancel for its giver", () => {
    const card = drawn("percentileAssistPending");
    expect(card.querySelector('[data-mark="pending"]')?.textContent).toBe(
      I18N.localize("ROLLING_BONES.Points.Card.AssistState.pending"),
    );
    expect(card.querySelector('[data-rb-action="pointsCancelAssist"]')?.getAttribute("data-assist")).toBe(
      LAB_PENDING_ASSIST.id,
    );
    expect(card.querySelector('[data-rb-action="pointsAssist"]')).toBeNull();
  });

  it("gives the GM Undo on standing lines, Refund on the critical, and shows the undone and refunded lines", () => {
    const card = drawn("actionGmLedger");
    const line = (entry: string) => card.querySelector<HTMLElement>(`.rb-ledger__entry[data-entry="${entry}"]`);
    const controls = (entry: string) =>
      [...(line(entry)?.querySelectorAll<HTMLButtonElement>(".rb-ledger__control") ?? [])].map((b) => b.textContent);
    expect(controls("lab-c2")).toEqual(["Undo", "Refund"]);
    expect(controls("lab-a2")).toEqual(["Undo"]);
    expect(controls("lab-a1")).toEqual([]);
    expect(controls("lab-c1")).toEqual([]);
    expect(line("lab-a1")?.textContent).toContain(I18N.localize("ROLLING_BONES.ActionDice.Card.Undone"));
    expect(line("lab-c1")?.textContent).toContain(I18N.localize("ROLLING_BONES.ActionDice.Card.Refunded"));
  });
});

describe("a dialog opened from a sample character's sheet shows that character's points (issue 19 item 15)", () => {
  function hint(name: string, kind: string): string {
    const actor = actorNamed(name);
    const trait = { kind, key: Object.keys((actor.system as { attributes: object }).attributes)[0] ?? "" };
    const roll = sheetRoll(actor, trait, I18N);
    const state = openDialog(
      roll.engine,
      { percentileMode: "dice", percentileCap: 5, wildFirstOneCounts: true },
      roll.request,
      roll.title,
      roll.settings,
    );
    const context = dialogContext(state, { percentileMode: "dice", percentileCap: 5, wildFirstOneCounts: true }, I18N);
    const host = document.createElement("div");
    host.innerHTML = renderTemplate(`templates/dialogs/${roll.engine}/form.hbs`, context);
    return host.textContent?.replace(/\s+/g, " ") ?? "";
  }

  it("karma held and the assist waiting for Ysolde Marr", () => {
    const text = hint("Ysolde Marr", "attribute");
    expect(text).toContain("8 karma held");
    expect(text).toContain("Bob");
  });

  it("Character and Fate Points left this session for Kestrel Vane", () => {
    expect(hint("Kestrel Vane", "attribute")).toContain("Left this session: 5 CP and 1 Fate Point");
  });

  it("Willpower x of y for Silas Greaves", () => {
    expect(hint("Silas Greaves", "attribute")).toContain("Willpower 6 of 6.");
  });

  it("is what the dialogs check: Kestrel Vane cannot spend more Character Points than his sheet holds", () => {
    const kestrel = actorNamed("Kestrel Vane");
    const key = Object.keys((kestrel.system as { attributes: object }).attributes)[0] ?? "";
    const roll = sheetRoll(kestrel, { kind: "attribute", key }, I18N);
    const settings = { percentileMode: "dice" as const, percentileCap: 5, wildFirstOneCounts: true, ...roll.settings };
    const values = { ...openDialog("wild", settings, roll.request, roll.title).values, characterPoints: "6" };
    const context = buildDialogContext({
      engine: "wild",
      values,
      settings,
      lang: "en",
      idPrefix: "t",
      visibility: "public",
      localizeError: (e) => errorMessage(e, I18N),
    });
    expect(context.fieldErrors.characterPoints?.message).toBe(
      "Not enough Character Points: 6 asked for, 5 on the sheet.",
    );
  });
});
