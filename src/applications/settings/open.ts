/**
 * Opening the settings windows: each window's module loads on first use, never at startup (the
 * settings menus and the one-time notice open them through these).
 */

/** Opens the Action Results Table editor (its module loaded on first use). */
export async function openArtEditor(): Promise<void> {
  const { ArtEditor } = await import("./art-editor.ts");
  await new ArtEditor().render({ force: true });
}
