/**
 * Tests of the Foundry double itself: strictness, the Roll lifecycle, chat roll modes, message
 * permissions, queries, hooks and settings.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChatMessageInstance,
  Die,
  type FoundryDouble,
  fixedFaces,
  installFoundry,
  mixedFaces,
  NumericTerm,
  OperatorTerm,
  Roll,
  type RollData,
  type RollInstance,
} from "./index.ts";

const GM = "gamemaster000000";
const ALICE = "playerAlice00000";
const BOB = "playerBob0000000";

/** Loosely typed access to the installed globals (fvtt-types describes the real ones). */
const g = globalThis as unknown as Record<string, Record<string, unknown>>;

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("strictness", () => {
  it("throws on unknown members of globals, namespaces and classes", () => {
    double = installFoundry();
    expect(() => g.game?.nope).toThrow("Foundry double: unknown member game.nope");
    expect(() => g.CONFIG?.Cards).toThrow("Foundry double: unknown member CONFIG.Cards");
    expect(() => (g.foundry?.dice as Record<string, unknown>).Coin).toThrow("unknown member foundry.dice.Coin");
    expect(() => (Roll as unknown as Record<string, unknown>).nope).toThrow("unknown member Roll.nope");
    expect(() => double.game.settings.get("rolling-bones", "missing")).toThrow("is not a registered game setting");
  });

  it("reports subclasses and instances by their own names", () => {
    double = installFoundry();
    class PoolRoll extends Roll {}
    expect(() => (PoolRoll as unknown as Record<string, unknown>).nope).toThrow("unknown member PoolRoll.nope");
    const roll = new PoolRoll("1d6") as unknown as Record<string, unknown>;
    expect(() => roll.getTooltipData).toThrow("unknown member PoolRoll#getTooltipData");
  });

  it("lets symbols and the documented probe keys through", async () => {
    double = installFoundry();
    const roll = new Roll("1d6 + 2");
    await expect(Promise.resolve(double.game)).resolves.toBe(double.game);
    expect(JSON.stringify(double.game.release)).toContain('"generation":13');
    expect(roll).toEqual(new Roll("1d6 + 2"));
    expect(Object.prototype.toString.call(roll)).toBe("[object Object]");
    expect(g.game?.[Symbol.toStringTag as unknown as string]).toBeUndefined();
  });

  it("reads generation-specific members as absent, not unknown", () => {
    double = installFoundry({ generation: 13 });
    expect((g.ChatMessage as unknown as Record<string, unknown>).applyMode).toBeUndefined();
    expect((g.CONFIG?.ChatMessage as Record<string, unknown>).modes).toBeUndefined();
    expect(double.CONFIG.Dice.rollModes).toBeDefined();
    double.uninstall();
    double = installFoundry({ generation: 14 });
    expect(double.CONFIG.Dice.rollModes).toBeUndefined();
    expect(typeof (g.ChatMessage as unknown as Record<string, unknown>).applyMode).toBe("function");
    expect(double.game.settings.get("core", "rollMode")).toBeNull();
    expect(double.game.settings.get("core", "messageMode")).toBe("public");
  });

  it("installs and removes the globals", () => {
    double = installFoundry();
    expect(g.Roll).toBe(Roll);
    expect((g.foundry?.dice as Record<string, unknown>).Roll).toBe(Roll);
    double.uninstall();
    expect("game" in globalThis).toBe(false);
    double = installFoundry();
  });
});

describe("Roll", () => {
  it("parses the subset into terms and evaluates with a fixed randomUniform", async () => {
    double = installFoundry();
    double.CONFIG.Dice.randomUniform = mixedFaces([
      [4, 6],
      [6, 6],
      [7, 10],
    ]);
    const roll = new Roll("2d6 + @mod[bonus] - 1d10", { mod: 3 });
    expect(roll.formula).toBe("2d6 + 3[bonus] - 1d10");
    expect(roll.terms.map((t) => t.constructor.name)).toEqual([
      "Die",
      "OperatorTerm",
      "NumericTerm",
      "OperatorTerm",
      "Die",
    ]);
    expect(roll.total).toBeUndefined();
    expect(roll.isDeterministic).toBe(false);
    await roll.evaluate();
    expect(roll.dice.map((d) => d.results.map((r) => r.result))).toEqual([[4, 6], [7]]);
    expect(roll.total).toBe(4 + 6 + 3 - 7);
    expect(roll.result).toBe("10 + 3 - 7");
    expect(roll.terms[2]?.flavor).toBe("bonus");
  });

  it("maps u to faces as ceil((1 - u) * faces)", async () => {
    double = installFoundry();
    const values = [0, 0.999, 0.5];
    double.CONFIG.Dice.randomUniform = () => values.shift() as number;
    const roll = await new Roll("3d10").evaluate();
    expect(roll.dice[0]?.results.map((r) => r.result)).toEqual([10, 1, 5]);
  });

  it("applies x, cs and kh/kl as documented", async () => {
    double = installFoundry();
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [10, 3, 10, 2, 8]);
    const explode = await new Roll("2d10x").evaluate();
    const results = explode.dice[0]?.results ?? [];
    expect(results.map((r) => [r.result, Boolean(r.exploded)])).toEqual([
      [10, true],
      [3, false],
      [10, true],
      [2, false],
    ]);
    expect(explode.total).toBe(25);

    double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 2, 9, 7]);
    const pool = await new Roll("4d10cs>=7").evaluate();
    expect(pool.total).toBe(3);
    expect(pool.dice[0]?.results.map((r) => r.count)).toEqual([1, 0, 1, 1]);

    double.CONFIG.Dice.randomUniform = fixedFaces(20, [5, 17, 9, 12]);
    const high = await new Roll("2d20kh").evaluate();
    expect(high.total).toBe(17);
    expect(high.dice[0]?.results[0]).toEqual({ result: 5, active: false, discarded: true });
    const low = await new Roll("2d20kl").evaluate();
    expect(low.total).toBe(9);
  });

  it("guards runaway explosions and unemulated modifiers", async () => {
    double = installFoundry();
    double.CONFIG.Dice.randomUniform = () => 0;
    await expect(new Roll("1d6x").evaluate()).rejects.toThrow("Maximum recursion depth");
    await expect(new Roll("2d6r1").evaluate()).rejects.toThrow('the "r1" modifier is not emulated');
  });

  it("throws on unparsable formulas", () => {
    double = installFoundry();
    for (const formula of ["2d6 * 3", "1d(6)", "2d6 +", "1d6 + @missing", "3dq"]) {
      expect(() => new Roll(formula), formula).toThrow();
    }
  });

  it("resolves a letter denomination through CONFIG.Dice.terms", async () => {
    double = installFoundry();
    class HungerDie extends Die {
      static override DENOMINATION = "g";
      constructor(data: ConstructorParameters<typeof Die>[0] = {}) {
        super({ ...data, faces: 10 });
      }
    }
    double.CONFIG.Dice.terms.g = HungerDie;
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [10, 4]);
    const roll = await new Roll("2dg").evaluate();
    expect(roll.dice[0]).toBeInstanceOf(HungerDie);
    expect(roll.formula).toBe("2dg");
    expect(roll.dice[0]?.denomination).toBe("dg");
    expect(roll.total).toBe(14);
  });

  it("is always async, evaluates once, and calls the subclass _evaluate", async () => {
    double = installFoundry();
    const calls: string[] = [];
    class BonusRoll extends Roll {
      protected override async _evaluate(options = {}) {
        calls.push("before");
        const out = await super._evaluate(options);
        calls.push(`after ${this._total}`);
        this._total = (this._total ?? 0) + 100;
        return out;
      }
    }
    double.CONFIG.Dice.randomUniform = fixedFaces(6, [2]);
    const roll = new BonusRoll("1d6 + 1");
    const pending = roll.evaluate();
    expect(pending).toBeInstanceOf(Promise);
    await pending;
    expect(calls).toEqual(["before", "after 3"]);
    expect(roll.total).toBe(103);
    await expect(roll.evaluate()).rejects.toThrow("already been evaluated");
  });

  it("evaluates deterministic formulas synchronously", () => {
    double = installFoundry();
    expect(new Roll("2 + 3 - 1").evaluateSync().total).toBe(4);
    expect(() => new Roll("1d6").evaluateSync()).toThrow("non-deterministic");
    expect(new Roll("1d6 + 2").evaluateSync({ strict: false }).total).toBe(2);
  });

  it("builds rolls from terms", async () => {
    double = installFoundry();
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [6]);
    const roll = Roll.fromTerms([
      new Die({ number: 1, faces: 10 }),
      new OperatorTerm({ operator: "+" }),
      new NumericTerm({ number: 2, options: { flavor: "Edge" } }),
    ]);
    expect(roll.formula).toBe("1d10 + 2[Edge]");
    await roll.evaluate();
    expect(roll.total).toBe(8);
  });
});

describe("serialisation", () => {
  class CountingRoll extends Roll {
    static constructed = 0;
    constructor(formula?: string, data?: Record<string, unknown>, options?: Record<string, unknown>) {
      super(formula, data, options);
      CountingRoll.constructed += 1;
    }
  }

  it("round-trips through toJSON/fromData: data lost, options kept, class from CONFIG.Dice.rolls", async () => {
    double = installFoundry();
    double.CONFIG.Dice.rolls.push(CountingRoll);
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 3]);
    const roll = new CountingRoll("2d10 + @bonus", { bonus: 4 }, { target: 8, engine: "pool" });
    await roll.evaluate();
    const json = roll.toJSON();
    expect(Object.keys(json).sort()).toEqual(["class", "dice", "evaluated", "formula", "options", "terms", "total"]);
    expect(json.terms[0]).toEqual({
      class: "Die",
      options: {},
      evaluated: true,
      number: 2,
      faces: 10,
      modifiers: [],
      results: [
        { result: 7, active: true },
        { result: 3, active: true },
      ],
    });
    const before = CountingRoll.constructed;
    const copy = Roll.fromJSON(JSON.stringify(json));
    expect(copy).toBeInstanceOf(CountingRoll);
    expect(CountingRoll.constructed).toBe(before + 1);
    expect(copy.data).toEqual({});
    expect(copy.options).toEqual({ target: 8, engine: "pool" });
    expect(copy.total).toBe(14);
    expect(copy.formula).toBe("2d10 + 4");
    expect(copy.dice[0]?.results.map((r) => r.result)).toEqual([7, 3]);
    await expect(copy.evaluate()).rejects.toThrow("already been evaluated");
  });

  it("refuses classes missing from CONFIG.Dice.rolls", async () => {
    double = installFoundry();
    const roll = await new CountingRoll("1d6").evaluate();
    expect(() => Roll.fromData(roll.toJSON())).toThrow("Unable to recreate CountingRoll instance");
  });

  it("revives terms by class name through CONFIG.Dice.termTypes", async () => {
    double = installFoundry();
    class WildDie extends Die {
      static override DENOMINATION = "w";
      constructor(data: ConstructorParameters<typeof Die>[0] = {}) {
        super({ ...data, faces: 6 });
      }
    }
    double.CONFIG.Dice.terms.w = WildDie;
    double.CONFIG.Dice.termTypes.WildDie = WildDie;
    const roll = await new Roll("1dw + 1d6").evaluate();
    const copy = Roll.fromData(JSON.parse(JSON.stringify(roll)) as RollData);
    expect(copy.dice.map((d) => d.constructor.name)).toEqual(["WildDie", "Die"]);
  });
});

describe("chat roll modes", () => {
  async function post(mode: string, as = ALICE): Promise<ChatMessageInstance> {
    return double.actAs(as, async () => {
      const roll = new Roll("1d6");
      const options = double.generation === 13 ? { rollMode: mode } : { messageMode: mode };
      return (await roll.toMessage({ flavor: "Test" }, options)) as ChatMessageInstance;
    });
  }

  function view(id: string, userId: string) {
    return double.actAs(userId, () => {
      const m = double.game.messages.get(id) as ChatMessageInstance;
      return { visible: m.visible, content: m.isContentVisible };
    });
  }

  it.each([
    ["publicroll", [], false, [true, true, true]],
    ["gmroll", [GM], false, [true, true, false]],
    ["blindroll", [GM], true, [true, false, false]],
    ["selfroll", [ALICE], false, [false, true, false]],
  ] as const)(
    "v13 %s whispers %j (blind %s); content visible to GM/Alice/Bob: %j",
    async (mode, whisper, blind, seen) => {
      double = installFoundry({ generation: 13 });
      const msg = await post(mode);
      expect(msg.whisper).toEqual(whisper);
      expect(msg.blind).toBe(blind);
      expect(msg.author?.id).toBe(ALICE);
      expect(msg.isRoll).toBe(true);
      const id = msg.id as string;
      expect([GM, ALICE, BOB].map((u) => view(id, u).content)).toEqual(seen);
      expect(view(id, BOB).visible).toBe(true);
    },
  );

  it.each([
    ["public", [], false],
    ["ic", [], false],
    ["gm", [GM], false],
    ["blind", [GM], true],
    ["self", [ALICE], false],
  ] as const)("v14 %s whispers %j (blind %s)", async (mode, whisper, blind) => {
    double = installFoundry({ generation: 14 });
    const msg = await post(mode);
    expect(msg.whisper).toEqual(whisper);
    expect(msg.blind).toBe(blind);
  });

  it("defaults to the core setting of each generation", async () => {
    double = installFoundry({ generation: 13, userId: ALICE });
    await double.game.settings.set("core", "rollMode", "gmroll");
    const roll = await new Roll("1d6").toMessage();
    expect((roll as ChatMessageInstance).whisper).toEqual([GM]);
    double.uninstall();
    double = installFoundry({ generation: 14, userId: ALICE });
    await double.game.settings.set("core", "messageMode", "self");
    const msg = (await new Roll("1d6").toMessage()) as ChatMessageInstance;
    expect(msg.whisper).toEqual([ALICE]);
  });

  it("maps a v14 rollMode with a deprecation warning", async () => {
    double = installFoundry({ generation: 14, userId: ALICE });
    const msg = await (
      g.ChatMessage as unknown as { create(d: object, o: object): Promise<ChatMessageInstance> }
    ).create({ content: "hi" }, { rollMode: "blindroll" });
    expect(msg.blind).toBe(true);
    expect(double.warnings.join()).toContain("deprecated");
  });

  it("returns message data without creating when create is false", async () => {
    double = installFoundry({ userId: ALICE });
    const data = (await new Roll("1d6").toMessage({}, { rollMode: "blindroll", create: false })) as Record<
      string,
      unknown
    >;
    expect(data.whisper).toEqual([GM]);
    expect(data.blind).toBe(true);
    expect(typeof (data.rolls as unknown[])[0]).toBe("string");
    expect(double.game.messages.size).toBe(0);
  });
});

describe("chat messages", () => {
  async function aliceCard(): Promise<ChatMessageInstance> {
    double = installFoundry({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(6, [5]);
    return (await new Roll("1d6", {}, { engine: "pool" }).toMessage({ content: "<p>card</p>" })) as ChatMessageInstance;
  }

  it("lets only the author or a GM update, and only a GM change the author", async () => {
    const msg = await aliceCard();
    await msg.setFlag("rolling-bones", "state", { spent: 1 });
    expect(msg.getFlag("rolling-bones", "state")).toEqual({ spent: 1 });

    const id = msg.id as string;
    await double.actAs(BOB, async () => {
      const bobView = double.game.messages.get(id) as ChatMessageInstance;
      expect(bobView.isOwner).toBe(false);
      await expect(bobView.update({ content: "x" })).rejects.toThrow("User Bob lacks permission to update ChatMessage");
      await expect(bobView.setFlag("rolling-bones", "state", {})).rejects.toThrow(
        "lacks permission to update ChatMessage",
      );
    });
    await expect(msg.update({ author: BOB })).rejects.toThrow("only a GM may change the author");
    await double.actAs(GM, async () => {
      const gmView = double.game.messages.get(id) as ChatMessageInstance;
      await gmView.update({ "flags.rolling-bones.state.spent": 2 });
    });
    expect(msg.getFlag("rolling-bones", "state")).toEqual({ spent: 2 });
    await msg.unsetFlag("rolling-bones", "state");
    expect(msg.getFlag("rolling-bones", "state")).toBeUndefined();
    expect(() => msg.getFlag("some-module", "x")).toThrow('Flag scope "some-module" is not valid');
  });

  it("stores rolls as JSON and revives new Roll instances per client and on reload", async () => {
    const msg = await aliceCard();
    const stored = double.storedMessages()[0];
    expect(typeof stored?.rolls[0]).toBe("string");
    const first = msg.rolls[0] as RollInstance;
    expect(first.total).toBe(5);
    expect(first.options).toEqual({ engine: "pool" });
    const gmRoll = double.actAs(GM, () => double.game.messages.get(msg.id as string)?.rolls[0]);
    expect(gmRoll).not.toBe(first);
    expect(gmRoll?.total).toBe(5);
    double.reload();
    const reloaded = double.game.messages.get(msg.id as string) as ChatMessageInstance;
    expect(reloaded).not.toBe(msg);
    expect(reloaded.rolls[0]).not.toBe(first);
    expect(reloaded.rolls[0]?.toJSON()).toEqual(first.toJSON());
  });

  it("drops unknown fields with a warning and maps the deprecated user field", async () => {
    double = installFoundry({ userId: ALICE });
    const cls = g.ChatMessage as unknown as { create(d: object): Promise<ChatMessageInstance> };
    const msg = await cls.create({ user: ALICE, rollMode: "gmroll", content: "hi" });
    expect(msg.author?.id).toBe(ALICE);
    expect(msg.whisper).toEqual([]);
    expect(double.warnings).toEqual([
      'ChatMessage data: "user" is deprecated, use "author"',
      'ChatMessage data: unknown field "rollMode" was dropped',
    ]);
  });

  it("lets the author delete a message", async () => {
    const msg = await aliceCard();
    await msg.delete();
    expect(double.game.messages.size).toBe(0);
  });
});

describe("users and queries", () => {
  it("runs a query as the queried user and round-trips JSON", async () => {
    double = installFoundry({ userId: ALICE });
    const seen: string[] = [];
    double.CONFIG.queries["rolling-bones.spend"] = (data: never) => {
      seen.push(double.game.user.name);
      return { echo: data, when: new Date(0), gm: double.game.user.isGM };
    };
    const gm = double.game.users.activeGM;
    expect(gm?.id).toBe(GM);
    const answer = await gm?.query("rolling-bones.spend", { amount: 2, skip: undefined }, { timeout: 1000 });
    expect(seen).toEqual(["Gamemaster"]);
    expect(answer).toEqual({ echo: { amount: 2 }, when: "1970-01-01T00:00:00.000Z", gm: true });
    expect(double.game.user.id).toBe(ALICE);
  });

  it("rejects on timeout, inactive users, unknown queries and handler errors", async () => {
    double = installFoundry({ userId: ALICE, queryLatency: 30 });
    let finished = false;
    double.CONFIG.queries["rolling-bones.slow"] = async () => {
      await new Promise((r) => setTimeout(r, 10));
      finished = true;
    };
    double.CONFIG.queries["rolling-bones.fail"] = () => {
      throw new Error("not enough dice");
    };
    const gm = double.game.users.get(GM);
    await expect(gm?.query("rolling-bones.slow", {}, { timeout: 20 })).rejects.toThrow("timed out");
    await new Promise((r) => setTimeout(r, 60));
    expect(finished).toBe(true);
    double.queryLatency = 0;
    await expect(gm?.query("rolling-bones.nope", {})).rejects.toThrow('Unknown query "rolling-bones.nope"');
    await expect(gm?.query("rolling-bones.fail", {})).rejects.toThrow("not enough dice");
    double.setActive(GM, false);
    expect(double.game.users.activeGM).toBeNull();
    await expect(gm?.query("rolling-bones.slow", {})).rejects.toThrow("is not active");
    await expect(double.actAs(GM, () => gm?.query("rolling-bones.slow", {}))).rejects.toThrow("to yourself");
  });

  it("settle() waits for a query in flight, until it is answered or its target leaves", async () => {
    double = installFoundry({ userId: ALICE, queryLatency: 30 });
    let answered = false;
    // A handler that waits on nothing the network carries (a module loading, a pause) before it answers.
    double.CONFIG.queries["rolling-bones.pause"] = async () => {
      await new Promise((r) => setTimeout(r, 150));
      answered = true;
      return "done";
    };
    double.CONFIG.queries["rolling-bones.never"] = () => new Promise(() => undefined);
    const gm = double.game.users.get(GM)!;
    const reply = gm.query("rolling-bones.pause", {}, { timeout: 5_000 });
    await double.settle();
    expect(answered).toBe(true);
    expect(await reply).toBe("done");
    // A query whose target left is no longer waited for, long before its timeout.
    void gm.query("rolling-bones.never", {}, { timeout: 60_000 }).catch(() => undefined);
    setTimeout(() => double.setActive(GM, false), 100);
    const started = Date.now();
    await double.settle();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(double.game.users.activeGM).toBeNull();
  });

  it("keeps user flags on the User and lets only the user or a GM write them", async () => {
    double = installFoundry({ userId: ALICE });
    const alice = double.game.user;
    await alice.setFlag("rolling-bones", "pool", [4, 6]);
    expect(alice.getFlag("rolling-bones", "pool")).toEqual([4, 6]);
    const bob = double.game.users.get(BOB);
    await expect(bob?.setFlag("rolling-bones", "pool", [])).rejects.toThrow("lacks permission to update User");
    await double.actAs(GM, () => bob?.setFlag("rolling-bones", "pool", [8]));
    expect(bob?.getFlag("rolling-bones", "pool")).toEqual([8]);
    await alice.unsetFlag("rolling-bones", "pool");
    expect(alice.getFlag("rolling-bones", "pool")).toBeUndefined();
    expect(alice.isSelf).toBe(true);
    expect(bob?.isSelf).toBe(false);
  });
});

describe("hooks", () => {
  it("stops Hooks.call at a listener returning false; callAll ignores returns", () => {
    double = installFoundry();
    const calls: string[] = [];
    double.Hooks.on("rollingBones.preRoll", () => {
      calls.push("a");
      return false;
    });
    double.Hooks.on("rollingBones.preRoll", () => calls.push("b"));
    expect(double.Hooks.call("rollingBones.preRoll")).toBe(false);
    expect(calls).toEqual(["a"]);
    expect(double.Hooks.callAll("rollingBones.preRoll")).toBe(true);
    expect(calls).toEqual(["a", "a", "b"]);
  });

  it("supports once and off, and rethrows listener errors by default", () => {
    double = installFoundry();
    let n = 0;
    double.Hooks.once("ready", () => n++);
    const id = double.Hooks.on("ready", () => n++);
    double.Hooks.callAll("ready");
    double.Hooks.off("ready", id);
    double.Hooks.callAll("ready");
    expect(n).toBe(2);
    double.Hooks.on("boom", () => {
      throw new Error("bad listener");
    });
    expect(() => double.Hooks.callAll("boom")).toThrow("bad listener");
    expect(double.hookErrors).toHaveLength(1);
  });
});

describe("settings, i18n, notifications, utils", () => {
  it("enforces scopes and world permissions", async () => {
    double = installFoundry({ userId: ALICE });
    const changes: unknown[] = [];
    double.game.settings.register("rolling-bones", "session", {
      scope: "world",
      default: 0,
      onChange: (v) => changes.push(`${double.game.user.name} ${String(v)}`),
    });
    double.game.settings.register("rolling-bones", "compact", { scope: "client", default: false });
    double.game.settings.register("rolling-bones", "dock", { scope: "user", default: "left" });
    await expect(double.game.settings.set("rolling-bones", "session", 2)).rejects.toThrow(
      "lacks permission to update Setting",
    );
    await double.actAs(GM, () => double.game.settings.set("rolling-bones", "session", 2));
    expect(double.game.settings.get("rolling-bones", "session")).toBe(2);
    // every connected client runs onChange, as itself
    expect(changes).toEqual(["Gamemaster 2", "Alice 2", "Bob 2"]);
    await double.game.settings.set("rolling-bones", "compact", true);
    await double.game.settings.set("rolling-bones", "dock", "right");
    expect(double.actAs(BOB, () => double.game.settings.get("rolling-bones", "compact"))).toBe(false);
    expect(double.actAs(BOB, () => double.game.settings.get("rolling-bones", "dock"))).toBe("left");
    expect(double.game.settings.get("rolling-bones", "dock")).toBe("right");
    await expect(double.game.settings.set("core", "rollMode", "loudroll")).rejects.toThrow("not one of its choices");
  });

  it("localizes from lang/en.json and records notifications", () => {
    double = installFoundry();
    expect(double.game.i18n.localize("ROLLING_BONES.Mark.kept")).toBe("Kept");
    expect(double.game.i18n.localize("ROLLING_BONES.Nope")).toBe("ROLLING_BONES.Nope");
    expect(double.game.i18n.has("ROLLING_BONES.SystemTitle")).toBe(true);
    const ui = g.ui as { notifications: { error(m: string, o?: object): unknown; info(m: string): unknown } };
    ui.notifications.error("ROLLING_BONES.SystemTitle", { localize: true });
    ui.notifications.info("plain");
    expect(double.notifications.map((n) => [n.type, n.message])).toEqual([
      ["error", "Rolling Bones"],
      ["info", "plain"],
    ]);
  });

  it("never walks into a prototype member: __proto__, constructor and prototype are own keys (the stricter reading)", async () => {
    const { deepClone, expandObject, getProperty, mergeObject, setProperty } = await import("./utils.ts");
    const target: Record<string, unknown> = {};
    setProperty(target, "__proto__.polluted", 1);
    setProperty(target, "constructor.prototype.polluted", 1);
    mergeObject({}, { "system.__proto__.polluted": 1, "system.constructor.prototype.polluted": 2 });
    const parsed = JSON.parse('{"__proto__": {"polluted": 3}}') as Record<string, unknown>;
    const clone = deepClone(parsed);
    const expanded = expandObject({ "a.__proto__.polluted": 4 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.hasOwn(clone, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(clone)).toBe(Object.prototype);
    expect(getProperty(target, "__proto__.polluted")).toBe(1);
    expect(getProperty({}, "constructor.name")).toBeUndefined();
    expect(getProperty(expanded, "a.__proto__.polluted")).toBe(4);
  });

  it("provides the documented foundry.utils helpers", () => {
    double = installFoundry();
    const utils = g.foundry?.utils as {
      mergeObject(a: object, b: object, o?: object): Record<string, unknown>;
      getProperty(o: object, k: string): unknown;
      isNewerVersion(a: string, b: string): boolean;
      randomID(): string;
      deepClone<T>(v: T): T;
    };
    expect(utils.mergeObject({ a: { b: 1, c: 2 } }, { "a.b": 3, "-=x": null, d: 4 })).toEqual({
      a: { b: 3, c: 2 },
      d: 4,
    });
    expect(utils.mergeObject({ a: 1, x: 2 }, { "-=x": null }, { performDeletions: true })).toEqual({ a: 1 });
    expect(utils.getProperty({ a: { b: [5] } }, "a.b.0")).toBe(5);
    expect(utils.isNewerVersion("13.351", "13.35")).toBe(true);
    expect(utils.isNewerVersion("0.1.0", "0.1.0")).toBe(false);
    expect(utils.randomID()).toMatch(/^[A-Za-z0-9]{16}$/);
    const original = { list: [{ n: 1 }] };
    const copy = utils.deepClone(original);
    copy.list[0]!.n = 2;
    expect(original.list[0]?.n).toBe(1);
  });
});
