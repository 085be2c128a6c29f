/**
 * GM roll requests' start-up part: the privileged action that records a result on a request card,
 * registered in `init` on every client, and the gathering of missed results on the active GM's
 * client at start. The GM-side code loads on first use.
 */
import { lazyGmAction, registerGmAction } from "../gm-action.ts";
import { ANSWER_ACTION } from "./names.ts";

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
