/**
 * The one-time notice on `ready`: the active GM of a world still using the default Action Results
 * Table is told, once, that the book's table can be entered, with a button that opens the editor.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { artNoticeDue, storedArt } from "../../data/settings/art-setting.ts";
import { escapeHTML } from "../../helpers/html.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { openArtEditor } from "./open.ts";

/**
 * Shows the notice when it is due (see `artNoticeDue`), records at once that it was shown (so a
 * reload or a second GM is not told again), and opens the editor when the GM asks for it.
 */
export async function showArtNoticeOnce(): Promise<void> {
  const due = artNoticeDue({
    activeGm: game.user.isGM && game.users.activeGM?.id === game.user.id,
    shown: game.settings.get(SYSTEM_ID, SETTING_KEYS.artNoticeShown),
    customTable: storedArt(game.settings.get(SYSTEM_ID, SETTING_KEYS.artTable)) !== null,
  });
  if (!due) return;
  await game.settings.set(SYSTEM_ID, SETTING_KEYS.artNoticeShown, true);
  const paragraphs = ["ROLLING_BONES.ArtNotice.Body", "ROLLING_BONES.ArtNotice.Later"]
    .map((key) => `<p>${escapeHTML(game.i18n.localize(key))}</p>`)
    .join("");
  // Read when needed, not at import: the notice is the only user of DialogV2.
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: "ROLLING_BONES.ArtNotice.Title", icon: "fa-solid fa-table" },
    classes: ["rolling-bones", "rb-art-notice"],
    content: paragraphs,
    buttons: [
      { action: "open", label: "ROLLING_BONES.ArtNotice.Open", icon: "fa-solid fa-table", default: true },
      { action: "dismiss", label: "ROLLING_BONES.ArtNotice.Dismiss", icon: "fa-solid fa-check" },
    ],
    rejectClose: false,
  });
  if (choice === "open") {
    // The editor loads when asked for, never at startup.
    await openArtEditor();
  }
}
