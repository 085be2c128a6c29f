/** Global augments for fvtt-types: what the system adds to Foundry's configuration. */
import type { RollingBonesApi } from "../api.ts";
import type { Dice3dApi } from "../hooks/dice-so-nice-ready.ts";
import type { QuenchApi } from "../quench/index.ts";
import type { ActionReply } from "../services/gm-action.ts";

interface RollingBonesConfig {
  /** The system id. */
  id: string;
}

declare global {
  /** The system API, set when the system's module loads. */
  var rollingBones: RollingBonesApi;

  namespace CONFIG {
    /** The system's queries. */
    interface Queries {
      "rolling-bones.action": (query: { userId: string; actionId: string }) => Promise<ActionReply>;
    }
  }

  interface CONFIG {
    /** The system's own configuration. */
    ROLLING_BONES: RollingBonesConfig;
  }
}

declare module "fvtt-types/configuration" {
  /** The system's flags on documents. */
  interface FlagConfig {
    User: {
      "rolling-bones": {
        /** Privileged requests this user filed for the GM, by action id (see services/gm-action.ts). */
        requests?: Record<string, { name: string; data: unknown }>;
      };
    };
  }

  /** Our code runs once the world is ready (init-time code only touches CONFIG and settings). */
  interface AssumeHookRan {
    init: never;
    i18nInit: never;
    setup: never;
    ready: never;
  }

  namespace Hooks {
    /** The system's own hooks, documented where they fire. */
    interface HookConfig {
      "rollingBones.preRoll": (engine: string, request: unknown, visibility: string) => boolean | void;
      "rollingBones.roll": (roll: foundry.dice.Roll, message: ChatMessage.Implementation | undefined) => void;
      /** Fired by the Dice So Nice module when its API is ready. */
      diceSoNiceReady: (dice3d: Dice3dApi) => void;
      /** Fired by the Quench test module when batches can be registered. */
      quenchReady: (quench: QuenchApi) => void;
    }
  }
}

export {};
