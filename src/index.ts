/**
 * Rolling Bones entry point: a switchboard. Styles are bundled from here, and every Foundry hook is
 * registered by `registerHooks`; no game logic lives in this file.
 */
import "../styles/index.css";
import { api } from "./api.ts";
import { registerHooks } from "./hooks/index.ts";

globalThis.rollingBones = api;
registerHooks();
