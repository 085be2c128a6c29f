import { openActionDice } from "../applications/action-dice/open.ts";
import { openRequestComposer } from "../applications/requests/open.ts";
import { openDiceReport } from "../applications/report/open.ts";

/** The name of the action-dice tool in the token controls. */
export const ACTION_DICE_TOOL = "rollingBonesActionDice";

/** The name of the GM's roll-request tool in the token controls. */
export const REQUEST_TOOL = "rollingBonesRequest";

/** The name of the GM's dice-report tool in the token controls. */
export const REPORT_TOOL = "rollingBonesDiceReport";

/** A scene-control tool as v13 describes it (controls and tools are records keyed by name). */
interface ToolConfig {
  name: string;
  title: string;
  icon: string;
  order: number;
  button: boolean;
  visible: boolean;
  onChange: (event?: Event, active?: boolean) => void;
}

/** The scene controls as the hook receives them: each control by name, with its tools by name. */
export type SceneControlsRecord = Record<string, { tools?: Record<string, unknown> } | undefined>;

/**
 * The `getSceneControlButtons` hook (v13 and v14: `controls` is a record of controls keyed by name,
 * each with a `tools` record): adds a button to the token controls that opens the action-dice panel,
 * for every user (the GM gets the GM panel, a player their own), and for the GM a button that opens
 * the roll-request form and one that opens the dice report.
 *
 * @param controls - The scene controls, by name (`tokens` among them).
 */
export function onGetSceneControlButtons(controls: SceneControlsRecord): void {
  const tools = controls.tokens?.tools;
  if (!tools) return;
  const tool: ToolConfig = {
    name: ACTION_DICE_TOOL,
    title: game.i18n.localize("ROLLING_BONES.ActionDice.Control.Title"),
    icon: "fa-solid fa-dice-d20",
    order: Object.keys(tools).length,
    button: true,
    visible: true,
    onChange: () => void openActionDice(),
  };
  tools[ACTION_DICE_TOOL] = tool;
  const request: ToolConfig = {
    name: REQUEST_TOOL,
    title: game.i18n.localize("ROLLING_BONES.Request.ComposerTitle"),
    icon: "fa-solid fa-bullhorn",
    order: tool.order + 1,
    button: true,
    visible: game.user.isGM,
    onChange: () => void openRequestComposer(),
  };
  tools[REQUEST_TOOL] = request;
  tools[REPORT_TOOL] = {
    name: REPORT_TOOL,
    title: game.i18n.localize("ROLLING_BONES.Report.Open"),
    icon: "fa-solid fa-chart-column",
    order: request.order + 1,
    button: true,
    visible: game.user.isGM,
    onChange: () => void openDiceReport(),
  } satisfies ToolConfig;
}
