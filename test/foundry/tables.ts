/**
 * Roll tables: the world's (`game.tables`, each in a folder or none) and compendiums of them (in
 * `game.packs`). A table rolls its formula with the world's dice and draws the result whose range
 * holds the total; it draws nothing when no result does. Tables are read, not edited, here.
 * [API13/API14 RollTable#roll → RollTableDraw (`roll`, `results`); RollTableData (`name`, `formula`,
 * `results`, `folder`, `flags`); TableResult `name` and `description` split from v12's `text`
 * (foundryvtt issue #12049); CompendiumCollection#getIndex and #getDocument]
 */
import { Roll } from "./dice.ts";
import { getProperty } from "./utils.ts";
import { strictObject } from "./strict.ts";

/** A table as stored (a compendium source's shape). */
export interface TableSpec {
  _id: string;
  name: string;
  formula: string;
  flags?: Record<string, unknown>;
  results: {
    _id: string;
    type: string;
    name?: string;
    description?: string;
    range: [number, number];
    flags?: Record<string, unknown>;
  }[];
  /** For a world table: the name of its folder, if any. */
  folder?: string | null;
}

/** A compendium of tables. */
export interface TablePackSpec {
  /** `package.name`, e.g. `rolling-bones.effect-tables`. */
  collection: string;
  packageType: "world" | "system" | "module";
  tables: TableSpec[];
}

/** A table as a client holds it. */
export class RollTableDouble {
  readonly #spec: TableSpec;

  constructor(spec: TableSpec) {
    this.#spec = structuredClone(spec);
  }

  get id(): string {
    return this.#spec._id;
  }

  get name(): string {
    return this.#spec.name;
  }

  get formula(): string {
    return this.#spec.formula;
  }

  get flags(): Record<string, unknown> {
    return structuredClone(this.#spec.flags ?? {});
  }

  /** The folder a world table is in (by name), `null` for none. [API13 RollTable#folder] */
  get folder(): { name: string } | null {
    return this.#spec.folder ? strictObject({ name: this.#spec.folder }, `folder ${this.#spec.folder}`) : null;
  }

  get results() {
    // Every document has its flags (empty when none). [API13 TableResult#flags]
    return this.#spec.results.map((r) => strictObject({ flags: {}, ...structuredClone(r) }, `result ${r._id}`));
  }

  /** [API13 Document#getFlag] */
  getFlag(scope: string, key: string): unknown {
    return getProperty(this.#spec.flags ?? {}, `${scope}.${key}`);
  }

  /** Rolls the formula and draws the result whose range holds the total (none when no result does). [API13 RollTable#roll] */
  async roll(): Promise<{ roll: { total: number | undefined }; results: RollTableDouble["results"] }> {
    const roll = new Roll(this.#spec.formula);
    await roll.evaluate();
    const total = roll.total ?? 0;
    const results = this.results.filter((r) => r.range[0] <= total && total <= r.range[1]);
    return { roll, results };
  }
}

/** `game.tables`: the world's roll tables. [API13 game.tables, a WorldCollection] */
export function createWorldTables(specs: readonly TableSpec[]) {
  const tables = specs.map((s) => new RollTableDouble(s));
  return strictObject(
    {
      get contents() {
        return [...tables];
      },
      get size() {
        return tables.length;
      },
      get: (id: string) => tables.find((t) => t.id === id),
      [Symbol.iterator]: () => tables[Symbol.iterator](),
    },
    "game.tables",
  );
}

/** A compendium of roll tables, as `game.packs` holds it. */
export function createTablePack(spec: TablePackSpec) {
  const documents = new Map<string, RollTableDouble>();
  return strictObject(
    {
      collection: spec.collection,
      documentName: "RollTable",
      locked: true,
      metadata: strictObject({ packageType: spec.packageType }, `${spec.collection} metadata`),
      // [API13 CompendiumCollection#getIndex: `_id`, `name` and the fields asked for, as stored]
      getIndex: async ({ fields = [] }: { fields?: string[] } = {}) => {
        await Promise.resolve();
        return spec.tables.map((t) => {
          const entry: Record<string, unknown> = { _id: t._id, name: t.name };
          for (const field of fields) {
            const value = getProperty(t, field);
            if (value === undefined || field === "name") continue;
            let node = entry;
            const parts = field.split(".");
            for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
            node[parts.at(-1) as string] = structuredClone(value);
          }
          return entry;
        });
      },
      getDocument: async (id: string) => {
        await Promise.resolve();
        const table = spec.tables.find((t) => t._id === id);
        if (!table) return undefined;
        let doc = documents.get(id);
        if (!doc) documents.set(id, (doc = new RollTableDouble(table)));
        return doc;
      },
    },
    `pack ${spec.collection}`,
  );
}
