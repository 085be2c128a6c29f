/**
 * Formatting of the benchmark report: the machine description, number formats, and Markdown
 * tables laid out the way Prettier lays them out (so `docs/benchmarks.md` passes `format:check`).
 */

import { readFileSync } from "node:fs";
import os from "node:os";

/** The machine the benchmark ran on. */
export interface Machine {
  readonly cpus: number;
  readonly model: string;
  readonly node: string;
  readonly date: string;
  /** The 1, 5 and 15 minute load averages. */
  readonly load: readonly number[];
}

/** The CPU model named in /proc/cpuinfo, or what Node reports when that file cannot be read. */
function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    if (line !== undefined) return line.slice(line.indexOf(":") + 1).trim();
  } catch {
    // not Linux: fall back to Node's view
  }
  return os.cpus()[0]?.model ?? "unknown";
}

/** Describes this machine now. */
export function machine(): Machine {
  return {
    cpus: os.availableParallelism(),
    model: cpuModel(),
    node: process.version,
    date: new Date().toISOString(),
    load: os.loadavg(),
  };
}

/** Load averages as `1.23 / 2.34 / 3.45`. */
export function formatLoad(load: readonly number[]): string {
  return load.map((l) => l.toFixed(2)).join(" / ");
}

/** A duration in microseconds, with a unit that keeps 3 significant figures. */
export function formatMicros(micros: number): string {
  if (!Number.isFinite(micros)) return "n/a";
  if (micros >= 1000) return `${(micros / 1000).toFixed(2)} ms`;
  if (micros >= 10) return `${micros.toFixed(1)} µs`;
  return `${micros.toFixed(2)} µs`;
}

/** A rate per second as `1.23 M/s` or `456 k/s`. */
export function formatRate(perSecond: number): string {
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
  const k = perSecond / 1e3;
  return `${k.toFixed(k >= 999.5 ? 1 : 0)} k/s`; // never "1000 k/s" for a rate below 1 M/s
}

/** A ratio as `4.2×`. */
export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(1)}×`;
}

/** A yes/no verdict. */
export function verdict(ok: boolean): string {
  return ok ? "yes" : "**no**";
}

/** A table to print and to write as Markdown. */
export interface Table {
  readonly head: readonly string[];
  /** Per column: `l` (left) or `r` (right) alignment. */
  readonly align: readonly ("l" | "r")[];
  readonly rows: readonly (readonly string[])[];
}

/** Escapes the characters a Markdown table cell cannot hold as they are. */
function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** The Markdown of a table, padded as Prettier pads it. */
export function markdownTable(table: Table): string {
  const rows = [table.head, ...table.rows].map((r) => r.map(cell));
  const widths = table.head.map((_, c) => Math.max(3, ...rows.map((r) => [...(r[c] ?? "")].length)));
  const pad = (text: string, c: number): string => {
    const gap = " ".repeat((widths[c] as number) - [...text].length);
    return table.align[c] === "r" ? gap + text : text + gap;
  };
  const line = (r: readonly string[]): string => `| ${r.map((t, c) => pad(t, c)).join(" | ")} |`;
  const rule = widths.map((w, c) => (table.align[c] === "r" ? `${"-".repeat(w - 1)}:` : "-".repeat(w)));
  const [head, ...body] = rows as [string[], ...string[][]];
  return [line(head), `| ${rule.join(" | ")} |`, ...body.map(line)].join("\n");
}
