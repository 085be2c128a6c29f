import { showArtNoticeOnce } from "../applications/settings/index.ts";

/** The `ready` hook: work that needs the loaded world (migrations and one-time notices, run by the active GM). */
export function onReady(): void {
  // Tells the GM once that the default Action Results Table can be replaced with the book's.
  void showArtNoticeOnce();
}
