/**
 * One child of the advice bench's first-open pass (`bench/advice.ts`): times the first call of one
 * case in this fresh process and prints it as JSON (`{ wall, cpu }` in µs). Run as
 * `node --expose-gc advice-child.mjs <case> <after-panel|whole>`: `after-panel` first computes the
 * dialog's odds panel (untimed), as the dialog does before its tables, then times the tables;
 * `whole` times the panel and the tables together, the dialog's whole first computation.
 */
import { adviceCases } from "./advice-cases.ts";

const index = Number(process.argv[2]);
const whole = process.argv[3] === "whole";
const found = adviceCases()[index];
if (found === undefined) throw new Error(`bench: no advice case ${index}`);
const panel = found.panel?.[0];
if (!whole) panel?.();
(globalThis as { gc?: () => void }).gc?.();
const u0 = process.cpuUsage();
const t0 = performance.now();
if (whole) panel?.();
const result = found.first();
const wall = (performance.now() - t0) * 1000;
const u = process.cpuUsage(u0);
if (result === undefined) throw new Error("bench: a timed call returned undefined");
process.stdout.write(JSON.stringify({ wall, cpu: u.user + u.system }));
