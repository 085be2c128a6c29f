import { SYSTEM_ID } from "../constants.ts";

/** The `init` hook: configuration that must exist before the world loads. */
export function onInit(): void {
  CONFIG.ROLLING_BONES = { id: SYSTEM_ID };
}
