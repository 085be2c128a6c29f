/**
 * What Token Action HUD shows for a token (pure): each engine's groups, encoded clicks read back
 * (and foreign values refused), names kept as typed, and the actions several tokens share.
 */
import { describe, expect, it } from "vitest";
import {
  commonActions,
  decodeAction,
  encodeAction,
  hudActions,
  traitOfAction,
  type HudSubject,
} from "../../src/integrations/token-action-hud-actions.ts";
import { asCharacter } from "../../src/data/actor/pure.ts";
import { SAMPLES } from "../data/samples.ts";
import { localize } from "../support/i18n.ts";

const subject = (type: keyof typeof SAMPLES, extra: Partial<HudSubject> = {}, npcType?: string): HudSubject => ({
  character: asCharacter(npcType ?? type, structuredClone(SAMPLES[type]))!,
  npc: npcType !== undefined,
  weapons: [],
  conditions: [],
  spends: [],
  ...extra,
});

describe("the HUD's actions", () => {
  it("reads back every click it encodes, and refuses another module's values", () => {
    expect(decodeAction(encodeAction("roll", ["skill", "skillA"]))).toEqual({
      kind: "roll",
      trait: "skill",
      key: "skillA",
    });
    expect(traitOfAction(decodeAction(encodeAction("roll", ["attribute", "power", "wits"]))!)).toEqual({
      kind: "attribute",
      key: "power",
      with: "wits",
    });
    expect(decodeAction(encodeAction("status", ["rb-exhausted"]))).toEqual({ kind: "status", key: "rb-exhausted" });
    for (const foreign of ["", "item|abc", "roll", "roll|skill", "constructor|x", "__proto__|y"])
      expect(decodeAction(foreign)).toBeNull();
  });

  it("groups each engine's traits as its sheet does, with their figures", () => {
    const percentile = hudActions(subject("percentile-character"), localize, "en");
    expect(Object.keys(percentile)).toEqual(["rb-attributes", "rb-skills"]);
    expect(percentile["rb-skills"]!.map((a) => [a.name, a.info])).toEqual([
      ["Climbing", "8"],
      ["Old lore", "14"],
    ]);
    const action = hudActions(subject("action-character"), localize, "en");
    expect(action["rb-abilities"]!.find((a) => a.name === "Intuition")?.info).toBe("\u22121");
    expect(action["rb-saves"]!.map((a) => a.info)).toEqual(["+4", "+5", "+2"]);
    const pool = hudActions(subject("pool-character"), localize, "en");
    expect(Object.keys(pool)).toEqual(["rb-attributes", "rb-abilities", "rb-ten-point"]);
    expect(pool["rb-ten-point"]![0]!.name).toBe("Willpower");
  });

  it("writes a modifier's sign and digits in the user's language", () => {
    const ar = hudActions(subject("action-character"), localize, "ar-EG");
    expect(ar["rb-saves"]![0]!.info).toBe(new Intl.NumberFormat("ar-EG", { signDisplay: "always" }).format(4));
    expect(ar["rb-saves"]![0]!.info).not.toBe("+4");
  });

  it("gives an NPC no 10-point traits and no spends, and offers damage only where the engine rolls it", () => {
    const npc = hudActions(subject("pool-character", {}, "pool-npc"), localize, "en");
    expect(npc["rb-ten-point"]).toBeUndefined();
    const weapons = [{ id: "itemSword0000001", name: "Sword <b>" }];
    expect(hudActions(subject("pi-character", { weapons }), localize, "en")["rb-damage"]).toBeUndefined();
    const wild = hudActions(subject("wild-character", { weapons }), localize, "en");
    expect(wild["rb-attacks"]!.map((a) => a.name)).toEqual(["Sword <b>"]);
    expect(wild["rb-damage"]!.map((a) => a.encodedValue)).toEqual(["roll|damage|itemSword0000001"]);
  });

  it("keeps, for several tokens, the actions all share, a figure only when all show it, and no spends", () => {
    const spends = [{ id: "karma", name: "Karma", info: "7" }];
    const a = hudActions(subject("percentile-character", { spends }), localize, "en");
    const other = structuredClone(SAMPLES["percentile-character"]);
    other.attributes.body.rating = 3;
    const b = hudActions(
      {
        ...subject("percentile-character", { spends }),
        character: asCharacter("percentile-character", other)!,
        conditions: [{ id: "rb-hampered", name: "Hampered", active: true, source: "status" }],
      },
      localize,
      "en",
    );
    const shared = commonActions([a, b]);
    expect(Object.keys(shared)).toEqual(["rb-attributes", "rb-skills"]);
    const body = shared["rb-attributes"]!.find((x) => x.name === "Body")!;
    expect(body.info).toBeUndefined();
    expect(shared["rb-attributes"]!.find((x) => x.name === "Agility")!.info).toBe("9");
    const on = { conditions: [{ id: "rb-hampered", name: "Hampered", active: true, source: "status" as const }] };
    const off = { conditions: [{ id: "rb-hampered", name: "Hampered", active: false, source: "status" as const }] };
    const both = commonActions([
      hudActions(subject("percentile-character", on), localize, "en"),
      hudActions(subject("percentile-character", off), localize, "en"),
    ]);
    expect(both["rb-condition-list"]![0]!.active).toBe(false);
  });
});
