/**
 * End-to-end action-dice scenarios shared by the vitest suite (on the Foundry test double) and the
 * Quench batch (in a real world). They run as the GM alone, on the GM's own rolls (for no character,
 * or for a player character no player owns), so they need no player online: use a GM die with a
 * cascade, activate and undo a botch, a special botch and the declared result, a re-roll. Each drives the real services (through `action-dice-run.ts`) and checks
 * the card as the GM's client renders it. This module imports no Foundry code, so a test can list the
 * scenarios before Foundry (or its test double) is installed.
 */
import type { ActionRoll } from "../dice/index.ts";
import type { CardControl } from "../services/action-dice/index.ts";
import type { Face } from "./dice-scenarios.ts";

/** What a scenario can do in the world. */
export interface ActionDiceRun {
  /** Posts a GM (NPC) action roll with the given faces, spoken by the character `actorId` when given. */
  roll(request: object, faces: readonly Face[], actorId?: string): Promise<ChatMessage.Implementation>;
  /** Uses a card control as the GM, the GM's client throwing `faces` for any new die. */
  control(message: ChatMessage.Implementation, control: CardControl, faces?: readonly Face[]): Promise<boolean>;
  /** The card as the GM's chat log shows it, with the GM's controls. */
  render(message: ChatMessage.Implementation): Promise<HTMLElement>;
  /** The dice left in the GM pool. */
  gmDice(): number;
  /**
   * Gives an action character that no player owns these class dice until the run is restored; its
   * actor id, or `null` when the world has no such character.
   */
  borrowCharacter(classDice: { faces: number; count: number }): Promise<string | null>;
  /** An action character (a player-character type) that no player owns, so the GM's rolls for it are the GM's own; or `null`. */
  character(): string | null;
  /** The class dice a character has left this session. */
  classLeft(actorId: string): number;
  /** Writes a character's flag as its owner's macro could (the key and value the scenario gives). */
  writeActorFlag(actorId: string, key: string, value: unknown): Promise<void>;
  /** The class dice stored for a character in the GM-only world setting (its `left`), or `null`. */
  storedClassLeft(actorId: string): number | null;
}

/** One scenario: what it shows, and the problems it finds (none when all is right). */
export interface ActionDiceScenario {
  readonly name: string;
  run(world: ActionDiceRun): Promise<string[]>;
}

const texts = (el: HTMLElement, selector: string) =>
  [...el.querySelectorAll(selector)].map((e) => e.textContent?.trim() ?? "");

function check(pairs: readonly [string, unknown, unknown][]): string[] {
  return pairs
    .filter(([, actual, wanted]) => JSON.stringify(actual) !== JSON.stringify(wanted))
    .map(([what, actual, wanted]) => `${what}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
}

const ledgerOf = (m: ChatMessage.Implementation) => (m.rolls[0] as ActionRoll).card.ledger;

/** The scenarios. */
export const ACTION_DICE_SCENARIOS: readonly ActionDiceScenario[] = [
  {
    name: "action dice: the GM uses a d10 on an NPC check; it cascades 10 → 4 onto the card",
    async run(w) {
      const message = await w.roll({ modifier: 2, dc: 20 }, [[12, 20]]);
      const before = w.gmDice();
      const ok = await w.control(message, { type: "augment", faces: 10 }, [
        [10, 10],
        [4, 10],
      ]);
      const card = await w.render(message);
      return check([
        ["applied", ok, true],
        ["GM pool", w.gmDice(), before - 1],
        ["chain", texts(card, '[data-group="augment"] .rb-die__face'), ["10", "4"]],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "28"],
        [
          "ledger",
          [...card.querySelectorAll(".rb-ledger__entry")].map((e) => e.getAttribute("data-type")),
          ["augment"],
        ],
        ["controls", card.querySelector("[data-rb-action=close]") !== null, true],
      ]);
    },
  },
  {
    name: "action dice: the GM activates a botch with 2 dice (severity 2), then undoes it and gets them back",
    async run(w) {
      const message = await w.roll({ botchRange: 1 }, [[1, 20]]);
      const before = w.gmDice();
      const activated = await w.control(message, { type: "botch", dice: 2 });
      const after = w.gmDice();
      const severity = (await w.render(message)).querySelector("[data-severity=botch]")?.textContent ?? "";
      const entry = ledgerOf(message)[0]?.id ?? "";
      const undone = await w.control(message, { type: "undo", entry });
      const card = await w.render(message);
      return check([
        ["activated", activated, true],
        ["spent", before - after, 2],
        ["severity shown", /2/.test(severity), true],
        ["undone", undone, true],
        ["dice back", w.gmDice(), before],
        ["undone mark", card.querySelector(".rb-ledger__mark")?.getAttribute("data-mark"), "undone"],
        ["no severity", card.querySelector("[data-severity]"), null],
      ]);
    },
  },
  {
    name: "action dice: a special botch on a player character's check failed by 5 (never on a roll for no character); the declared result stops further dice",
    async run(w) {
      const actorId = w.character();
      if (actorId === null) return ["the world needs an action character that no player owns"];
      const nobody = await w.roll({ dc: 15 }, [[3, 20]]);
      const refused = await w.control(nobody, { type: "specialBotch", dice: 1 });
      const message = await w.roll({ dc: 15 }, [[3, 20]], actorId);
      const special = await w.control(message, { type: "specialBotch", dice: 1 });
      const closed = await w.control(message, { type: "close" });
      const augment = await w.control(message, { type: "augment", faces: 10 });
      const card = await w.render(message);
      return check([
        ["no character: refused", refused, false],
        ["no character: not offered", (await w.render(nobody)).querySelector("[data-rb-action=specialBotch]"), null],
        ["special botch", special, true],
        ["closed", closed, true],
        ["augment refused", augment, false],
        ["state", card.querySelector("[data-card-state]")?.getAttribute("data-card-state"), "closed"],
        ["no use control", card.querySelector("[data-rb-action=augment]"), null],
      ]);
    },
  },
  {
    name: "action dice: a spent die re-rolls a used d10 (10 → 4); its cascade is thrown afresh (3), and the GM undoes it",
    async run(w) {
      const message = await w.roll({ modifier: 2, dc: 20 }, [[12, 20]]);
      const before = w.gmDice();
      await w.control(message, { type: "augment", faces: 10 }, [
        [10, 10],
        [4, 10],
      ]);
      const offered = (await w.render(message)).querySelector('[data-rb-action=reroll][data-augment="0"]') !== null;
      const ok = await w.control(message, { type: "reroll", augment: 0 }, [[3, 10]]);
      const spent = before - w.gmDice();
      const card = await w.render(message);
      const entry = ledgerOf(message)[1]?.id ?? "";
      const undone = await w.control(message, { type: "undo", entry });
      const back = await w.render(message);
      return check([
        ["offered", offered, true],
        ["applied", ok, true],
        ["dice spent: the use and the re-roll", spent, 2],
        ["the re-roll's die back", before - w.gmDice(), 1],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "17"],
        ["undone", undone, true],
        ["total after undo", back.querySelector("[data-total]")?.textContent?.trim(), "28"],
      ]);
    },
  },
  {
    name: "action dice: a spent die re-rolls the d20; the new face stands",
    async run(w) {
      const message = await w.roll({ modifier: 1 }, [[17, 20]]);
      const ok = await w.control(message, { type: "reroll" }, [[5, 20]]);
      const card = await w.render(message);
      return check([
        ["applied", ok, true],
        ["d20s", texts(card, '[data-group="d20"] .rb-die__face'), ["17", "5"]],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "6"],
      ]);
    },
  },
  {
    name: "action dice: an NPC's 2d6+1 damage; a GM die re-rolls the second d6, and the card names the die it replaced",
    async run(w) {
      const message = await w.roll({ kind: "damage", base: [6, 6], modifier: 1 }, [
        [4, 6],
        [1, 6],
      ]);
      const before = await w.render(message);
      const buttons = [...before.querySelectorAll("[data-rb-action=reroll]")].map((b) => b.getAttribute("data-die"));
      const ok = await w.control(message, { type: "reroll", die: 1 }, [[5, 6]]);
      const card = await w.render(message);
      return check([
        ["one re-roll button per die", buttons, ["0", "1"]],
        ["applied", ok, true],
        ["dice", texts(card, '[data-group="d20"] .rb-die__face'), ["4", "1", "5"]],
        ["re-roll line", card.querySelector("[data-reroll]")?.getAttribute("data-reroll"), "2"],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "10"],
        ["no botch", card.querySelector('[data-flag="potentialBotch"]'), null],
      ]);
    },
  },
  {
    name: "action dice: an NPC's initiative (d20 + 2) is augmented with a GM die while no round has started",
    async run(w) {
      const message = await w.roll({ kind: "initiative", modifier: 2 }, [[11, 20]]);
      const ok = await w.control(message, { type: "augment", faces: 10 }, [[3, 10]]);
      const card = await w.render(message);
      return check([
        ["applied", ok, true],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "16"],
      ]);
    },
  },
  {
    name: "action dice: the GM's character uses its class d8, not a GM die; the undo puts it back on the character",
    async run(w) {
      const actorId = await w.borrowCharacter({ faces: 8, count: 2 });
      if (actorId === null) return ["the world needs an action character that no player owns"];
      const message = await w.roll({ modifier: 1 }, [[9, 20]], actorId);
      const gm = w.gmDice();
      const before = await w.render(message);
      const button = before.querySelector('[data-rb-action=augment][data-source="class"]');
      const used = await w.control(message, { type: "augment", faces: 8, source: "class" }, [[5, 8]]);
      const left = w.classLeft(actorId);
      const card = await w.render(message);
      const entry = ledgerOf(message)[0];
      const undone = await w.control(message, { type: "undo", entry: entry?.id ?? "" });
      return check([
        ["class button", button !== null, true],
        ["applied", used, true],
        ["GM pool untouched", w.gmDice(), gm],
        ["class dice left", left, 1],
        ["entry names the character", entry?.character, actorId],
        ["ledger line", card.querySelector(".rb-ledger__entry [data-class-die]") !== null, true],
        ["total", card.querySelector("[data-total]")?.textContent?.trim(), "15"],
        ["undone", undone, true],
        ["class dice back", w.classLeft(actorId), 2],
      ]);
    },
  },
  {
    name: "action dice: class dice live in a world setting only a GM writes; 99 class dice in the character's flags are not read",
    async run(w) {
      const actorId = await w.borrowCharacter({ faces: 8, count: 2 });
      if (actorId === null) return ["the world needs an action character that no player owns"];
      // What an owner's macro could write on the actor (where class dice lived before version 3).
      const forged = { session: 999, rev: 999, state: { actorId, faces: 8, left: 99, spent: 0 } };
      await w.writeActorFlag(actorId, "classDicePool", forged);
      const message = await w.roll({ modifier: 1 }, [[9, 20]], actorId);
      const before = w.classLeft(actorId);
      const used = await w.control(message, { type: "augment", faces: 8, source: "class" }, [[5, 8]]);
      const stored = w.storedClassLeft(actorId);
      await w.writeActorFlag(actorId, "classDicePool", null);
      return check([
        ["class dice before", before, 2],
        ["applied", used, true],
        ["class dice left", w.classLeft(actorId), 1],
        ["world setting", stored, 1],
      ]);
    },
  },
];
