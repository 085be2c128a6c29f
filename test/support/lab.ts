/**
 * The lab page as a browser-test fixture: built with its own Vite config (`vite.lab.config.ts`,
 * into `.scratch/lab-dist`) and served by Vite's preview server on a free loopback port. The system
 * CSS it shows must have been built first (`npm run build`).
 */
import path from "node:path";
import { build, preview, type PreviewServer } from "vite";
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
