/**
 * What the self-check window shows (issue 41, "a check a real table can run"), Foundry-free: the
 * batches a GM may tick, each result as it comes (passed or failed, in words and with an icon, the
 * reason of a failure), the count, and a plain-text report to paste into a bug report — the Foundry
 * build, the system's version and the active modules first, then every result.
 */
import type { BatchInfo, CheckResult } from "./runner.ts";

/** What the window's words are read with (Foundry's `game.i18n`, or a test's localization). */
export interface SelfCheckLocalization {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** Where the check runs: what a bug report needs first. */
export interface SelfCheckEnvironment {
  /** Foundry's version and build (`13.351`). */
  readonly foundry: string;
  /** The system's id and version. */
  readonly system: string;
  /** The active modules, each as `id version`. */
  readonly modules: readonly string[];
}

/** The window's state. */
export interface SelfCheckState {
  readonly batches: readonly BatchInfo[];
  /** The keys ticked. */
  readonly selected: readonly string[];
  readonly results: readonly CheckResult[];
  /** `idle` before a run, `running`, or `done`. */
  readonly phase: "idle" | "running" | "done";
  readonly environment: SelfCheckEnvironment;
}

/** One result as the window lists it. */
export interface SelfCheckLine {
  readonly name: string;
  readonly ok: boolean;
  /** "Passed" or "Failed". */
  readonly verdict: string;
  readonly error: string | null;
}

/** The window's template context. */
export interface SelfCheckView {
  readonly idPrefix: string;
  readonly batches: readonly { readonly key: string; readonly name: string; readonly checked: boolean }[];
  readonly running: boolean;
  /** The status line: what is running, or the count once done; empty before a run. */
  readonly status: string;
  /** Whether any check failed (the status line then says so first). */
  readonly failed: boolean;
  readonly groups: readonly { readonly name: string; readonly lines: readonly SelfCheckLine[] }[];
  readonly environment: readonly string[];
  /** The report to copy, or empty before a run. */
  readonly report: string;
}

const KEY = "ROLLING_BONES.SelfCheck.";

/** The environment's lines. */
function environmentLines(environment: SelfCheckEnvironment, i18n: SelfCheckLocalization): string[] {
  const modules = environment.modules.length > 0 ? environment.modules.join(", ") : i18n.localize(`${KEY}NoModules`);
  return [
    i18n.format(`${KEY}Foundry`, { version: environment.foundry }),
    i18n.format(`${KEY}System`, { version: environment.system }),
    i18n.format(`${KEY}Modules`, { modules }),
  ];
}

/** The count of a run's results. */
function countText(results: readonly CheckResult[], i18n: SelfCheckLocalization): string {
  const passed = results.filter((r) => r.ok).length;
  return i18n.format(`${KEY}Count`, { passed: String(passed), total: String(results.length) });
}

/** The results grouped by batch, in the batches' order. */
function groupsOf(state: SelfCheckState, i18n: SelfCheckLocalization): SelfCheckView["groups"] {
  return state.batches.flatMap((batch) => {
    const lines = state.results
      .filter((r) => r.batch === batch.key)
      .map((r) => ({
        name: r.name,
        ok: r.ok,
        verdict: i18n.localize(r.ok ? `${KEY}Passed` : `${KEY}Failed`),
        error: r.error,
      }));
    return lines.length > 0 ? [{ name: batch.displayName, lines }] : [];
  });
}

/**
 * The report a GM copies: a title, the environment, the count, then each batch's results, a failed
 * check with its reason.
 */
export function selfCheckReport(state: SelfCheckState, i18n: SelfCheckLocalization): string {
  const lines = [
    i18n.localize(`${KEY}Title`),
    ...environmentLines(state.environment, i18n),
    countText(state.results, i18n),
  ];
  for (const group of groupsOf(state, i18n)) {
    lines.push("", group.name);
    for (const line of group.lines) {
      lines.push(`  ${line.ok ? "✔" : "✘"} ${line.verdict}: ${line.name}${line.error ? ` — ${line.error}` : ""}`);
    }
  }
  return lines.join("\n");
}

/**
 * The window's view.
 *
 * @param state - The window's state.
 * @param idPrefix - The window's id (control ids start with it).
 * @param i18n - The localization.
 */
export function selfCheckView(state: SelfCheckState, idPrefix: string, i18n: SelfCheckLocalization): SelfCheckView {
  const failed = state.results.some((r) => !r.ok);
  const last = state.results.at(-1);
  const status =
    state.phase === "running"
      ? i18n.format(`${KEY}Running`, { done: String(state.results.length), last: last?.name ?? "" })
      : state.phase === "done"
        ? `${i18n.localize(failed ? `${KEY}SomeFailed` : `${KEY}AllPassed`)} ${countText(state.results, i18n)}`
        : "";
  return {
    idPrefix,
    batches: state.batches.map((b) => ({ key: b.key, name: b.displayName, checked: state.selected.includes(b.key) })),
    running: state.phase === "running",
    status,
    failed,
    groups: groupsOf(state, i18n),
    environment: environmentLines(state.environment, i18n),
    report: state.phase === "done" ? selfCheckReport(state, i18n) : "",
  };
}
