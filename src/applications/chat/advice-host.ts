/**
 * The place of an open card's advisor on the card (issue 26): a labelled disclosure whose figures are
 * worked out only when its viewer opens it, or hovers or focuses the card, never while the chat log
 * renders (the odds and the advice load then, on first use). A card the viewer left with its advisor
 * open keeps it open, and worked out afresh, when it re-renders after a spend or an undo.
 * Foundry-free: the chat hook and the lab add it the same way.
 */
import type { ControlsLocalization } from "./card-controls.ts";

/** The messages whose advisor this viewer left open. */
const openAdvisors = new Set<string>();

/** The work filling each advisor, by its element (for tests and the Quench batch). */
const filling = new WeakMap<HTMLElement, Promise<void>>();

/** Resolves once an advisor's figures are in place (at once when nothing started them). */
export function adviceFilled(details: Element | null): Promise<void> {
  return (details && filling.get(details as HTMLElement)) ?? Promise.resolve();
}

/**
 * Adds an advisor to a card: a `<details data-rb-advice>` whose body `fill` renders on first need.
 *
 * @param section - The card element.
 * @param messageId - The card's message id (keeps the advisor open across re-renders).
 * @param engine - The card's engine (`action` or `pi`), which names the advisor.
 * @param i18n - The localization.
 * @param fill - Renders the advisor's body (HTML from the system's own template).
 * @returns The advisor's element.
 */
export function addAdviceHost(
  section: HTMLElement,
  messageId: string,
  engine: "action" | "pi",
  i18n: ControlsLocalization,
  fill: () => Promise<string>,
): HTMLDetailsElement {
  const details = document.createElement("details");
  details.className = "rb-advice";
  details.dataset.rbAdvice = engine;
  const summary = document.createElement("summary");
  summary.textContent = i18n.localize(
    engine === "action" ? "ROLLING_BONES.Advice.Title" : "ROLLING_BONES.Advice.PiTitle",
  );
  const body = document.createElement("div");
  body.className = "rb-advice__body";
  body.setAttribute("aria-live", "polite");
  body.textContent = i18n.localize("ROLLING_BONES.Advice.Hint");
  details.append(summary, body);
  let started: Promise<void> | null = null;
  const run = (): void => {
    started ??= fill().then(
      (html) => {
        body.innerHTML = html;
        details.dataset.ready = "true";
      },
      (error: unknown) => {
        console.error("Rolling Bones | the card's advice could not be worked out", error);
        body.textContent = i18n.localize("ROLLING_BONES.Advice.Failed");
      },
    );
    filling.set(details, started);
  };
  details.addEventListener("toggle", () => {
    if (details.open) {
      openAdvisors.add(messageId);
      run();
    } else openAdvisors.delete(messageId);
  });
  section.addEventListener("pointerenter", run, { once: true });
  section.addEventListener("focusin", run, { once: true });
  section.append(details);
  if (openAdvisors.has(messageId)) {
    details.open = true;
    run();
  }
  return details;
}
