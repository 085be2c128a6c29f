import { ROLL_LINK_CLASS } from "../applications/enrichers.ts";
import { openRequestComposerFromText } from "../applications/requests/open.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { reportError } from "../helpers/notify.ts";
import { rollToChat } from "../services/roll.ts";

/**
 * Rolls the engine of a roll link that was clicked, or activated with Enter or Space (the link is
 * a `role="button"`). The parameters are read again with the world's current settings; a link that
 * no longer parses shows one localized error and posts nothing. Broken links carry no engine and
 * are ignored.
 *
 * @returns The posted message, `null` when refused, or `undefined` when the event was not for a roll link.
 */
export function onRollLinkEvent(event: Event): Promise<ChatMessage.Implementation | null> | undefined {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const link = target.closest<HTMLElement>(
    `a.${ROLL_LINK_CLASS}[data-engine], a.${ROLL_LINK_CLASS}[data-request], a.${ROLL_LINK_CLASS}[data-harm]`,
  );
  if (!link) return;
  if (event.type === "keydown") {
    const key = (event as KeyboardEvent).key;
    if (key !== "Enter" && key !== " ") return;
  }
  event.preventDefault();
  event.stopPropagation();
  if (link.dataset.harm !== undefined) {
    // Damage or healing: to the selected tokens, else the user's targets, else the user's character.
    const amount = Number(link.dataset.amount);
    const multiplier = link.dataset.harm;
    return import("../services/harm/requests.ts").then(async ({ applyDamage, linkTargets }) => {
      await applyDamage(linkTargets(), amount, { multiplier: multiplier as never });
      return null;
    });
  }
  if (link.dataset.request !== undefined) {
    // A GM roll request: the composer (GM only) opens with the link's values.
    return openRequestComposerFromText(link.dataset.request ?? "", link.dataset.label ?? "");
  }
  return rollLink(link);
}

/** Reads a roll link's parameters with the grammar (loaded on first use) and rolls it to chat. */
async function rollLink(link: HTMLElement): Promise<ChatMessage.Implementation | null> {
  const { parseEnricher } = await import("../helpers/chat-commands.ts");
  let parsed: ReturnType<typeof parseEnricher>;
  try {
    parsed = parseEnricher(link.dataset.engine ?? "", link.dataset.params ?? "", commandSettings());
  } catch (error) {
    reportError(error);
    return null;
  }
  const options = { speaker: ChatMessage.getSpeaker(), flavor: link.dataset.label };
  return rollToChat(parsed.engine, parsed.request, options);
}

/**
 * The `ready` hook part that listens for roll links: one delegated listener on the page body covers
 * journals, chat and sheets alike, whenever their content is rendered.
 */
export function listenForRollLinks(): void {
  const handler = (event: Event): void => void onRollLinkEvent(event);
  document.body.addEventListener("click", handler);
  document.body.addEventListener("keydown", handler);
}
