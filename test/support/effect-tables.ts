/**
 * The system's critical and botch tables as the test world's compendium holds them: read from the
 * committed pack sources (packs/_source/effect-tables).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TablePackSpec, TableSpec } from "../foundry/index.ts";
import { ROOT } from "./i18n.ts";

/** The system's tables, as stored. */
export function systemTables(): TableSpec[] {
  const dir = path.join(ROOT, "packs/_source/effect-tables");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as TableSpec);
}

/** The system's compendium of tables (`rolling-bones.effect-tables`). */
export function systemTablePack(): TablePackSpec {
  return { collection: "rolling-bones.effect-tables", packageType: "system", tables: systemTables() };
}
