import { showArtNoticeOnce } from "../applications/settings/index.ts";
import { clearStaleRequests } from "../services/gm-action.ts";
import { gatherOnStart } from "../services/requests/index.ts";

/** The `ready` hook: work that needs the loaded world (migrations and one-time notices, run by the active GM). */
export function onReady(): void {
  // Moves equipment stored inside characters to Items, once per schema version: loaded by the active GM only.
  if (game.users.activeGM?.isSelf)
    void import("../data/migrations/world.ts").then(({ migrateWorld }) => migrateWorld());
  // Tells the GM once that the default Action Results Table can be replaced with the book's.
  void showArtNoticeOnce();
  // Adds to request cards the rolls made for them while no GM was online (active GM only).
  void gatherOnStart();
  // Removes privileged requests left in users' flags by askers who gave up (active GM only).
  void clearStaleRequests();
}
