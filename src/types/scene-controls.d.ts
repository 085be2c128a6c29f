/** The scene-controls hook as the system listens to it (v13+: controls and their tools are records keyed by name). */
import type { SceneControlsRecord } from "../hooks/get-scene-control-buttons.ts";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Fired while the scene controls are prepared, for modules and systems to add tools. */
      getSceneControlButtons: (controls: SceneControlsRecord) => void;
    }
  }
}

export {};
