import { showArtNoticeOnce } from "../applications/settings/index.ts";
import { clearStaleRequests } from "../services/gm-action.ts";
import { gatherOnStart } from "../services/requests/register.ts";

/**
 * The `ready` hook: work that needs the loaded world (migrations and one-time notices, run by the
 * active GM). The tasks run side by side; the promise settles when all have (Foundry does not wait
 * for it; a caller that tears the world down afterwards does).
 */
export async function onReady(): Promise<void> {
  await Promise.all([
    // Moves equipment stored inside characters to Items, once per schema version: loaded by the active GM only.
    game.users.activeGM?.isSelf
      ? import("../data/migrations/world.ts").then(({ migrateWorld }) => migrateWorld())
      : undefined,
    // Tells the GM once that the default Action Results Table can be replaced with the book's.
    showArtNoticeOnce(),
    // Adds to request cards the rolls made for them while no GM was online (active GM only).
    gatherOnStart(),
    // Removes privileged requests left in users' flags by askers who gave up (active GM only).
    clearStaleRequests(),
  ]);
}
