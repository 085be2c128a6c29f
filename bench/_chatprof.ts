import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import path from "node:path";
import en from "/work/wt/w18/lang/en.json" with { type: "json" };
import { registerFoundryHelpers } from "/work/wt/w18/lab/handlebars.ts";
import { createLocalization } from "/work/wt/w18/lab/i18n.ts";
import { CARD_TEMPLATES, CARD_VIEWS, ROLL_TOTALS, cardContextOf } from "/work/wt/w18/src/dice/cards/index.ts";
import { systemPath } from "/work/wt/w18/src/constants.ts";
import { templateFiles } from "/work/wt/w18/test/support/handlebars.ts";
import { action, percentile, pi, pool, shared, wild } from "/work/wt/w18/src/engines/index.ts";
const ROOT = "/work/wt/w18";
const i18n = createLocalization(en as any);
const hb = Handlebars.create();
registerFoundryHelpers(hb, i18n);
const templates = Object.fromEntries(templateFiles().map((f) => [f, readFileSync(path.join(ROOT, f), "utf8")]));
for (const [file, source] of Object.entries(templates)) hb.registerPartial(systemPath(file), hb.compile(source));
const cards = new Map<string, any>();
for (const [engine, p] of Object.entries(CARD_TEMPLATES)) cards.set(engine, hb.compile(templates[p.slice(p.indexOf("templates/"))]!));
const ENGINES: any = { percentile, action, wild, pi, pool };
const REQUESTS: any[] = [
  ["percentile", "d% +2 bonus, rating 40", { bonus: 2, penalty: 0, column: 40 }],
  ["action", "d20+5 vs DC 15 + d6", { kind: "check", modifier: 5, dc: 15, augments: [6] }],
  ["wild", "4D+1", { dice: 4, pips: 1 }],
  ["pi", "d8 d6 d6 d4", { pool: [8, 6, 6, 4], hindrance: "minor" }],
  ["pool", "6d10 difficulty 7", { pool: 6, difficulty: 7 }],
];
const rolls = REQUESTS.map(([engine, formula, request], i) => {
  const outcome = shared.rollWith(ENGINES[engine].engine, request, shared.seededFaces(1 + i));
  const stored = engine === "action" ? { card: { owner: "u1", ledger: [], names: {} } } : {};
  return { engine, formula, request, outcome, stored, flavor: "x" };
});
function html(roll: any, doTemplate = true) {
  const total = (ROLL_TOTALS as any)[roll.engine](roll.outcome);
  const ctx = cardContextOf({ engine: roll.engine, flavor: roll.flavor, isPrivate: false, formula: roll.formula, total, request: roll.request, outcome: roll.outcome, view: (o: any) => (CARD_VIEWS as any)[roll.engine](o, roll.stored) });
  return doTemplate ? cards.get(roll.engine)({ ...ctx }) : ctx;
}
for (const r of rolls) html(r);
for (const mode of [true, false]) for (const r of rolls) {
  const N = 3000; const t0 = performance.now(); for (let i = 0; i < N; i++) html(r, mode); console.log(mode ? "full" : "view", r.engine, (((performance.now() - t0) * 1000) / N).toFixed(1), "µs");
}
const t0 = performance.now(); let k = 0; while (performance.now() - t0 < 3000) html(rolls[k++ % 5]);
// variants
function variant(name: string, setupHelpers: (h: any) => void, opts: any = {}) {
  const h = Handlebars.create(); setupHelpers(h);
  for (const [file, source] of Object.entries(templates)) h.registerPartial(systemPath(file), h.compile(source, opts));
  const c = new Map<string, any>();
  for (const [engine, p] of Object.entries(CARD_TEMPLATES)) c.set(engine, h.compile(templates[p.slice(p.indexOf("templates/"))]!, opts));
  const ctxs = rolls.map((r) => ({ e: r.engine, ctx: html(r, false) }));
  for (const x of ctxs) c.get(x.e)({ ...x.ctx });
  const N = 2000; const t0 = performance.now();
  for (let i = 0; i < N; i++) for (const x of ctxs) c.get(x.e)({ ...x.ctx });
  console.log(name, (((performance.now() - t0) * 1000) / N / ctxs.length).toFixed(1), "µs/card (template only)");
}
variant("lab helpers", (h) => registerFoundryHelpers(h, i18n));
variant("trivial helpers", (h) => { h.registerHelper("localize", (k: any) => k); h.registerHelper("concat", (a: any, b: any) => a + b); h.registerHelper("eq", (a: any, b: any) => a === b); });
variant("lab helpers knownHelpers", (h) => registerFoundryHelpers(h, i18n), { knownHelpers: { localize: true, concat: true, eq: true } });
variant("lab helpers assumeObjects", (h) => registerFoundryHelpers(h, i18n), { assumeObjects: true, knownHelpers: { localize: true, concat: true, eq: true } });
