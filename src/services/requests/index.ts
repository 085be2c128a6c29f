/**
 * GM roll requests (issue 8): the GM asks named characters to roll; their rolls gather on the
 * request card. `registerRequestActions` runs in `init` on every client; the GM-side code loads on
 * the GM's first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { ANSWER_ACTION } from "./names.ts";

export * from "./names.ts";
export * from "./records.ts";
export * from "./spec.ts";

const load = () => import("./gather.ts");

/** Registers the privileged action that records a result on a request card. */
export function registerRequestActions(): void {
  registerGmAction(
    ANSWER_ACTION,
    lazyGmAction(load, (m) => m.runAnswer),
  );
}

/** On the active GM's client at start: records the results rolled while no GM was online. */
export async function gatherOnStart(): Promise<number> {
  if (!game.users.activeGM?.isSelf) return 0;
  return (await load()).gatherMissedAnswers();
}
