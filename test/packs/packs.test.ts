/**
 * The compendium packs as Foundry would load them: every pack compiled from the committed sources
 * with the real build (`scripts/packs.mjs`, fvtt-cli) into a temporary folder and read back with
 * fvtt-cli's `extractPack`. Checks the manifest's pack list, ids and keys, the rules journal (every
 * odds placeholder replaced by numbers equal to the engines' exact odds, every link resolving to a
 * document of our packs), the sample characters (types and data valid for our data models, every
 * trait rollable) and the macros (their commands parse and roll valid requests through the public
 * API only).
 */
import { parseHarmLink } from "../../src/services/harm/links.ts";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packAll, readPack } from "../../scripts/packs.mjs";
import {
  ACTION_BEYOND_LEVELS,
  ACTION_TABLE_DICE,
  ACTION_TABLE_TARGET,
  BOTCH_TABLE_DIFFICULTIES,
  BOTCH_TABLE_SIZES,
  ODDS_IDS,
  PERCENTILE_NETS,
  PI_TABLE_POOLS,
  POOL_TABLE_DIFFICULTIES,
  POOL_TABLE_SIZES,
  WILD_TABLE_DICE,
  average,
  levelNames,
  percent,
  rangeText,
} from "../../scripts/odds-tables.ts";
import { action, percentile, pi, pool, wild, type EngineId } from "../../src/engines/index.ts";
import { parseEnricher } from "../../src/helpers/chat-commands.ts";
import { parseRequestText } from "../../src/services/requests/spec.ts";
import { CHARACTER_TYPES, DEFENCE, ENGINE_OF, NPC_TYPES, TRAIT_KINDS, asCharacter, prepareUpdate, rollingTypeOf, type ActorType, type CharacterType, type EquipmentLookup } from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import {
  ITEM_TYPES,
  WEAPON_KINDS,
  itemFigures,
  prepareItemUpdate,
  type ItemData,
  type ItemType,
  type WeaponSource,
} from "../../src/data/item/pure.ts";
import { TABLE_SLOTS, slotKey, slotOfFlag, tableName, tableProblems, type TableSource } from "../../src/data/effect-tables.ts";
import type { FoundryDouble } from "../foundry/index.ts";
import { localize, ROOT } from "../support/i18n.ts";
import { bootSystem } from "../support/system.ts";
import { schemaOf, walkSchema, type ModelClass } from "../data/schema-walk.ts";

interface PackEntry {
  name: string;
  label: string;
  path: string;
  type: string;
  system: string;
}

interface Manifest {
  id: string;
  packs: PackEntry[];
  packFolders: { name: string; packs: string[] }[];
  documentTypes: { Actor: Record<string, unknown>; Item: Record<string, unknown> };
}

type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };
interface Page extends Doc {
  type: string;
  text: { format: number; content: string };
}

const manifest = JSON.parse(await readFile(path.join(ROOT, "system.json"), "utf8")) as Manifest;
const SOURCE = path.join(ROOT, "packs/_source");
const ID = /^[A-Za-z0-9]{16}$/;
const COLLECTION: Record<string, string> = {
  JournalEntry: "journal",
  Actor: "actors",
  Item: "items",
  Macro: "macros",
  RollTable: "tables",
};

let out: string;
let filled: Record<string, string[]>;
const packs = new Map<string, Doc[]>();

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "rb-packs-"));
  filled = await packAll({ outRoot: out });
  for (const pack of manifest.packs) packs.set(pack.name, (await readPack(path.join(out, pack.name))) as Doc[]);
}, 60_000);

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

function docs(name: string): Doc[] {
  const list = packs.get(name);
  if (!list) throw new Error(`pack ${name} was not read`);
  return list;
}

function journalPages(): Page[] {
  return docs("rules").flatMap((d) => d.pages as Page[]);
}

describe("the manifest's packs", () => {
  it("declares one pack per source folder, each in the Rolling Bones folder", async () => {
    const folders = (await readdir(SOURCE, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(manifest.packs.map((p) => p.name).sort()).toEqual(folders.sort());
    expect(manifest.packFolders.flatMap((f) => f.packs).sort()).toEqual(folders.sort());
    for (const pack of manifest.packs) {
      expect(pack.system).toBe(manifest.id);
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(Object.keys(COLLECTION)).toContain(pack.type);
    }
  });

  it("compiles every source document, each with a valid _id and a _key of its pack's collection", async () => {
    for (const pack of manifest.packs) {
      const files = (await readdir(path.join(SOURCE, pack.name))).filter((f) => f.endsWith(".json"));
      const list = docs(pack.name);
      expect(list.length, pack.name).toBe(files.length);
      for (const doc of list) {
        expect(doc._id, `${pack.name} ${doc.name}`).toMatch(ID);
        expect(doc._key).toBe(`!${COLLECTION[pack.type] ?? "?"}!${doc._id}`);
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// The rules journal

/** The cells of each row of a generated table, tags stripped and entities decoded. */
function tableRows(html: string, id: string): string[][] {
  const block = new RegExp(`<div class="rb-odds" data-rb-odds="${id}">([\\s\\S]*?)</div>`).exec(html);
  if (!block) throw new Error(`no generated table ${id}`);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(block[1] as string)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] as string).matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) =>
      (c[1] as string).replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&"),
    ),
  );
}

/** P(value passes the test) from a distribution as JSON. */
function mass(dist: Readonly<Record<string, number>>, keep: (v: number) => boolean): number {
  return Object.entries(dist).reduce((s, [v, p]) => (keep(Number(v)) ? s + p : s), 0);
}

/** The expected rows of every generated table, computed here from the engines. */
function expectedRows(id: (typeof ODDS_IDS)[number]): string[][] {
  switch (id) {
    case "percentile":
      expect(PERCENTILE_NETS).toEqual([-2, -1, 0, 1, 2]);
      return PERCENTILE_NETS.map((net, i) => {
        const o = percentile.odds(percentile.validate({ bonus: Math.max(0, net), penalty: Math.max(0, -net) }));
        expect(o.net).toBe(net);
        const label = ["2 penalty dice", "1 penalty die", "none", "1 bonus die", "2 bonus dice"][i] as string;
        return [label, average(o.mean), percent(mass(o.value, (v) => v >= 50)), percent(mass(o.value, (v) => v >= 90))];
      });
    case "percentile-art": {
      const names = levelNames();
      return percentile.LEVEL_IDS.map((_, i) => [
        names[i] as string,
        ...percentile.DEFAULT_ART.columns.map((c) => rangeText(c.ranges[i])),
      ]).reverse();
    }
    case "action":
      return ACTION_TABLE_DICE.map((faces) => [
        `d${faces}`,
        percent(1 / faces),
        average(action.cascadeMean(faces)),
        percent(action.cascadeAtLeast(faces, ACTION_TABLE_TARGET)),
      ]);
    case "action-pools":
      return [
        ...action.PLAYER_POOL_TABLE.map((r) => [
          r.minLevel === 0 ? "below 1 (0 or ½)" : `${r.minLevel}–${r.maxLevel}`,
          `d${r.faces}`,
          String(r.count),
        ]),
        ...ACTION_BEYOND_LEVELS.map((level) => {
          const p = action.playerPool(level);
          return [`${level}–${level + 4}`, `d${p.faces}`, String(p.count)];
        }),
      ];
    case "action-gm":
      return action.PLAYER_DIE_SIZES.map((f) => [`d${f}`, `d${action.gmDie([f])}`]);
    case "wild":
      return WILD_TABLE_DICE.map((dice) => {
        const o = wild.odds(wild.validate({ dice }));
        const nothing = wild.odds(wild.validate({ dice, firstOneCounts: false }));
        return [
          `${dice}D`,
          average(o.mean),
          average(nothing.mean),
          percent(mass(o.total, (v) => v < 1)),
          percent(o.criticalFailure),
          percent(o.catastrophicFailure),
        ];
      });
    case "pi":
      return PI_TABLE_POOLS.map((dice) => {
        const o = pi.odds(pi.validate({ pool: [...dice] }));
        return [
          dice.map((f) => `d${f}`).join(" + "),
          average(o.bestPrecision.meanPrecision),
          average(o.bestPrecision.meanImpact),
          average(o.bestImpact.meanImpact),
          percent(o.autoFail),
        ];
      });
    case "pool":
      return POOL_TABLE_SIZES.map((n) => [
        String(n),
        ...POOL_TABLE_DIFFICULTIES.flatMap((difficulty) => {
          const o = pool.odds({ pool: n, difficulty });
          return [percent(o.pSuccess), percent(o.pBotch)];
        }),
      ]);
    case "pool-botch":
      return BOTCH_TABLE_DIFFICULTIES.map((d) => [String(d), ...BOTCH_TABLE_SIZES.map((n) => percent(pool.botchChance(n, d)))]);
  }
}

describe("the rules journal", () => {
  it("keeps the overview's ids and has one chapter per engine plus the rolling, equipment, damage, initiative, NPC, condition, token and odds chapters, as text pages", () => {
    const [journal] = docs("rules");
    expect(journal?._id).toBe("rbRulesJournal01");
    const pages = journalPages();
    expect(pages.map((p) => p.name)).toEqual([
      "Overview",
      "Rolling in Foundry",
      "Percentile (bonus & penalty dice)",
      "Action Dice",
      "Wild Die (D6)",
      "Precision & Impact",
      "Dice Pool (successes)",
      "Equipment",
      "Rolls against a target",
      "Critical and botch effects",
      "The GM's action dice",
      "Losing a Fate Point",
      "Damage",
      "Initiative",
      "Non-player characters",
      "Bestiary",
      "Conditions",
      "Token bars",
      "What the odds mean",
    ]);
    expect(pages[0]?._id).toBe("rbRulesOverview1");
    for (const page of pages) {
      expect(page._id).toMatch(ID);
      expect(page._key).toBe(`!journal.pages!rbRulesJournal01.${page._id}`);
      expect(page.type).toBe("text");
      expect(page.text.format).toBe(1);
      expect(page.text.content.length).toBeGreaterThan(500);
    }
  });

  it("replaces every odds placeholder of the sources, and uses every table once", async () => {
    const source = await readFile(path.join(SOURCE, "rules/Rolling_Bones_Rules_rbRulesJournal01.json"), "utf8");
    const placeholders = [...source.matchAll(/<!--\s*rb-odds\s+([a-z-]+)\s*-->/g)].map((m) => m[1]);
    expect([...placeholders].sort()).toEqual([...ODDS_IDS].sort());
    expect([...(filled.rules ?? [])].sort()).toEqual([...ODDS_IDS].sort());
    const html = journalPages()
      .map((p) => p.text.content)
      .join("\n");
    expect(html).not.toMatch(/rb-odds\s+[a-z]/);
    const generated = [...html.matchAll(/data-rb-odds="([a-z-]+)"/g)].map((m) => m[1]);
    expect(generated.sort()).toEqual([...ODDS_IDS].sort());
  });

  it.each([...ODDS_IDS])("prints the %s table with the numbers the engines compute", (id) => {
    const html = journalPages()
      .map((p) => p.text.content)
      .join("\n");
    expect(tableRows(html, id)).toEqual(expectedRows(id));
  });

  it("puts each engine's odds in that engine's chapter", () => {
    const chapter: Record<string, string[]> = {
      rbRulesPercent01: ["percentile", "percentile-art"],
      rbRulesAction001: ["action", "action-pools", "action-gm"],
      rbRulesWildDie01: ["wild"],
      rbRulesPrecImp01: ["pi"],
      rbRulesDicePool1: ["pool", "pool-botch"],
    };
    for (const page of journalPages()) {
      const ids = [...page.text.content.matchAll(/data-rb-odds="([a-z-]+)"/g)].map((m) => m[1]);
      expect(ids.sort(), page.name).toEqual([...(chapter[page._id] ?? [])].sort());
    }
  });

  it("links only to documents that exist in our packs; its roll and request links parse", () => {
    const all = journalPages().flatMap((p) => [...p.text.content.matchAll(/@(\w+)\[([^\]]*)\](?:\{([^}]*)\})?/g)]);
    const html = journalPages()
      .map((p) => p.text.content)
      .join("\n");
    expect(html).not.toMatch(/<a\s[^>]*href=/);
    // Examples of roll and request links are written `@<wbr>Roll…` so Foundry shows them as text
    // instead of turning them into links; each must still be one that works.
    const settings = { wildFirstOneCounts: true, percentileCap: 5 };
    expect(all.filter(([, kind]) => kind !== "UUID")).toEqual([]);
    const examples = journalPages().flatMap((p) => [
      ...p.text.content.matchAll(/@<wbr>(\w+)\[([^\]]*)\](?:\{([^}]*)\})?/g),
    ]);
    expect([...new Set(examples.map(([, kind]) => kind))].sort()).toEqual(
      ["Damage", "Heal", "RollAction", "RollPercentile", "RollPi", "RollPool", "RollRequest", "RollWild"].sort(),
    );
    for (const [text, kind, params, label] of examples) {
      if (kind === "Damage" || kind === "Heal") expect(() => parseHarmLink(kind, params as string), text).not.toThrow();
      else if (kind === "RollRequest") expect(() => parseRequestText(params as string, label), text).not.toThrow();
      else expect(() => parseEnricher((kind as string).slice(4), params as string, settings), text).not.toThrow();
    }
    const links = all.filter(([, kind]) => kind === "UUID");
    expect(links.length).toBeGreaterThan(10);
    for (const [, kind, target, label] of links) {
      expect(kind).toBe("UUID");
      expect(label, target).toBeTruthy();
      const parts = (target as string).split(".");
      expect(parts.slice(0, 2), target).toEqual(["Compendium", manifest.id]);
      const [, , packName, type, id, embedded, pageId] = parts;
      const pack = manifest.packs.find((p) => p.name === packName);
      expect(pack?.type, target).toBe(type);
      const doc = docs(packName as string).find((d) => d._id === id);
      expect(doc, target).toBeDefined();
      if (embedded !== undefined) {
        expect(embedded).toBe("JournalEntryPage");
        expect((doc?.pages as Page[]).some((p) => p._id === pageId), target).toBe(true);
      } else {
        expect(parts).toHaveLength(5);
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Sample characters

/** A value as dotted paths, as a sheet form would submit it. */
function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { [prefix]: value };
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.assign(flat, flatten(v, prefix ? `${prefix}.${k}` : k));
  return flat;
}

/** The collection of `system` holding each trait kind (Willpower is added to the 10-point traits). */
const TRAIT_COLLECTION: Record<string, string> = {
  attribute: "attributes",
  skill: "skills",
  ability: "abilities",
  save: "saves",
  tenPoint: "traits",
};

/** An actor's embedded items as read from the pack. */
function itemsOf(actor: Doc | undefined): (Doc & { type: string; system: Record<string, unknown> })[] {
  return (actor?.items ?? []) as (Doc & { type: string; system: Record<string, unknown> })[];
}

/** A character's items by own id, as `actor.items.get` finds them. */
function lookupOf(actor: Doc | undefined): EquipmentLookup {
  const byId = new Map(itemsOf(actor).map((item) => [item._id, item]));
  return (id) => byId.get(id) as ReturnType<EquipmentLookup>;
}

/** Every trait reference of a character (its weapons are its weapon items). */
function traitsOf(
  type: CharacterType,
  system: Record<string, unknown>,
  actor?: Doc,
): { kind: string; key: string }[] {
  const refs: { kind: string; key: string }[] = [];
  if ((TRAIT_KINDS[type] as readonly string[]).includes("weapon")) {
    for (const item of itemsOf(actor)) if (item.type === "weapon") refs.push({ kind: "weapon", key: item._id });
  }
  for (const kind of TRAIT_KINDS[type] as readonly string[]) {
    if (kind === "weapon") continue;
    const collection = TRAIT_COLLECTION[kind] ?? kind;
    // Action characters' abilities are fixed modifiers, pool characters' abilities are entries: both live in `abilities`.
    const entries = system[collection];
    if (typeof entries === "object" && entries !== null) for (const key of Object.keys(entries)) refs.push({ kind, key });
    if (kind === "tenPoint") refs.push({ kind, key: "willpower" });
  }
  return refs;
}

/** Whether every field of the schema is present in the data (entries checked against the element schema). */
function missingFields(model: ModelClass, system: Record<string, unknown>): string[] {
  const missing: string[] = [];
  for (const { path: p } of walkSchema(schemaOf(model))) {
    const parts = p.split(".");
    const at = parts.indexOf("element");
    if (at < 0) {
      let node: unknown = system;
      for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
      if (node === undefined) missing.push(p);
      continue;
    }
    let entries: unknown = system;
    for (const part of parts.slice(0, at)) entries = (entries as Record<string, unknown> | undefined)?.[part];
    for (const [id, entry] of Object.entries((entries ?? {}) as Record<string, unknown>)) {
      let node: unknown = entry;
      for (const part of parts.slice(at + 1)) node = (node as Record<string, unknown> | undefined)?.[part];
      if (node === undefined) missing.push(p.replace("element", id));
    }
  }
  return missing;
}

describe("the sample characters", () => {
  let double: FoundryDouble;
  let models: Record<ActorType, ModelClass>;

  beforeAll(async () => {
    double = await bootSystem();
    models = (await import("../../src/data/actor/index.ts")).config;
  });
  afterAll(() => double.uninstall());

  it("holds a character and an NPC of every engine, of the actor types system.json declares", () => {
    const actors = docs("actors");
    expect(Object.keys(manifest.documentTypes.Actor)).toEqual([...CHARACTER_TYPES, ...NPC_TYPES]);
    for (const type of [...CHARACTER_TYPES, ...NPC_TYPES]) {
      expect(actors.filter((a) => a.type === type).length, type).toBe(1);
    }
    // An NPC is a type, not a name: no sample is still a character named "… (NPC)".
    for (const a of actors) expect(a.name, a.name).not.toMatch(/\(NPC\)/);
  });

  it.each([...CHARACTER_TYPES, ...NPC_TYPES])("%s: data the model accepts, with every schema field", (type) => {
    const rolling = rollingTypeOf(type) as CharacterType;
    for (const actor of docs("actors").filter((a) => a.type === type)) {
      const system = actor.system as Record<string, unknown>;
      const prepared = prepareUpdate(rolling, system, flatten({ system }));
      expect(prepared.ok ? "ok" : prepared.error.key, actor.name).toBe("ok");
      expect(missingFields(models[type], system), actor.name).toEqual([]);
      // No field the schema does not define (Foundry would drop it).
      const known = new Set(walkSchema(schemaOf(models[type])).map((f) => f.path));
      for (const key of Object.keys(flatten(system))) {
        const generic = key.replace(/^(skills|weapons|abilities|traits|conditions)\.[A-Za-z0-9]+/, "$1.element");
        expect(known.has(key) || known.has(generic), `${actor.name}: ${key}`).toBe(true);
      }
    }
  });

  it.each([...CHARACTER_TYPES])("%s and its NPC: every trait rolls a request its engine accepts", (type) => {
    const engines = { percentile, action, wild, pi, pool } as const;
    const npcType = NPC_TYPES.find((n) => rollingTypeOf(n) === type);
    const [pc, npc] = [type, npcType].map((t) => docs("actors").find((a) => a.type === t));
    const traits = (a: Doc | undefined) => {
      const character = asCharacter(a?.type, a?.system ?? {});
      // An NPC has no Willpower to roll (a player's resource).
      const all = traitsOf(type, (character?.system ?? {}) as Record<string, unknown>, a);
      return a?.type === npcType ? all.filter((t) => t.kind !== "tenPoint") : all;
    };
    expect(traits(npc).length).toBeGreaterThan(0);
    expect(traits(npc).length).toBeLessThan(traits(pc).length);
    for (const actor of [pc, npc]) {
      const system = asCharacter(actor?.type, actor?.system)?.system;
      for (const trait of traits(actor)) {
        const roll = requestForTrait(type, system as never, trait, lookupOf(actor));
        expect(roll.engine).toBe(ENGINE_OF[type]);
        const engine: { validate(r: unknown): unknown } = engines[roll.engine];
        expect(() => engine.validate(roll.request), `${actor?.name ?? "?"} ${trait.kind} ${trait.key}`).not.toThrow();
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// The bestiary

describe("the bestiary", () => {
  let double: FoundryDouble;
  let models: Record<ActorType, ModelClass>;
  let itemModels: Record<string, ModelClass>;
  const ROLES = ["Mook", "Soldier", "Elite", "Leader"];

  beforeAll(async () => {
    double = await bootSystem();
    models = (await import("../../src/data/actor/index.ts")).config;
    itemModels = (await import("../../src/data/item/index.ts")).config;
  });
  afterAll(() => double.uninstall());

  it("holds a mook, a soldier, an elite and a leader of every engine's NPC type, each with a weapon", () => {
    const npcs = docs("bestiary");
    for (const type of NPC_TYPES) {
      const ofType = npcs.filter((a) => a.type === type);
      const roles = ofType.map((a) => (a.system as { notes: string }).notes.split(".")[0]);
      expect([...roles].sort(), type).toEqual([...ROLES].sort());
      for (const npc of ofType) expect(itemsOf(npc).filter((i) => i.type === "weapon").length, npc.name).toBeGreaterThan(0);
    }
    expect(npcs).toHaveLength(NPC_TYPES.length * ROLES.length);
  });

  it("gives each its role and its tactics in its notes, in words the sheet shows as text, and its health on its sheet only", () => {
    for (const npc of docs("bestiary")) {
      const notes = (npc.system as { notes: string }).notes;
      expect(notes, npc.name).toMatch(/^(Mook|Soldier|Elite|Leader)\. .{40,}$/);
      expect(notes, npc.name).not.toMatch(/[<>]/);
      // The health is the sheet's figure (system.health), never repeated in the notes where it would drift.
      expect(notes, npc.name).not.toMatch(/health/i);
      const health = (npc.system as { health: { value: number; max: number } }).health;
      expect(health.value, npc.name).toBe(health.max);
      expect(health.max, npc.name).toBeGreaterThan(0);
    }
  });

  it("gives each its own defence in its engine's range, a mook easier to hit than an elite", () => {
    const npcs = docs("bestiary");
    for (const type of NPC_TYPES) {
      const spec = DEFENCE[ENGINE_OF[rollingTypeOf(type) as CharacterType]];
      const byRole = new Map(
        npcs
          .filter((a) => a.type === type)
          .map((a) => [(a.system as { notes: string }).notes.split(".")[0], (a.system as { defence: number }).defence]),
      );
      for (const [role, defence] of byRole) {
        expect(Number.isInteger(defence), `${type} ${role}`).toBe(true);
        expect(defence, `${type} ${role}`).toBeGreaterThanOrEqual(spec.min);
        expect(defence, `${type} ${role}`).toBeLessThanOrEqual(spec.max);
      }
      expect(byRole.get("Mook"), type).toBeLessThan(byRole.get("Elite") ?? -1);
      expect(byRole.get("Soldier"), type).toBeLessThanOrEqual(byRole.get("Elite") ?? -1);
    }
  });

  it("names on each weapon a usual skill its wielder has (or none), and its kind", () => {
    for (const npc of docs("bestiary")) {
      const engine = ENGINE_OF[rollingTypeOf(npc.type) as CharacterType];
      const system = npc.system as {
        skills?: Record<string, { name: string }>;
        abilities?: Record<string, { name?: string }>;
      };
      const own = new Set(
        [...Object.values(system.skills ?? {}), ...Object.values(system.abilities ?? {})].flatMap((t) =>
          typeof t.name === "string" ? [t.name] : [],
        ),
      );
      for (const weapon of itemsOf(npc).filter((i) => i.type === "weapon")) {
        const w = weapon.system as unknown as WeaponSource;
        expect(["melee", "thrown", "ranged"], `${npc.name} ${weapon.name}`).toContain(w.kind);
        const usual = engine === "pool" ? w.pool.ability : engine === "action" ? "" : w[engine].skill;
        if (usual !== "") expect(own.has(usual), `${npc.name} ${weapon.name}: ${usual}`).toBe(true);
      }
    }
  });

  it("keeps data the NPC models accept, with every schema field, and items the weapon model accepts", () => {
    for (const npc of docs("bestiary")) {
      const type = npc.type as ActorType;
      const rolling = rollingTypeOf(type) as CharacterType;
      const system = npc.system as Record<string, unknown>;
      const filled = asCharacter(type, system)?.system as unknown as Record<string, unknown>;
      const prepared = prepareUpdate(rolling, filled, flatten({ system: filled }));
      expect(prepared.ok ? "ok" : prepared.error.key, npc.name).toBe("ok");
      expect(missingFields(models[type], system), npc.name).toEqual([]);
      for (const item of itemsOf(npc)) checkItem(item, itemModels[item.type] as ModelClass);
    }
  });

  it("rolls every trait and weapon of every NPC with a request its engine accepts", () => {
    const engines = { percentile, action, wild, pi, pool } as const;
    for (const npc of docs("bestiary")) {
      const type = rollingTypeOf(npc.type) as CharacterType;
      const system = asCharacter(npc.type, npc.system)?.system;
      const traits = traitsOf(type, (system ?? {}) as Record<string, unknown>, npc).filter((t) => t.kind !== "tenPoint");
      expect(traits.some((t) => t.kind === "weapon"), npc.name).toBe(true);
      for (const trait of traits) {
        const roll = requestForTrait(type, system as never, trait, lookupOf(npc));
        const engine: { validate(r: unknown): unknown } = engines[roll.engine];
        expect(() => engine.validate(roll.request), `${npc.name} ${trait.kind} ${trait.key}`).not.toThrow();
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Equipment

/** Checks an item's data the way the sheet and the model would: every schema field, the pure rules, nothing unknown. */
function checkItem(item: Doc & { type: string; system: Record<string, unknown> }, model: ModelClass): void {
  expect(ITEM_TYPES as readonly string[], item.name).toContain(item.type);
  const prepared = prepareItemUpdate(item.type as ItemType, flatten({ system: item.system }));
  expect(prepared.ok ? "ok" : prepared.error.key, item.name).toBe("ok");
  expect(missingFields(model, item.system), item.name).toEqual([]);
  const known = new Set(walkSchema(schemaOf(model)).map((f) => f.path));
  for (const key of Object.keys(flatten(item.system))) expect(known.has(key), `${item.name}: ${key}`).toBe(true);
}

describe("the critical and botch tables", () => {
  it("hold one table per activation, kind and severity, each sound and named for its slot", () => {
    const tables = docs("effect-tables");
    expect(tables).toHaveLength(TABLE_SLOTS.length);
    const slots = tables.map((t) => {
      const flags = t.flags as { "rolling-bones": { effectTable: unknown } };
      return slotOfFlag(flags["rolling-bones"].effectTable);
    });
    expect(slots.map((s) => (s ? slotKey(s) : null)).sort()).toEqual(TABLE_SLOTS.map(slotKey).sort());
    for (const table of tables) {
      expect(tableProblems(table as TableSource), table.name).toEqual([]);
      for (const result of table.results as Doc[]) expect(result._key).toBe(`!tables.results!${table._id}.${result._id}`);
    }
    expect(new Set(tables.map((t) => t.name)).size).toBe(tables.length);
  });

  it("names each table by its activation, kind and severity, in the words the card uses", () => {
    const byKey = new Map(
      docs("effect-tables").map((t) => {
        const flags = t.flags as { "rolling-bones": { effectTable: unknown } };
        return [slotKey(slotOfFlag(flags["rolling-bones"].effectTable)!), t.name];
      }),
    );
    expect(byKey.get("critical.parry.2")).toBe("Critical · Parry · 2 dice");
    expect(byKey.get("botch.save.3")).toBe("Botch · Saving throw · 3+ dice");
    expect(byKey.get("specialBotch.any.1")).toBe("Special botch · 1 die");
    for (const slot of TABLE_SLOTS) expect(byKey.get(slotKey(slot))).toBe(tableName(slot, localize));
  });
});

describe("the equipment", () => {
  let double: FoundryDouble;
  let models: Record<ItemType, ModelClass>;

  beforeAll(async () => {
    double = await bootSystem();
    models = (await import("../../src/data/item/index.ts")).config;
  });
  afterAll(() => double.uninstall());

  it("holds weapons and gear of the types system.json declares, with data the models accept", () => {
    const items = docs("equipment") as (Doc & { type: string; system: Record<string, unknown> })[];
    expect(Object.keys(manifest.documentTypes.Item)).toEqual([...ITEM_TYPES]);
    expect(items.filter((i) => i.type === "weapon").length).toBeGreaterThanOrEqual(4);
    expect(items.filter((i) => i.type === "gear").length).toBeGreaterThanOrEqual(3);
    for (const item of items) checkItem(item, models[item.type as ItemType]);
  });

  it.each(["percentile", "action", "wild", "pi", "pool"] as const)(
    "gives a %s character figures for every weapon (no blank damage where the engine has one)",
    (engine) => {
      for (const item of docs("equipment") as (Doc & ItemData)[]) {
        for (const figure of itemFigures(engine, item, "en")) expect(figure.value, `${item.name} ${figure.key}`).not.toBe("—");
      }
    },
  );

  it("gives every sample character its equipment as embedded Items, and no weapon left inside it", () => {
    for (const actor of docs("actors")) {
      const items = itemsOf(actor);
      expect(items.length, actor.name).toBeGreaterThan(0);
      expect((actor.system as { weapons?: object }).weapons ?? {}, actor.name).toEqual({});
      for (const item of items) {
        expect(item._key).toBe(`!actors.items!${actor._id}.${item._id}`);
        checkItem(item, models[item.type as ItemType]);
      }
    }
  });

  it("gives the action samples' weapons only their own figures: the wielder's Strength is added when used", () => {
    const bram = docs("actors").find((a) => a._id === "rbActorAction001");
    const hammer = itemsOf(bram).find((i) => i._id === "weaponWarhammer1");
    const compendium = docs("equipment").find((i) => i.name === "Warhammer") as Doc & { system: WeaponSource };
    // The character's copy holds the compendium's figures (+1, 1d10), not Bram's Strength typed in.
    expect(hammer?.system.action).toEqual(compendium.system.action);
    expect(hammer?.system.action).toEqual({ attack: 1, botchRange: 2, damage: "1d10" });
    const roll = requestForTrait("action-character", bram?.system as never, { kind: "weapon", key: "weaponWarhammer1" }, lookupOf(bram));
    // d20 + 3 Strength + 1 Warhammer.
    expect(roll.request).toMatchObject({ modifier: 4 });
  });

  it("starts every sample character's weapon attack trained: from a skill (or Ability) of the character", () => {
    let attacks = 0;
    for (const actor of docs("actors")) {
      const type = rollingTypeOf(actor.type) as CharacterType;
      if (type === "action-character") continue; // an action-dice attack adds an ability, never a skill
      const system = asCharacter(actor.type, actor.system)?.system;
      for (const item of itemsOf(actor).filter((i) => i.type === "weapon")) {
        const roll = requestForTrait(type, system as never, { kind: "weapon", key: item._id }, lookupOf(actor));
        const use = roll.attack?.uses.find((u) => u.value === roll.attack?.use);
        expect(use?.trait.kind, `${actor.name}: ${item.name}`).toMatch(/^(?:skill|ability)$/);
        attacks += 1;
      }
    }
    expect(attacks).toBeGreaterThanOrEqual(8);
  });

  it("names each compendium weapon's kind and its usual skill in every engine that starts from one", () => {
    for (const item of docs("equipment").filter((i) => i.type === "weapon") as (Doc & { system: WeaponSource })[]) {
      expect(WEAPON_KINDS, item.name).toContain(item.system.kind);
      for (const skill of [item.system.wild.skill, item.system.pi.skill, item.system.percentile.skill, item.system.pool.ability]) {
        expect(skill.trim(), item.name).not.toBe("");
      }
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Macros

/** The constructor of async functions: Foundry runs a script macro's command as the body of one. */
const AsyncFunction = (async () => undefined).constructor as new (...args: string[]) => (
  ...args: unknown[]
) => Promise<unknown>;

/** Every `game.system.api.a.b…` chain a command names (destructuring included), as member paths. */
function apiPaths(command: string): string[][] {
  const paths = [...command.matchAll(/game\.system\.api((?:\.\w+)+)/g)].map((m) => (m[1] as string).slice(1).split("."));
  for (const m of command.matchAll(/\{([^}]*)\}\s*=\s*game\.system\.api\b/g)) {
    for (const part of (m[1] as string).split(",")) paths.push([(part.split(":")[0] ?? "").trim()]);
  }
  return paths;
}

/** The member at a path of an object, or undefined. */
function memberAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if ((typeof node !== "object" && typeof node !== "function") || node === null || !Object.hasOwn(node, key)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A stand-in for the API: the same members two levels deep, every function recording its calls. */
function recordingApi(api: Record<string, unknown>, calls: [string, ...unknown[]][]): Record<string, unknown> {
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  const stub: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(api)) {
    if (typeof value === "function") stub[key] = record(key);
    else if (typeof value === "object" && value !== null) {
      stub[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, typeof v === "function" ? record(`${key}.${k}`) : v]),
      );
    }
  }
  return stub;
}

describe("the macros", () => {
  let double: FoundryDouble;
  let api: Record<string, unknown>;

  beforeAll(async () => {
    double = await bootSystem();
    api = (await import("../../src/api.ts")).api;
  });
  afterAll(() => double.uninstall());

  it("are script macros whose commands parse", () => {
    const macros = docs("macros");
    expect(macros.length).toBeGreaterThanOrEqual(5);
    for (const macro of macros) {
      expect(macro.type, macro.name).toBe("script");
      expect(typeof macro.command).toBe("string");
      expect(
        () => new AsyncFunction("speaker", "actor", "token", "character", "scope", macro.command as string),
      ).not.toThrow();
    }
  });

  it("name only members of the public API", () => {
    for (const macro of docs("macros")) {
      const paths = apiPaths(macro.command as string);
      expect(paths.length, macro.name).toBeGreaterThan(0);
      for (const path of paths) expect(typeof memberAt(api, path), `${macro.name}: ${path.join(".")}`).toBe("function");
    }
  });

  it("roll each engine once with requests the engines accept, and drive the GM's action dice", async () => {
    const engines = { percentile, action, wild, pi, pool } as const;
    const rolled: string[] = [];
    const gmCalls: unknown[][] = [];
    for (const macro of docs("macros")) {
      const calls: [string, ...unknown[]][] = [];
      const warnings: unknown[] = [];
      // The Foundry globals a macro may read, as plain stand-ins: a GM, one player who owns the selected token.
      const game = {
        system: { api: recordingApi(api, calls) },
        user: { id: "gm", isGM: true },
        users: [
          { id: "gm", isGM: true },
          { id: "player", isGM: false },
        ],
      };
      const canvas = { tokens: { controlled: [{ actor: { testUserPermission: (u: { id: string }) => u.id === "player" } }] } };
      const ui = { notifications: { warn: (m: unknown) => void warnings.push(m) } };
      await new AsyncFunction("game", "canvas", "ui", macro.command as string)(game, canvas, ui);
      expect(warnings, macro.name).toEqual([]);
      expect(calls.length, macro.name).toBe(1);
      for (const [member, ...args] of calls) {
        if (member !== "rollToChat") {
          gmCalls.push([member, ...args]);
          continue;
        }
        const [engine, request] = args as [EngineId, unknown];
        rolled.push(engine);
        const e: { validate(r: unknown): unknown } = engines[engine];
        expect(() => e.validate(request), macro.name).not.toThrow();
      }
    }
    expect(rolled.sort()).toEqual(["action", "percentile", "pi", "pool", "wild"]);
    expect(gmCalls).toEqual([
      ["actionDice.award", "player"],
      ["openGmPanel"],
      ["healParty", null],
      ["openRequestComposer"],
      ["actionDice.startSession"],
    ]);
  });
});
