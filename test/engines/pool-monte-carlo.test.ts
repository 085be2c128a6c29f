import { describe, expect, it } from "vitest";
import { engine, odds, type PoolRequest } from "../../src/engines/pool/index.ts";
import { rollWith, seededFaces } from "../../src/engines/shared/index.ts";

describe("pool odds: 10^6 seeded rolls of 12 dice at difficulty 8", () => {
  it("every figure lies within 4σ of the exact odds", () => {
    const req: PoolRequest = { pool: 12, difficulty: 8 };
    const exact = odds(req);
    const rolls = 1_000_000;
    const source = seededFaces(20260412);
    const net = new Map<number, number>();
    const level = new Map<number, number>();
    let success = 0;
    let botch = 0;
    for (let i = 0; i < rolls; i++) {
      const out = rollWith(engine, req, source);
      net.set(out.net, (net.get(out.net) ?? 0) + 1);
      if (out.result === "success") success++;
      if (out.result === "botch") {
        botch++;
        level.set(out.botchLevel, (level.get(out.botchLevel) ?? 0) + 1);
      }
    }
    const within = (p: number, hits: number): void => {
      const sigma = Math.sqrt((p * (1 - p)) / rolls);
      expect(Math.abs(hits / rolls - p)).toBeLessThanOrEqual(4 * sigma);
    };
    within(exact.pSuccess, success);
    within(exact.pBotch, botch);
    // Values expected at least 100 times are checked one by one; the rarer ones as one bucket.
    let rareP = 0;
    let rareHits = 0;
    for (let k = 0; k <= 13; k++) {
      const p = exact.net[String(k)] ?? 0;
      if (p * rolls >= 100) within(p, net.get(k) ?? 0);
      else {
        rareP += p;
        rareHits += net.get(k) ?? 0;
      }
    }
    within(rareP, rareHits);
    for (let k = 1; k <= 3; k++) within(exact.botchLevel[String(k)] ?? 0, level.get(k) ?? 0);
  }, 30_000);
});
