/**
 * The one listener of every control on a chat card ({@link onCardClick}) and who may press one. The
 * controls themselves are declared once, in `card-control-table.ts`: its name (the button's
 * `data-rb-action`), who may press it, and what it runs. The table loads when the first card is
 * drawn, so it stays out of the startup bundle. The attribute is our own, never
 * `data-action`: the chat log is an ApplicationV2 that delegates `[data-action]` clicks to actions of
 * its own (`close` among them), so a card button must not carry one of its names, and the click stops
 * at the message element.
 *
 * The check here is for a clear refusal before anything travels; the active GM re-checks every
 * privileged request when it arrives (services/gm-action.ts) and applies it once.
 */
import { notify } from "../../helpers/notify.ts";
import type * as Table from "./card-control-table.ts";
import type { CardControlAccess, CardControlContext } from "./card-control.ts";
import { rollSectionOf } from "./roll-sections.ts";

/** The table of card controls, once loaded. */
let loaded: typeof Table | null = null;

/** Loads the table of card controls (once): when the first card is drawn, before a click can reach it. */
const table = async () => (loaded ??= await import("./card-control-table.ts"));

/** The attribute that names a card control (`data-rb-action`, read as `dataset.rbAction`). */
export const CARD_ACTION_ATTRIBUTE = "data-rb-action";

/** Whether the current user may press a control of this access on this message. */
export function mayPress(access: CardControlAccess, message: ChatMessage.Implementation, button: HTMLElement): boolean {
  const user = game.user;
  if (user.isGM || access === "anyone") return true;
  if (access === "author") return message.author?.id === user.id;
  if (access === "actorOwner") return game.actors.get(button.dataset.actor ?? "")?.isOwner ?? false;
  return false;
}

/** The card's controls, disabled while a request travels (those already disabled stay so afterwards). */
function setBusy(root: HTMLElement): () => void {
  const controls = [
    ...root.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLFieldSetElement>(
      `[${CARD_ACTION_ATTRIBUTE}], [data-dice-for], [data-source-for], [data-effect-for], [data-note-for], select[data-table-for], [data-award-reason], [data-points-controls] input, [data-points-controls] select`,
    ),
  ].filter((el) => !el.disabled);
  for (const el of controls) el.disabled = true;
  root.setAttribute("aria-busy", "true");
  return () => {
    for (const el of controls) el.disabled = false;
    root.removeAttribute("aria-busy");
  };
}

/** Runs a pressed control from the table: refused with a message when the user may not press it. */
function dispatch(controls: typeof Table, context: CardControlContext): Promise<unknown> | null | false | undefined {
  const { message, button } = context;
  const spec = controls.CARD_CONTROLS.get(button.dataset.rbAction ?? "");
  if (!spec) return undefined;
  if (!mayPress(spec.access, message, button)) {
    notify("warn", game.i18n.localize("ROLLING_BONES.CardControl.NotAllowed"));
    return false;
  }
  return spec.run(context);
}

/**
 * The one listener of every card control: finds the pressed `[data-rb-action]` button, stops the
 * click there (the chat log never sees it), checks who may press it and runs it from the table of
 * card controls. The table loads when the first card is drawn; a click that comes before it loaded
 * keeps the card's controls busy until it has (a second click waits for the first). Buttons keep
 * keyboard use (Enter and Space click a button).
 *
 * @returns The control's work, or `undefined` when the click was not on a card control.
 */
export function onCardClick(event: Event): Promise<unknown> | undefined {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest<HTMLElement>(`button[${CARD_ACTION_ATTRIBUTE}]`);
  const root = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  if (!button || !root?.contains(button)) return;
  event.preventDefault();
  event.stopPropagation();
  if ((button as HTMLButtonElement).disabled) return;
  const message = game.messages.get(root.dataset.messageId ?? "");
  if (!message) return;
  const drawn = rollSectionOf(message, root, button);
  const context: CardControlContext = {
    message,
    button,
    root,
    event,
    place: drawn?.place,
    scope: drawn?.section ?? root,
  };
  if (!loaded) {
    const waiting = setBusy(root);
    return table()
      .then((controls) => dispatch(controls, context))
      .finally(waiting);
  }
  const work = dispatch(loaded, context);
  if (work === undefined) return;
  if (work === null || work === false) return Promise.resolve(work);
  const idle = setBusy(root);
  return work.finally(idle);
}

const listening = new WeakSet<HTMLElement>();

/**
 * Installs {@link onCardClick} on a rendered message element, once per element (the
 * `renderChatMessageHTML` hook; the chat log, a popped-out message and a notification each render
 * their own element). Listening on the message element, below the chat log's own delegation, is how
 * public systems do it on v13 (WarhammerLibrary `ChatMessage#renderHTML`).
 */
export function listenForCardControls(html: HTMLElement): void {
  if (!loaded) void table();
  if (listening.has(html)) return;
  listening.add(html);
  html.addEventListener("click", (event) => void onCardClick(event));
}
