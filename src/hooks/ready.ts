/** The `ready` hook: work that needs the loaded world (migrations and one-time notices, run by the active GM). */
export function onReady(): void {
  // Nothing needs the loaded world yet.
}
