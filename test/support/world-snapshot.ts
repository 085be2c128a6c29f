/**
 * Everything a world stores, as one JSON text: the actors (data and flags), the users (flags), the
 * messages as stored, and every world setting of the system. Two equal texts mean that nothing was
 * written between them (a refused action changed nothing, byte for byte).
 */
import type { FoundryDouble } from "../foundry/index.ts";

/** The world's stored state, as JSON. */
export function worldSnapshot(double: FoundryDouble): string {
  const { game } = double;
  const settings = [...game.settings.settings.values()]
    .filter((s) => s.scope === "world")
    .map((s) => [s.key, game.settings.get(s.namespace, s.key)]);
  return JSON.stringify({
    actors: game.actors.map((a) => [a.id, a.system, (a as unknown as { flags: unknown }).flags]),
    users: game.users.map((u) => [u.id, u.flags]),
    messages: double.storedMessages(),
    settings,
  });
}
