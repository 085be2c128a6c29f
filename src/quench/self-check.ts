/**
 * The self-check window (issue 41, "a check a real table can run"): a GM settings menu that runs the
 * system's in-world checks — the same batch definitions Quench runs — with the system's own small
 * runner (`runner.ts`), so a table without Quench (or on a core Quench does not load on) can
 * still check its world. The actors the checks make go in a scratch folder, deleted afterwards with
 * anything a failed check left in it; each result is shown as it comes, and the report (Foundry build,
 * system version, active modules, every result) can be copied into a bug report. Loaded only when
 * opened.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import { systemPath } from "../constants.ts";
import { notify } from "../helpers/notify.ts";
import { releaseVersion } from "../helpers/compat.ts";
import { registerQuenchBatches } from "./index.ts";
import { useScratchFolder, type QuenchApi } from "./batch.ts";
import { listBatches, runBatches, type CheckResult } from "./runner.ts";
import {
  selfCheckView,
  type SelfCheckEnvironment,
  type SelfCheckState,
  type SelfCheckView,
} from "./self-check-view.ts";

/** The window's render context. */
export type SelfCheckContext = ApplicationV2.RenderContext & SelfCheckView;

/** Where the check runs, as a bug report names it. [API13 Game#release (version), Game#system, Game#modules] */
function environment(): SelfCheckEnvironment {
  // `game.modules` (a Collection, so a Map) holds every installed module, `active` telling which are on.
  const installed = game.modules as unknown as Map<string, { id: string; active: boolean; version?: string }>;
  const modules = [...installed.values()];
  return {
    foundry: releaseVersion(),
    system: `${game.system.id} ${game.system.version}`,
    modules: modules.filter((m) => m.active).map((m) => `${m.id} ${m.version ?? ""}`.trim()),
  };
}

/** The self-check window (GM only; opened from the system's settings). */
export class SelfCheck extends HandlebarsApplicationMixin(ApplicationV2)<SelfCheckContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["rolling-bones", "rb-self-check-window"],
    window: { title: "ROLLING_BONES.SelfCheck.Title", icon: "fa-solid fa-stethoscope", resizable: true },
    position: { width: 620, height: 680 },
    actions: {
      run: SelfCheck.#onRun,
      copy: SelfCheck.#onCopy,
    },
  };

  static override PARTS = {
    body: { template: systemPath("templates/settings/self-check.hbs"), scrollable: [".rb-self-check__results"] },
  };

  /** Runs the ticked batches. */
  static async #onRun(this: SelfCheck): Promise<void> {
    const ticked = [...this.element.querySelectorAll<HTMLInputElement>('input[name="batch"]:checked')].map(
      (input) => input.value,
    );
    await this.run(ticked);
  }

  /** Copies the report (where the browser allows it; the report stays selectable in its box). */
  static async #onCopy(this: SelfCheck): Promise<void> {
    const report = this.element.querySelector<HTMLTextAreaElement>(".rb-self-check__report");
    if (!report) return;
    report.select();
    try {
      await navigator.clipboard.writeText(report.value);
      notify("info", game.i18n.localize("ROLLING_BONES.SelfCheck.Copied"));
    } catch {
      notify("warn", game.i18n.localize("ROLLING_BONES.SelfCheck.CopyByHand"));
    }
  }

  #state: SelfCheckState;

  constructor(options: ConstructorParameters<typeof ApplicationV2>[0] = {}) {
    super(options);
    const batches = listBatches(registerQuenchBatches);
    this.#state = {
      batches,
      selected: batches.map((b) => b.key),
      results: [],
      phase: "idle",
      environment: environment(),
    };
  }

  /** The results of the last run (or of the one under way). */
  get results(): readonly CheckResult[] {
    return this.#state.results;
  }

  /**
   * Runs batches (a GM only; one run at a time): the actors they make in a scratch folder, deleted
   * afterwards with the folder; each result drawn as it comes.
   *
   * @param keys - The batches' keys (none ticked: nothing runs, and the GM is told).
   * @param register - Declares the batches (the system's, as Quench gets them).
   */
  async run(
    keys: readonly string[],
    register: (quench: QuenchApi) => void = registerQuenchBatches,
  ): Promise<readonly CheckResult[]> {
    if (!game.user.isGM) {
      notify("warn", game.i18n.localize("ROLLING_BONES.SelfCheck.GmOnly"));
      return [];
    }
    if (this.#state.phase === "running") return this.#state.results;
    if (keys.length === 0) {
      notify("warn", game.i18n.localize("ROLLING_BONES.SelfCheck.NoneTicked"));
      return [];
    }
    this.#state = {
      ...this.#state,
      batches: listBatches(register),
      selected: [...keys],
      results: [],
      phase: "running",
    };
    await this.render();
    // [API13 Folder.create: a folder of the given document type]
    const folder = (await Folder.implementation.create({
      name: game.i18n.localize("ROLLING_BONES.SelfCheck.Folder"),
      type: "Actor",
    } as never)) as unknown as { id: string; delete(): Promise<unknown> } | undefined;
    useScratchFolder(folder?.id ?? null);
    try {
      await runBatches(register, {
        only: keys,
        onResult: (result) => {
          this.#state = { ...this.#state, results: [...this.#state.results, result] };
          void this.render();
        },
      });
    } finally {
      useScratchFolder(null);
      if (folder) {
        // What a failed check left behind goes with the folder. [API13 Actor#folder]
        const left = game.actors.filter(
          (a) => (a as unknown as { folder?: { id?: string } | null }).folder?.id === folder.id,
        );
        for (const actor of left) await actor.delete();
        await folder.delete();
      }
      this.#state = { ...this.#state, phase: "done" };
      await this.render();
    }
    return this.#state.results;
  }

  protected override async _prepareContext(
    options: Parameters<ApplicationV2["_prepareContext"]>[0],
  ): Promise<SelfCheckContext> {
    const context = await super._prepareContext(options);
    return { ...context, ...selfCheckView(this.#state, this.id, game.i18n) };
  }
}
