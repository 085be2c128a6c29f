/** Global augments for fvtt-types: what the system adds to Foundry's configuration. */
import type { RollingBonesApi } from "../api.ts";
import type { Dice3dApi } from "../integrations/dice-so-nice.ts";
import type { TokenActionHudCore, TokenActionHudSystem } from "../integrations/token-action-hud.ts";
import type { BabeleApi } from "../integrations/babele.ts";
import type { ActivationEvent, SessionEvent, SpendEvent } from "../services/action-dice/events.ts";
import type { EconomyRecord } from "../services/action-dice/economy-card.ts";
import type { ActionReply } from "../services/gm-action.ts";
import type { PendingAssist } from "../dice/rolls/points-card.ts";
import type { PointsSpendEvent } from "../services/points/actions.ts";
import type { SpendRecord } from "../services/points/ledger.ts";
import type { DialogConfiguration, RollConfiguration } from "../services/prepared-roll.ts";
import type { RequestRecord, RequestSecret } from "../services/requests/names.ts";
import type { DamageHookEvent } from "../services/harm/apply.ts";

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
    Actor: {
      "rolling-bones": {
        /** Assists waiting for this character's next percentile roll (services/points), written by the active GM. */
        assists?: PendingAssist[];
        /** The combat round in which this character last spent Willpower (services/points). */
        willpowerTurn?: string | null;
        /** The latest points spends, so a roll that could not be posted is rolled back (services/points). */
        spends?: SpendRecord[];
      };
    };
    ChatMessage: {
      "rolling-bones": {
        /** An action-dice economy card: a session start or a pool action (services/action-dice/economy-card.ts). */
        economy?: EconomyRecord;
        /** A GM roll request card (services/requests). */
        rollRequest?: RequestRecord;
        /** The GM-only note holding a roll request's hidden target (services/requests). */
        rollRequestSecret?: RequestSecret;
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
      /** Before a roll's dialog opens (or a fast roll is made); changes to the configuration take effect, `false` cancels. */
      "rollingBones.preConfigure": (config: DialogConfiguration) => boolean | void;
      /** After the dialog, before any die is thrown or point spent; changes to `config` take effect, `false` cancels. */
      "rollingBones.preRoll": (
        engine: string,
        request: unknown,
        visibility: string,
        config: RollConfiguration,
      ) => boolean | void;
      "rollingBones.roll": (roll: foundry.dice.Roll, message: ChatMessage.Implementation | undefined) => void;
      /** Before action dice leave a pool (on the active GM's client); `false` refuses the spend. */
      "rollingBones.preSpend": (spend: SpendEvent) => boolean | void;
      /** Action dice left a pool (on the active GM's client). */
      "rollingBones.spend": (spend: SpendEvent) => void;
      /** Before points leave a character (karma, an assist, CP, a Fate Point, Willpower; on the active GM's client); `false` refuses. */
      "rollingBones.prePointsSpend": (spend: PointsSpendEvent) => boolean | void;
      /** Points left a character (on the active GM's client); the roll is posted next. */
      "rollingBones.pointsSpend": (spend: PointsSpendEvent) => void;
      /** Dice were added to a botch or a special botch (on the active GM's client). */
      "rollingBones.botchActivated": (activation: ActivationEvent) => void;
      /** Dice were added to a critical threat (on the active GM's client). */
      "rollingBones.criticalActivated": (activation: ActivationEvent) => void;
      /** A session started: pools refilled, per-session counters reset (on the active GM's client). */
      "rollingBones.sessionStarted": (session: SessionEvent) => void;
      /** Before damage or healing is applied to an actor, or an application undone (on the active GM's client); `false` cancels. */
      "rollingBones.preDamageApplied": (event: DamageHookEvent) => boolean | void;
      /** Damage or healing was applied to an actor, or an application undone, and recorded on its card (on the active GM's client). */
      "rollingBones.damageApplied": (event: DamageHookEvent) => void;
      /** Fired by the Dice So Nice module when its API is ready. */
      diceSoNiceReady: (dice3d: Dice3dApi) => void;
      /** Fired by Token Action HUD Core in `ready` with its module (integrations/token-action-hud.ts). */
      tokenActionHudCoreApiReady: (coreModule: TokenActionHudCore) => void;
      /** Called by a system or module to hand its integration to Token Action HUD Core. */
      tokenActionHudSystemReady: (system: TokenActionHudSystem) => void;
      /** Fired by Babele when it starts, with its API (integrations/babele.ts). */
      "babele.init": (babele: BabeleApi) => void;
    }
  }
}

export {};
