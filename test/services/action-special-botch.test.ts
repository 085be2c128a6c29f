// @vitest-environment happy-dom
/**
 * The GM's special botch (docs/rules.md §2) only on a player character's check or attack that failed by 5
 * or more, with the DC on the card: the card's character must be of a player-character type, whoever
 * rolled it (the GM rolling a player character's check counts); never an NPC's roll, a roll made for
 * no character, or a saving throw. The control is offered only where it would be accepted, and the GM
 * side re-checks a request sent without it.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  cardRoll,
  CHARACTERS,
  control,
  errors,
  errorText,
  GM,
  rollAs,
  startedWorld,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import type { ActorSpec } from "../foundry/index.ts";

let w: World;
afterEach(() => w.double.uninstall());

const BRIGAND = "actorBrigand0001";
const NPC: ActorSpec = { id: BRIGAND, name: "Brigand", type: "action-npc", system: {}, ownership: {} };

async function started(): Promise<World> {
  w = await startedWorld({ actors: [...CHARACTERS, NPC] });
  return w;
}

const speaker = (actor: string, alias: string) => ({ speaker: { scene: null, actor, token: null, alias } });
const AYLA = speaker("actorAyla0000001", "Ayla");

/** Whether the GM's client offers the special botch on a card. */
async function offered(id: string): Promise<boolean> {
  const listeners = await import("../../src/applications/chat/action-card-listeners.ts");
  const html = await w.double.actAs(GM, async () => {
    const message = w.double.game.messages.get(id)!;
    const rendered = await message.renderHTML();
    await listeners.addActionDiceControls(message as never, rendered);
    return rendered;
  });
  return html.querySelector('[data-rb-action="specialBotch"]') !== null;
}

describe("the GM's special botch", () => {
  it("on Alice's check for Ayla failed by 5, and on the GM's roll of Ayla's attack: offered and accepted", async () => {
    await started();
    const check = await rollAs(w, ALICE, { modifier: 0, dc: 15 }, [[9, 20]], AYLA);
    await w.double.settle();
    expect(await offered(check)).toBe(true);
    expect(await control(w, GM, check, { type: "specialBotch", dice: 1 })).toBe(true);
    const attack = await rollAs(w, GM, { kind: "attack", modifier: 0, dc: 15 }, [[9, 20]], AYLA);
    await w.double.settle();
    expect(await offered(attack)).toBe(true);
    expect(await control(w, GM, attack, { type: "specialBotch", dice: 1 })).toBe(true);
    await w.double.settle();
    expect(errors(w)).toEqual([]);
    expect(cardRoll(w, attack).card.ledger).toEqual([expect.objectContaining({ type: "specialBotch", by: GM })]);
  });

  it("never on an NPC's roll, a roll made for no character, or Ayla's saving throw: not offered, and refused with nothing spent", async () => {
    await started();
    const npc = await rollAs(w, GM, { modifier: 0, dc: 15 }, [[9, 20]], speaker(BRIGAND, "Brigand"));
    const nobody = await rollAs(w, GM, { modifier: 0, dc: 15 }, [[9, 20]]);
    const save = await rollAs(w, ALICE, { kind: "save", modifier: 0, dc: 15 }, [[9, 20]], AYLA);
    await w.double.settle();
    for (const id of [npc, nobody, save]) expect(await offered(id)).toBe(false);
    const before = stateSnapshot(w);
    for (const id of [npc, nobody, save])
      expect(await control(w, GM, id, { type: "specialBotch", dice: 1 })).toBe(false);
    await w.double.settle();
    expect(stateSnapshot(w)).toBe(before);
    expect(errors(w)).toEqual([
      errorText("SpecialBotchNotPc"),
      errorText("SpecialBotchNotPc"),
      errorText("SpecialBotchKind", { kind: "Saving throw" }),
    ]);
  });
});
