/** The action ledger (src/engines/action/ledger/activations.ts): activations (botch, critical, special botch) and the effect the rules give each kind of roll. */
import { describe, expect, it } from "vitest";
import {
  newCard,
  severity,
  standingEffect,
  type ActionRequest,
  type ActionTable,
} from "../../../src/engines/action/index.ts";
import { GM, ALICE, BOB, AYLA, table, act, refusal, E } from "./support.ts";

describe("action spends: activating botches and criticals", () => {
  it('docs/rules.md "several players and the GM may each add dice to the same botch; severity = total dice"', () => {
    let t = table({}, [1]);
    t = act(t, { type: "botch", id: "b1", by: BOB, dice: 2 });
    t = act(t, { type: "botch", id: "b2", by: GM, dice: 3 });
    expect(severity(t.card, "botch")).toBe(5);
    expect(t.pools[BOB]?.dice).toEqual([{ faces: 4, count: 1 }]);
    expect(t.pools[GM]?.dice).toEqual([{ faces: 10, count: 7 }]);
    expect(refusal(t, { type: "botch", id: "b3", by: BOB, dice: 1 })).toBe(E("AlreadyContributed"));
  });

  it("a botch is activated on another character's roll: not on the player's own, while the GM may activate any", () => {
    const t = table({}, [1]);
    expect(refusal(t, { type: "botch", id: "b", by: ALICE, dice: 1 })).toBe(E("OwnBotch"));
    const npc = table({}, [1], GM);
    expect(refusal(npc, { type: "botch", id: "b", by: GM, dice: 1 })).toBeNull();
    expect(refusal(npc, { type: "botch", id: "b", by: ALICE, dice: 1 })).toBeNull();
  });

  it("a botch needs a potential botch, and the declared dice must be in the pool", () => {
    expect(refusal(table({}, [2]), { type: "botch", id: "b", by: BOB, dice: 1 })).toBe(E("NoPotentialBotch"));
    expect(refusal(table({ botchRange: 2 }, [2]), { type: "botch", id: "b", by: BOB, dice: 1 })).toBeNull();
    const t = table({}, [1]);
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 4 })).toBe(E("NotEnoughDice"));
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 0 })).toBe(E("OutOfRange"));
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 1.5 })).toBe(E("NotInteger"));
    const pending = { ...t, card: newCard({}, ALICE) };
    expect(refusal(pending, { type: "botch", id: "b", by: BOB, dice: 1 })).toBe(E("RollPending"));
  });

  it("docs/rules.md \"Activate a critical threat: on the player's own character's natural 20 (checks, attacks, saving throws)\"", () => {
    for (const kind of ["check", "attack", "save"] as const) {
      const t = act(table({ kind }, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
      expect(severity(t.card, "critical")).toBe(2);
    }
    expect(refusal(table({ kind: "insight" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 })).toBe(
      E("CriticalKind"),
    );
    expect(refusal(table({}, [19]), { type: "critical", id: "c", by: ALICE, dice: 1 })).toBe(E("NoCriticalThreat"));
    expect(refusal(table({}, [20]), { type: "critical", id: "c", by: BOB, dice: 1 })).toBe(E("NotYourRoll"));
    expect(refusal(table({}, [20]), { type: "critical", id: "c", by: GM, dice: 1 })).toBeNull();
  });

  it('docs/rules.md "the GM may refund dice when the critical can have no effect" (undo returns them)', () => {
    let t = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
    t = act(t, { type: "undo", id: "u", by: GM, entry: "c" });
    expect(t.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 4 }]);
    expect(t.pools[ALICE]?.spent).toBe(0);
    expect(severity(t.card, "critical")).toBe(0);
    expect(t.card.ledger[0]?.undone).toBe(true);
  });

  it('docs/rules.md "special botch: on a player character\'s check or attack that failed by 5 or more (needs the DC on the card)"', () => {
    const pc = (request: ActionRequest): ActionTable => {
      const t = table(request, [10]);
      return { ...t, card: { ...t.card, character: AYLA, playerCharacter: true } };
    };
    const failedBy5 = pc({ modifier: 3, dc: 18 });
    expect(refusal(failedBy5, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBeNull();
    expect(refusal(failedBy5, { type: "specialBotch", id: "s", by: BOB, dice: 1 })).toBe(E("GmOnly"));
    expect(
      refusal(pc({ kind: "attack", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 }),
    ).toBeNull();
    const failedBy4 = pc({ modifier: 4, dc: 18 });
    expect(refusal(failedBy4, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("NotFailedBy5"));
    const noDc = pc({ modifier: 3 });
    expect(refusal(noDc, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("NoDc"));
    // Not on a saving throw (its botch is the activation), an insight roll, or an NPC's roll or one made for no character.
    expect(refusal(pc({ kind: "save", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(
      E("SpecialBotchKind"),
    );
    expect(
      refusal(pc({ kind: "insight", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 }),
    ).toBe(E("SpecialBotchKind"));
    const npc = { ...failedBy5, card: { ...failedBy5.card, playerCharacter: false } };
    expect(refusal(npc, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("SpecialBotchNotPc"));
    expect(refusal(table({ modifier: 3, dc: 18 }, [10]), { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(
      E("SpecialBotchNotPc"),
    );
    const t = act(failedBy5, { type: "specialBotch", id: "s", by: GM, dice: 2 });
    expect(severity(t.card, "specialBotch")).toBe(2);
    expect(refusal(t, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("SpecialBotchAlreadyActivated"));
  });

  it("no action dice at all on a character-generation roll", () => {
    const t = table({}, [1], ALICE, { characterGeneration: true });
    expect(refusal(t, { type: "botch", id: "b", by: GM, dice: 1 })).toBe(E("CharacterGenerationRoll"));
    expect(refusal(t, { type: "reroll", id: "r", by: ALICE })).toBe(E("CharacterGenerationRoll"));
  });
});

describe("action activations: the effect the rules give each kind of roll", () => {
  it("a save-for-half saving throw: one die turns it to save-for-quarter; save-for-nothing needs a second die", () => {
    const one = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const quarter = { type: "effect", id: "e", by: ALICE, activation: "critical", effect: "saveForQuarter" } as const;
    const nothing = { ...quarter, effect: "saveForNothing" } as const;
    expect(refusal(one, nothing)).toBe(E("EffectNeedsSeverity"));
    expect(refusal(one, quarter)).toBeNull();
    const two = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
    const t = act(two, nothing);
    expect(t.card.ledger.at(-1)).toMatchObject({
      type: "effect",
      by: ALICE,
      dice: [],
      effect: { activation: "critical", id: "saveForNothing", note: "" },
    });
    // An effect costs no die.
    expect(t.pools[ALICE]?.dice).toEqual(two.pools[ALICE]?.dice);
  });

  it("an impossible save made possible is a saving throw's effect, not an attack's; an attack's special damage needs words", () => {
    const save = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const possible = {
      type: "effect",
      id: "e",
      by: ALICE,
      activation: "critical",
      effect: "saveMadePossible",
    } as const;
    expect(refusal(save, possible)).toBeNull();
    const attack = act(table({ kind: "attack" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    expect(refusal(attack, possible)).toBe(E("UnknownEffect"));
    const special = { ...possible, effect: "damageSpecial" } as const;
    expect(refusal(attack, special)).toBe(E("EffectNeedsNote"));
    expect(refusal(attack, { ...special, note: "  " })).toBe(E("EffectNeedsNote"));
    expect(refusal(attack, { ...special, note: "x".repeat(201) })).toBe(E("EffectNoteTooLong"));
    const t = act(attack, { ...special, note: " <b>Hamstrung</b> " });
    expect(t.card.ledger.at(-1)?.effect?.note).toBe("<b>Hamstrung</b>");
  });

  it("a critical's effect is the roller's (or the GM's); a botch's is the GM's, in the GM's words", () => {
    const crit = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const pick = { type: "effect", id: "e", activation: "critical", effect: "maximumResult" } as const;
    expect(refusal(crit, { ...pick, by: BOB })).toBe(E("EffectNotYours"));
    expect(refusal(crit, { ...pick, by: GM })).toBeNull();
    const botch = act(table({}, [1], ALICE), { type: "botch", id: "b", by: BOB, dice: 1 });
    const words = { type: "effect", id: "e", activation: "botch", effect: "ownWords", note: "The rope snaps" } as const;
    expect(refusal(botch, { ...words, by: BOB })).toBe(E("EffectNotYours"));
    expect(refusal(botch, { ...words, by: GM })).toBeNull();
    expect(refusal(table({}, [1]), { ...words, by: GM })).toBe(E("EffectNotActivated"));
  });

  it("one effect per activation; undo takes it back, and an activation is undone only after its effect", () => {
    let t = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    t = act(t, { type: "effect", id: "e", by: ALICE, activation: "critical", effect: "shorterTime" });
    expect(refusal(t, { type: "effect", id: "e2", by: ALICE, activation: "critical", effect: "rareKnowledge" })).toBe(
      E("EffectAlreadyChosen"),
    );
    expect(refusal(t, { type: "undo", id: "u", by: GM, entry: "c" })).toBe(E("UndoEffectFirst"));
    t = act(t, { type: "undo", id: "u1", by: GM, entry: "e" });
    expect(standingEffect(t.card, "critical")).toBeUndefined();
    expect(
      refusal(t, { type: "effect", id: "e2", by: ALICE, activation: "critical", effect: "rareKnowledge" }),
    ).toBeNull();
    t = act(t, { type: "undo", id: "u2", by: GM, entry: "c" });
    expect(severity(t.card, "critical")).toBe(0);
  });
});
