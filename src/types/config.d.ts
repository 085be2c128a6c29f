/** Global augments for fvtt-types: what the system adds to Foundry's configuration. */

interface RollingBonesConfig {
  /** The system id. */
  id: string;
}

declare global {
  interface CONFIG {
    /** The system's own configuration. */
    ROLLING_BONES: RollingBonesConfig;
  }
}

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    init: never;
  }
}

export {};
