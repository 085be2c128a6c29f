// @vitest-environment happy-dom
/**
 * A dice-pool automatic success is the Storyteller's call (docs/rules.md §5): by default a player asks
 * the GM for it. End to end across clients on the Foundry double: Alice's roll that takes an
 * automatic success posts nothing but a request card (whispered to the GMs and her); the GM
 * approves it from the card's button (the card-control table, the privileged-action path), once
 * even on a double click, and the success is posted as Alice's own card; a refusal posts and
 * spends nothing; with the world setting "free" (or for a GM) it is taken at once.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ALICE,
  as,
  BOB,
  bootWorld,
  CHARACTERS,
  errors,
  errorText,
  GM,
  snapshot,
  VEX,
  type World,
} from "./points-world.ts";
import { recordingAssert } from "../support/quench-assert.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** Vex (Alice's) takes an automatic success: 6 dice against difficulty 4, through `rollWithPoints` as the dialog does. */
function askAsAlice(): Promise<ChatMessage.Implementation | null> {
  return as(w, ALICE, () =>
    w.points.rollWithPoints(
      "pool",
      { pool: 6, difficulty: 4, automatic: true },
      { actor: w.double.game.actors.get(VEX) as never, visibility: "public", flavor: "Investigation <i>now</i>" },
    ),
  );
}

/** The stored messages that carry a pool roll. */
function poolRolls() {
  return w.double.storedMessages().filter((m) => (m.rolls as unknown[]).length > 0);
}

/** The stored request cards. */
function requestCards() {
  return w.double.storedMessages().filter((m) => partIn(m, "automatic") !== undefined);
}

/** The request card as `userId`'s client renders it, with the chat hook's controls in place. */
async function renderAs(messageId: string, userId: string): Promise<HTMLElement> {
  const { addAutomaticControls } = await import("../../src/applications/chat/automatic-controls.ts");
  const { listenForCardControls } = await import("../../src/applications/chat/card-actions.ts");
  return w.double.actAs(userId, async () => {
    const message = w.double.game.messages.get(messageId)!;
    const html = await message.renderHTML();
    listenForCardControls(html);
    await addAutomaticControls(message as never, html);
    return html;
  });
}

async function booted(options: Parameters<typeof bootWorld>[0] = {}): Promise<World> {
  w = await bootWorld(options);
  const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
  w.double.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  return w;
}

describe("an automatic success the GM approves (the rules' default)", () => {
  it("Alice's roll posts only a request card, to the GMs and her; nothing is rolled", async () => {
    await booted();
    const card = await askAsAlice();
    expect(poolRolls()).toEqual([]);
    const [stored] = requestCards();
    expect(card?.id).toBe(stored?._id);
    const gms = w.double.game.users.filter((u) => u.isGM).map((u) => u.id);
    expect([...(stored?.whisper ?? [])].sort()).toEqual([ALICE, ...gms].sort());
    expect(stored?.content).toContain("Alice asks for an automatic success for Vex");
    expect(stored?.content).toContain("6 dice against difficulty 4 (Easy)");
    expect(stored?.content).toContain("Investigation &lt;i&gt;now&lt;/i&gt;");
    expect(stored?.content).toContain("Waiting for the GM");
    expect(w.double.notifications.filter((n) => n.type === "info" && n.userId === ALICE).map((n) => n.message)).toEqual(
      ["Your request for an automatic success went to the GM. Nothing is rolled until the GM approves it."],
    );
    // The GM sees Approve and Refuse; Alice sees neither.
    const buttons = (html: HTMLElement) =>
      [...html.querySelectorAll("[data-rb-action]")].map((b) => b.getAttribute("data-rb-action"));
    expect(buttons(await renderAs(stored!._id!, GM))).toEqual(["automaticApprove", "automaticRefuse"]);
    expect(buttons(await renderAs(stored!._id!, ALICE))).toEqual([]);
  });

  it("the GM approves from the card: the success is posted once as Alice's card, even on a double click", async () => {
    await booted();
    const card = await askAsAlice();
    const html = await renderAs(card!.id!, GM);
    const approve = html.querySelector<HTMLButtonElement>('[data-rb-action="automaticApprove"]')!;
    expect(approve.textContent?.trim()).toBe("Approve");
    await w.double.actAs(GM, async () => {
      approve.click();
      approve.click();
    });
    await vi.waitFor(() => expect(poolRolls()).toHaveLength(1));
    // A second request for the same answer (a retry, another click) changes nothing either.
    expect(await as(w, GM, () => approveAgain(card!.id!))).toBe(true);
    await w.double.settle();
    expect(poolRolls()).toHaveLength(1);
    const [posted] = poolRolls();
    // Exactly the card Alice's own roll would have posted: hers, spoken by Vex, her flavor, public.
    expect(posted).toMatchObject({ author: ALICE, speaker: { actor: VEX, alias: "Vex" }, whisper: [] });
    expect(posted?.flavor).toBe("Investigation &lt;i&gt;now&lt;/i&gt;");
    const roll = w.double.actAs(BOB, () => w.double.game.messages.get(posted!._id!)!.rolls[0]) as unknown as {
      options: { outcome: { automatic: boolean; net: number }; points: { actorId: string } };
    };
    expect(roll.options.outcome).toMatchObject({ automatic: true, net: 1 });
    expect(roll.options.points.actorId).toBe(VEX);
    const request = requestCards()[0];
    expect(partIn(request, "automatic")).toMatchObject({
      state: "approved",
      decidedBy: GM,
      rollId: posted?._id,
    });
    expect(request?.content).toContain("Approved by Gamemaster");
    // Decided: no buttons any more.
    expect((await renderAs(card!.id!, GM)).querySelector("[data-rb-action]")).toBeNull();
  });

  it("a refusal posts nothing and spends nothing; the card says so and cannot be approved after", async () => {
    await booted();
    const card = await askAsAlice();
    const before = JSON.parse(snapshot(w)) as { actors: unknown };
    const { refuseAutomatic } = await import("../../src/services/automatic/index.ts");
    expect(await as(w, GM, () => refuseAutomatic(w.double.game.messages.get(card!.id!) as never))).toBe(true);
    expect(poolRolls()).toEqual([]);
    expect((JSON.parse(snapshot(w)) as { actors: unknown }).actors).toEqual(before.actors);
    expect(requestCards()[0]?.content).toContain("Refused by Gamemaster: nothing was posted or spent.");
    // The card offers no Roll button, so it does not tell the player to roll "instead" from it.
    expect(requestCards()[0]?.content).not.toMatch(/instead/i);
    // An answer with another id (another GM's click) is refused: the request is decided.
    expect(
      await as(w, GM, () =>
        import("../../src/services/gm-action.ts").then((g) =>
          g.requestGmAction(
            "rolling-bones.automaticDecide",
            { messageId: card!.id!, approve: true },
            "anotherAnswer01",
          ),
        ),
      ),
    ).toBeNull();
    expect(errors(w)).toEqual([errorText("AutomaticDecided")]);
    expect(poolRolls()).toEqual([]);
  });

  it("an Approve sent under the refusal's own id after the refusal says it was refused, and posts nothing", async () => {
    await booted();
    const card = await askAsAlice();
    const { approveAutomatic, refuseAutomatic } = await import("../../src/services/automatic/index.ts");
    const message = () => w.double.game.messages.get(card!.id!) as never;
    expect(await as(w, GM, () => refuseAutomatic(message()))).toBe(true);
    // The same id (the card's answer id for this GM): before, this reported success while doing nothing.
    expect(await as(w, GM, () => approveAutomatic(message()))).toBe(false);
    expect(errors(w)).toEqual([errorText("AutomaticWasRefused")]);
    expect(poolRolls()).toEqual([]);
    // A second refusal is the same answer: nothing more happens, and nothing is shown.
    expect(await as(w, GM, () => refuseAutomatic(message()))).toBe(true);
    expect(errors(w)).toHaveLength(1);
  });

  it("a player cannot answer: the card's buttons are the GM's, and the GM's side refuses a forged answer", async () => {
    await booted();
    const card = await askAsAlice();
    const { approveAutomatic } = await import("../../src/services/automatic/index.ts");
    expect(await as(w, ALICE, () => approveAutomatic(w.double.game.messages.get(card!.id!) as never))).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
    expect(poolRolls()).toEqual([]);
  });

  it("a flavor longer than a card takes is refused in words when asked, and the GM's side refuses a forged one", async () => {
    await booted();
    const before = snapshot(w);
    const long = "x".repeat(100_000);
    const { MAX_FLAVOR } = await import("../../src/services/roll.ts");
    const asked = await as(w, ALICE, () =>
      w.points.rollWithPoints(
        "pool",
        { pool: 6, difficulty: 4, automatic: true },
        { actor: w.double.game.actors.get(VEX) as never, flavor: long },
      ),
    );
    expect(asked).toBeNull();
    const tooLong = errorText("TextTooLong", { field: "The flavor text", max: MAX_FLAVOR, length: 100_000 });
    expect(errors(w)).toEqual([tooLong]);
    // Sent straight to the GM's queue, past the client's check, it is refused there: nothing is stored.
    const { keptOptions } = await import("../../src/dice/index.ts");
    const forged = await as(w, ALICE, () =>
      import("../../src/services/gm-action.ts").then((g) =>
        g.requestGmAction("rolling-bones.automaticAsk", {
          request: { pool: 6, difficulty: 4, automatic: true },
          options: keptOptions({}),
          speaker: { scene: null, actor: VEX, token: null, alias: "Vex" },
          flavor: long,
          visibility: "public",
        }),
      ),
    );
    expect(forged).toBeNull();
    expect(errors(w)).toEqual([tooLong, tooLong]);
    expect(snapshot(w)).toBe(before);
  });

  it("the request is checked when asked: an automatic success the pool does not allow is refused before anything is sent", async () => {
    await booted();
    const before = snapshot(w);
    const posted = await as(w, ALICE, () =>
      w.points.rollWithPoints(
        "pool",
        { pool: 3, difficulty: 6, automatic: true },
        { actor: w.double.game.actors.get(VEX) as never },
      ),
    );
    expect(posted).toBeNull();
    expect(errors(w)).toEqual([errorText("AutomaticNotAllowed", { pool: 3, difficulty: 6 })]);
    expect(snapshot(w)).toBe(before);
  });
});

describe("an automatic success that answers a GM roll request", () => {
  it("approved, it is recorded on the request card as the character's answer, as a roll would be", async () => {
    // Vex with Strength 3: a request for Strength against difficulty 2 allows an automatic success.
    const actors = structuredClone(CHARACTERS).map((c) =>
      c.id === VEX ? { ...c, system: { ...c.system, attributes: { strength: { rating: 3 } } } } : c,
    );
    await booted({ actors });
    const requests = await import("../../src/services/requests/requests.ts");
    const spec = {
      engine: "pool",
      label: "Lift the gate",
      trait: { kind: "attribute", key: "strength" },
      target: 2,
      actors: [VEX],
    };
    const request = await as(w, GM, () => requests.postRollRequest(spec));
    // Alice answers from the card's dialog with the automatic success ticked.
    const card = await as(w, ALICE, () => {
      const asked = requests.requestRoll(request!.id!, VEX);
      return w.points.rollWithPoints(
        "pool",
        { ...asked.roll.request, automatic: true },
        {
          actor: asked.actor,
          flavor: asked.title,
          rollOptions: asked.rollOptions,
        },
      );
    });
    expect(poolRolls()).toEqual([]);
    const { approveAutomatic } = await import("../../src/services/automatic/index.ts");
    expect(await as(w, GM, () => approveAutomatic(w.double.game.messages.get(card!.id!) as never))).toBe(true);
    const [posted] = poolRolls();
    const record = partIn(
      w.double.storedMessages().find((m) => m._id === request!.id),
      "rollRequest",
    ) as {
      answers: Record<string, { messageId: string; userId: string }>;
    };
    expect(record.answers[VEX]).toEqual({ messageId: posted?._id, userId: ALICE });
  });
});

describe("an automatic success taken freely", () => {
  it("with the world setting 'free', Alice's automatic success is posted at once", async () => {
    await booted();
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "poolAutomatic", "free"));
    await w.double.settle();
    const posted = await askAsAlice();
    expect(requestCards()).toEqual([]);
    expect(poolRolls()).toHaveLength(1);
    expect(posted?.id).toBe(poolRolls()[0]?._id);
  });

  it("a GM takes it freely in either world", async () => {
    await booted();
    const posted = await as(w, GM, () =>
      w.points.rollWithPoints("pool", { pool: 6, difficulty: 4, automatic: true }, { visibility: "public" }),
    );
    expect(requestCards()).toEqual([]);
    expect(posted?.id).toBe(poolRolls()[0]?._id);
  });
});

/** The GM's approve again, as a second click would send it (the same action id). */
async function approveAgain(messageId: string): Promise<boolean> {
  const { approveAutomatic } = await import("../../src/services/automatic/index.ts");
  return approveAutomatic(w.double.game.messages.get(messageId) as never);
}

describe("the Quench scenario of automatic successes", () => {
  it("runs green against the double, as the GM, and is registered as a batch", async () => {
    await booted();
    const { runAutomaticScenario } = await import("../../src/quench/automatic-batch.ts");
    const { failures, assert } = recordingAssert();
    const posted = await as(w, GM, () => runAutomaticScenario(assert));
    expect(failures).toEqual([]);
    // Two request cards and one automatic success.
    expect(posted).toHaveLength(3);
    const { registerQuenchBatches } = await import("../../src/quench/index.ts");
    const keys: string[] = [];
    registerQuenchBatches({ registerBatch: (key) => void keys.push(key) });
    expect(keys).toContain("rolling-bones.automatic");
  });

  it("reports a failure: with no GM to answer, no request card is posted", async () => {
    await booted();
    const { runAutomaticScenario } = await import("../../src/quench/automatic-batch.ts");
    const { failures, assert } = recordingAssert();
    w.double.setActive(GM, false);
    await as(w, GM, () => runAutomaticScenario(assert));
    expect(failures).toContain("the request card was posted");
  });
});
