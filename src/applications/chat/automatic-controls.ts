/**
 * The GM's Approve and Refuse on a player's request for a dice-pool automatic success, added per
 * viewer when the request card renders (GMs only, while it waits). Each is a `data-rb-action`
 * button run from the card-control table (`card-actions.ts`); the active GM re-checks the answer.
 */
import { partOf } from "../../data/card/parts.ts";
import { systemPath } from "../../constants.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { AUTOMATIC_FLAG, type AutomaticRecord } from "../../services/automatic/names.ts";

/** The template of the GM's answer buttons. */
export const AUTOMATIC_CONTROLS_TEMPLATE = systemPath("templates/chat/automatic-controls.hbs");

const pending = new WeakMap<HTMLElement, Promise<void>>();

/** Resolves once the answer buttons of a rendered message element are in place (tests, Quench). */
export function automaticDecorated(html: HTMLElement): Promise<void> {
  return pending.get(html) ?? Promise.resolve();
}

async function decorate(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  // A system flag; the v13 types know no system flag keys.
  const record = partOf(message, AUTOMATIC_FLAG) as AutomaticRecord | undefined;
  const section = html.querySelector<HTMLElement>(".rb-card--automatic");
  if (!section || !game.user.isGM || record?.state !== "pending") return;
  section.insertAdjacentHTML("beforeend", await renderSystemTemplate(AUTOMATIC_CONTROLS_TEMPLATE, {}));
}

/** Adds the GM's answer buttons to a waiting request card, once per element (nothing for players or once decided). */
export function addAutomaticControls(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  let work = pending.get(html);
  if (!work) {
    work = decorate(message, html).catch((error: unknown) => {
      console.error("Rolling Bones | the automatic-success controls could not be added", error);
    });
    pending.set(html, work);
  }
  return work;
}
