/**
 * Openers of the GM roll-request composer for always-loaded code (the API, request links, the GM
 * panel). The composer, and the request grammar that checks a draft, load the first time it is opened.
 */
import { EngineError } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";
import type { RequestDraft } from "../../services/requests/spec.ts";

/** The request grammar, loaded on first use. */
const grammar = () => import("../../services/requests/spec.ts");

/** The composer's application id (its `DEFAULT_OPTIONS.id`). */
export const COMPOSER_ID = "rolling-bones-request-composer";

/**
 * Opens the composer (GM only), starting from a draft when given (checked as a request is: a bad
 * draft is refused with one localized message and opens nothing).
 */
export async function openRequestComposer(given?: unknown): Promise<null> {
  let draft: RequestDraft | undefined;
  try {
    if (!game.user.isGM) throw new EngineError("GmOnly");
    draft = given === undefined ? undefined : (await grammar()).checkDraft(given);
  } catch (error) {
    reportError(error);
    return null;
  }
  // One composer at a time: a second open brings the open one forward (it keeps what the GM entered).
  const open = foundry.applications.instances.get(COMPOSER_ID);
  if (open) {
    open.bringToFront();
    return null;
  }
  const { RequestComposer } = await import("./composer.ts");
  await new RequestComposer(draft).render({ force: true });
  return null;
}

/** Opens the composer with a request link's values; a malformed link shows why and opens nothing. */
export async function openRequestComposerFromText(text: string, label = ""): Promise<null> {
  let draft: RequestDraft;
  try {
    draft = (await grammar()).parseRequestText(text, label);
  } catch (error) {
    reportError(error);
    return null;
  }
  return openRequestComposer(draft);
}
