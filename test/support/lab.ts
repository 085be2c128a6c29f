/**
 * The lab page as a browser-test fixture: built with its own Vite config (`vite.lab.config.ts`,
 * into `.scratch/lab-dist`) and served by Vite's preview server on a free loopback port. The system
 * CSS it shows must have been built first (`npm run build`).
 */
import path from "node:path";
import { build, preview, type PreviewServer } from "vite";
import type { Browser, Page } from "playwright-core";
import { launch } from "./browser.ts";
import { ROOT } from "./i18n.ts";

/** A running lab. */
export interface LabServer {
  /** The page's address. */
  readonly url: string;
  /** Stops the server. */
  close(): Promise<void>;
}

/** Builds the lab and serves it on a free port of 127.0.0.1. */
export async function startLab(): Promise<LabServer> {
  const configFile = path.join(ROOT, "vite.lab.config.ts");
  await build({ configFile, logLevel: "warn" });
  const server: PreviewServer = await preview({
    configFile,
    logLevel: "warn",
    preview: { host: "127.0.0.1", port: 0, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("The lab's preview server has no address");
  return { url, close: () => server.close() };
}

/** The lab open in Chromium: the served lab, the browser, its page (axe-core loaded) and the page's errors. */
export interface OpenLab {
  readonly lab: LabServer;
  readonly browser: Browser;
  readonly page: Page;
  /** Every page error and console error so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** Builds and serves the lab, opens it at 1280 × 900 in Chromium and waits until it is ready, with axe-core loaded. */
export async function openLab(): Promise<OpenLab> {
  const [lab, browser] = await Promise.all([startLab(), launch()]);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(lab.url);
  await page.waitForSelector("body[data-lab-ready]");
  await page.addScriptTag({ path: path.join(ROOT, "node_modules/axe-core/axe.min.js") });
  return {
    lab,
    browser,
    page,
    errors,
    close: async () => {
      await browser.close();
      await lab.close();
    },
  };
}
