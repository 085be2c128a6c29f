/**
 * The GM's dice report (issue 26): how each player's rolls sat against expectation this session and
 * the one before, and the fairness test of every die size entered by hand, read from the session's
 * roll record (`services/roll-record.ts`). Refresh draws it again from the record.
 */
import ApplicationV2 = foundry.applications.api.ApplicationV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../../constants.ts";
import { storedRecord } from "../../services/roll-record.ts";
import { REPORT_ID } from "./open.ts";
import { diceReportView, type DiceReportView } from "./report-view.ts";

/** The report's render context. */
export type DiceReportContext = ApplicationV2.RenderContext & DiceReportView & { idPrefix: string };

/** The GM's dice report window. */
export class DiceReport extends HandlebarsApplicationMixin(ApplicationV2)<DiceReportContext> {
  static override DEFAULT_OPTIONS = {
    id: REPORT_ID,
    classes: ["rolling-bones", "rb-action-panel", "rb-dice-report"],
    position: { width: 420, height: "auto" as const },
    window: { title: "ROLLING_BONES.Report.Title", resizable: true },
  };

  static override PARTS = {
    body: { template: systemPath("templates/report/dice-report.hbs") },
  };

  protected override async _prepareContext(
    options: DeepPartial<ApplicationV2.RenderOptions> & { isFirstRender: boolean },
  ): Promise<DiceReportContext> {
    const context = await super._prepareContext(options);
    const view = diceReportView(storedRecord(), (id) => game.users.get(id)?.name ?? id, game.i18n.lang);
    return { ...context, ...view, idPrefix: this.id };
  }
}
