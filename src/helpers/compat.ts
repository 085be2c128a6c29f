/**
 * Every known difference between Foundry v13 and v14 that the system touches, in one place, keyed on
 * `game.release.generation` (FOUNDRY-NOTES.md §13):
 * - v13 reads the chat visibility from the core `rollMode` setting and passes `{ rollMode }` to
 *   `ChatMessage.create`; v14 reads `messageMode` (the old key reads back null) and passes `{ messageMode }`.
 * - v13 mode ids are `publicroll`/`gmroll`/`blindroll`/`selfroll`; v14 uses `public`/`gm`/`blind`/`self`
 *   plus `ic`.
 */

/** A chat visibility mode in the system's own terms, the same on both generations. */
export type Visibility = "public" | "gm" | "blind" | "self";

const V13_IDS: Record<Visibility, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };

/** The running Foundry generation (13 or 14). */
export function generation(): number {
  return game.release?.generation ?? 13;
}

/**
 * Turns any generation's mode id (or ours) into a {@link Visibility}; unknown ids are public, and
 * v14's "in character" mode is public as far as dice are concerned.
 */
export function toVisibility(mode: string | null | undefined): Visibility {
  switch (mode) {
    case "gm":
    case "gmroll":
      return "gm";
    case "blind":
    case "blindroll":
      return "blind";
    case "self":
    case "selfroll":
      return "self";
    default:
      return "public";
  }
}

/** The mode the user has chosen in the chat controls. */
export function currentVisibility(): Visibility {
  // v14 renamed the core setting; fvtt-types (v13) does not know the new key.
  const key = generation() >= 14 ? "messageMode" : "rollMode";
  const settings = game.settings as unknown as { get(ns: string, key: string): unknown };
  return toVisibility(settings.get("core", key) as string | null);
}

/** The options `ChatMessage.create` takes to apply a visibility on the running generation. */
export function messageModeOptions(visibility: Visibility): { rollMode: string } | { messageMode: string } {
  return generation() >= 14 ? { messageMode: visibility } : { rollMode: V13_IDS[visibility] };
}

/**
 * The update that deletes one key of an object field (an entry of a `TypedObjectField`): v13 uses
 * the `-=key` syntax; v14 deprecates it for the `ForcedDeletion` operator (removed in v16).
 *
 * @param path - The object's path, e.g. `system.skills`.
 * @param key - The key to delete.
 * @returns The update data.
 */
export function deletionUpdate(path: string, key: string): Record<string, unknown> {
  if (generation() >= 14) {
    // v14 only; the v13 types do not know `foundry.data.operators`.
    const data = foundry.data as unknown as { operators: { ForcedDeletion: { create(): unknown } } };
    return { [`${path}.${key}`]: data.operators.ForcedDeletion.create() };
  }
  return { [`${path}.-=${key}`]: null };
}
