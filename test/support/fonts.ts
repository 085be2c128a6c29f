/**
 * The fonts test pages load, from the npm packages the lab uses (`lab/fonts.css`): Signika, the
 * interface font a Foundry client has, and DejaVu Sans for the symbols Signika lacks. Pages fetch
 * them from a made-up origin that {@link routeFonts} answers from `node_modules`, so screenshots
 * look the same on every machine, whatever fonts it has.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "./i18n.ts";

const ORIGIN = "https://fonts.rolling-bones.invalid";

/** family, weight and the woff2 file of each face (paths inside node_modules/\@fontsource). */
const FACES: readonly (readonly [family: string, weight: number, file: string])[] = [
  ["Signika", 400, "signika/files/signika-latin-400-normal.woff2"],
  ["Signika", 600, "signika/files/signika-latin-600-normal.woff2"],
  ["Signika", 700, "signika/files/signika-latin-700-normal.woff2"],
  ["DejaVu Sans", 400, "dejavu-sans/files/dejavu-sans-latin-400-normal.woff2"],
  ["DejaVu Sans", 700, "dejavu-sans/files/dejavu-sans-latin-700-normal.woff2"],
];

/** The `@font-face` rules, and the font stack the lab uses, for a test page's `<style>`. */
export const FONT_CSS = [
  ...FACES.map(
    ([family, weight, file]) =>
      `@font-face{font-family:"${family}";font-weight:${weight};font-style:normal;src:url(${ORIGIN}/${file}) format("woff2")}`,
  ),
  `:root{--rb-font:"Signika","DejaVu Sans",sans-serif}body{font-family:var(--rb-font)}`,
].join("\n");

/** Answers the page's font requests from node_modules. */
export async function routeFonts(page: Page): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    if (!FACES.some((face) => face[2] === file)) return route.fulfill({ status: 404 });
    return route.fulfill({
      contentType: "font/woff2",
      headers: { "access-control-allow-origin": "*" },
      body: readFileSync(path.join(ROOT, "node_modules/@fontsource", file)),
    });
  });
}
