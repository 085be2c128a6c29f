/**
 * The opener of the GM's dice report for always-loaded code (the API, the chat command, the token
 * controls). The report, its odds and its fairness test load the first time it is opened.
 */
import { EngineError } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";

/** The report's application id (its `DEFAULT_OPTIONS.id`). */
export const REPORT_ID = "rolling-bones-dice-report";

/** Opens the dice report (GM only); a second open brings the open one forward and draws it afresh. */
export async function openDiceReport(): Promise<null> {
  if (!game.user.isGM) {
    reportError(new EngineError("GmOnly"));
    return null;
  }
  const open = foundry.applications.instances.get(REPORT_ID);
  if (open) {
    open.bringToFront();
    await open.render();
    return null;
  }
  const { DiceReport } = await import("./dice-report.ts");
  await new DiceReport().render({ force: true });
  return null;
}
