/**
 * Token Action HUD: when Token Action HUD Core is active, the system offers it a Rolling Bones
 * integration through its public system-integration API, the shape public adapters (SWADE, OpenD6,
 * pf2e, Titan) follow: Core fires `tokenActionHudCoreApiReady` with its module, whose `api` holds the
 * `ActionHandler`, `RollHandler` and `SystemManager` base classes; the system extends them and answers
 * with `tokenActionHudSystemReady`, handing over its `SystemManager` and the Core version it was
 * written for. [Larkinabout/fvtt-token-action-hud-core main.mjs, core/api.mjs,
 * managers/system-manager.mjs, handlers/action-handlers/action-handler.mjs, roll-handlers/roll-handler.mjs;
 * mrcomac/token-action-hud-swade module.js, action-handler.js, core-rollhandler.js]
 *
 * The HUD lists each selected token's traits, weapons (attack and damage), conditions and the spends
 * its owner holds (integrations/token-action-hud-actions.ts); a click rolls as the sheet does, checked
 * the same way (owners only). Nothing happens without the module.
 */
import { SYSTEM_ID } from "../constants.ts";
import { openActionDice } from "../applications/action-dice/open.ts";
import { behaviourOf } from "../documents/actor.ts";
import { diceText } from "../dice/rolls/action-card.ts";
import { asCharacter, isNpcType, ENGINE_OF, type CharacterType } from "../data/actor/pure.ts";
import { conditionNameKey, conditionsOf } from "../data/conditions/index.ts";
import { sessionPoolOf } from "../data/settings/action-pools.ts";
import { EngineError } from "../engines/core.ts";
import { escapeHTML } from "../helpers/html.ts";
import { notify, reportBackgroundError, reportError } from "../helpers/notify.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { generation, releaseBuild } from "../helpers/compat.ts";
import { formatNumber } from "../helpers/numbers.ts";
import {
  commonActions,
  decodeAction,
  HUD_LAYOUT,
  hudActions,
  traitOfAction,
  type HudAction,
  type HudSpend,
  type HudSubject,
} from "./token-action-hud-actions.ts";

/**
 * The first Foundry build on which Token Action HUD Core's buttons stop responding (its issue 375, open
 * when this was written; 14.363 works): docs/foundry-notes.md §13.2.
 */
export const TAH_UNRESPONSIVE_FROM = 364;

/**
 * Tells the active GM once per Foundry build, in words, that Core's buttons may not respond there (v14
 * from build {@link TAH_UNRESPONSIVE_FROM}), rather than let clicks fail silently. [API13 game.release.build]
 *
 * @returns Whether the GM was told now.
 */
export async function tellUnresponsiveBuild(): Promise<boolean> {
  const [major, build] = [generation(), releaseBuild()];
  if (major < 14 || build < TAH_UNRESPONSIVE_FROM) return false;
  if (!game.user.isGM || !game.users.activeGM?.isSelf) return false;
  if (game.settings.get(SYSTEM_ID, SETTING_KEYS.tahNoticeBuild) === build) return false;
  await game.settings.set(SYSTEM_ID, SETTING_KEYS.tahNoticeBuild, build);
  notify("warn", game.i18n.format("ROLLING_BONES.Error.TahUnresponsive", { build: `${major}.${build}` }));
  return true;
}

/** The Core version the integration is written for (its major version: Core refuses another). */
export const REQUIRED_CORE_VERSION = "2";

/** A token as the HUD hands it over. */
interface HudToken {
  readonly id: string;
  readonly actor: Actor.Implementation | null;
}

/** What the integration uses of Core's `ActionHandler`. [action-handler.mjs] */
interface CoreActionHandler {
  readonly actor: Actor.Implementation | null;
  readonly actors: readonly Actor.Implementation[] | null;
  readonly delimiter: string;
  addActions(actions: object[], group: { id: string; type: "system" }): void;
}

/** What the integration uses of Core's `RollHandler`. [roll-handler.mjs] */
interface CoreRollHandler {
  readonly actor: Actor.Implementation | null;
  readonly actors: readonly Actor.Implementation[] | null;
  readonly token: HudToken | null;
  isRenderItem(): boolean;
  renderItem(actor: Actor.Implementation, itemId: string): boolean;
}

/** Core's module as `tokenActionHudCoreApiReady` hands it over. [core/api.mjs registerApi] */
export interface TokenActionHudCore {
  api: {
    ActionHandler: new () => CoreActionHandler;
    RollHandler: new () => CoreRollHandler;
    SystemManager: new (coreModuleId: string) => object;
  };
}

/** What the system hands to `tokenActionHudSystemReady` (Core reads only its `api`). [main.mjs registerCoreModule] */
export interface TokenActionHudSystem {
  id: string;
  api: { requiredCoreModuleVersion: string; SystemManager: new (coreModuleId: string) => object };
}

let handedOver: TokenActionHudSystem | null = null;

/** The integration handed to Token Action HUD Core on this client, or `null` (Core inactive, or not yet ready). */
export function tokenActionHudIntegration(): TokenActionHudSystem | null {
  return handedOver;
}

/** Forgets the integration handed over (a world loaded again, in tests). */
export function forgetTokenActionHud(): void {
  handedOver = null;
}

/** The figures an actor's owner holds to spend, as the HUD shows them. */
function spendsOf(actor: Actor.Implementation, type: CharacterType, npc: boolean): HudSpend[] {
  if (npc) return [];
  const t = (key: string, data?: Record<string, string>) =>
    data ? game.i18n.format(key, data) : game.i18n.localize(key);
  const n = (value: number) => formatNumber(value, game.i18n.lang);
  const system = actor.system as unknown as Record<string, unknown>;
  switch (type) {
    case "percentile-character":
      return [
        { id: "karma", name: t(`ROLLING_BONES.Actor.${type}.FIELDS.karma.label`), info: n(Number(system.karma)) },
      ];
    case "action-character": {
      const owner = game.users.find((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
      const pool = owner ? (sessionPoolOf(owner)?.state ?? null) : null;
      const spends: HudSpend[] = [
        {
          id: "actionDice",
          name: t("ROLLING_BONES.Sheet.Action.Pool"),
          info: pool && pool.dice.length > 0 ? diceText(pool.dice) : t("ROLLING_BONES.Sheet.Action.NoneLeft"),
          opensActionDice: true,
        },
      ];
      const classDice = system.classDice as { faces: number; count: number } | undefined;
      if (classDice && classDice.count > 0)
        spends.push({
          id: "classDice",
          name: t(`ROLLING_BONES.Actor.${type}.FIELDS.classDice.label`),
          info: `${n(classDice.count)}d${n(classDice.faces)}`,
        });
      return spends;
    }
    case "wild-character": {
      const left = system.sessionLeft as { characterPoints: number; fatePoints: number } | undefined;
      return left
        ? [
            {
              id: "points",
              name: t("ROLLING_BONES.Sheet.Wild.Left"),
              info: t("ROLLING_BONES.Sheet.Wild.LeftValue", { cp: n(left.characterPoints), fp: n(left.fatePoints) }),
            },
          ]
        : [];
    }
    case "pool-character": {
      const willpower = system.willpower as { current: number; permanent: number };
      return [
        {
          id: "willpower",
          name: t(`ROLLING_BONES.Actor.${type}.FIELDS.willpower.label`),
          info: `${n(willpower.current)}/${n(willpower.permanent)}`,
        },
      ];
    }
    case "pi-character":
      return [];
  }
}

/** An actor as the HUD reads it, or `null` for an actor that is not one of the system's. */
export function hudSubjectOf(actor: Actor.Implementation): HudSubject | null {
  const character = asCharacter(actor.type, actor.system);
  if (!character) return null;
  const npc = isNpcType(actor.type);
  const on = new Set(actor.effects.contents.flatMap((e) => [...e.statuses]));
  const status = conditionsOf(ENGINE_OF[character.type]).map((c) => ({
    id: c.id,
    name: game.i18n.localize(conditionNameKey(c.id)),
    active: on.has(c.id),
    source: "status" as const,
  }));
  const entries =
    character.type === "pi-character"
      ? Object.entries(
          (character.system as { conditions: Record<string, { name: string; active: boolean }> }).conditions,
        ).map(([id, c]) => ({ id, name: c.name, active: c.active, source: "entry" as const }))
      : [];
  return {
    character,
    npc,
    weapons: actor.items.contents.filter((i) => i.type === "weapon").map((i) => ({ id: i.id ?? "", name: i.name })),
    conditions: [...status, ...entries],
    spends: spendsOf(actor, character.type, npc),
  };
}

/** An action in the shape Core's `addActions` takes. [action-handler.mjs createAction] */
function coreAction(action: HudAction): object {
  return {
    id: action.id,
    name: action.name,
    encodedValue: action.encodedValue,
    // Core prints `info1.text` as text; its tooltip (`title`) is read as HTML by Foundry's tooltips.
    ...(action.info === undefined ? {} : { info1: { text: action.info, title: escapeHTML(action.info) } }),
    ...(action.active === undefined ? {} : { cssClass: action.active ? "toggle active" : "toggle" }),
    ...(action.display ? { cssClass: "disabled" } : {}),
  };
}

/** Runs one click for one actor. */
async function runAction(
  handler: CoreRollHandler,
  event: Event,
  actor: Actor.Implementation,
  value: string,
): Promise<void> {
  const action = decodeAction(value);
  if (!action) return;
  switch (action.kind) {
    case "roll": {
      const trait = traitOfAction(action);
      const character = asCharacter(actor.type, actor.system);
      if (!trait || !character) return;
      // A right click on a weapon opens its sheet, as Core's other adapters do.
      if ((trait.kind === "weapon" || trait.kind === "damage") && handler.isRenderItem()) {
        handler.renderItem(actor, trait.key);
        return;
      }
      await behaviourOf(actor).rollTrait(trait, event);
      return;
    }
    case "status": {
      if (!actor.isOwner) throw new EngineError("RequestNotYours", { name: actor.name });
      const character = asCharacter(actor.type, actor.system);
      // Only one of the system's conditions of the actor's engine is toggled.
      if (!character || !conditionsOf(ENGINE_OF[character.type]).some((c) => c.id === action.key)) return;
      await actor.toggleStatusEffect(action.key);
      return;
    }
    case "piCondition": {
      if (!actor.isOwner) throw new EngineError("RequestNotYours", { name: actor.name });
      const conditions = (actor.system as unknown as { conditions?: Record<string, { active: boolean }> }).conditions;
      if (!conditions || !Object.hasOwn(conditions, action.key)) return;
      await actor.update({ [`system.conditions.${action.key}.active`]: !conditions[action.key]?.active });
      return;
    }
    case "actionDice":
      await openActionDice();
      return;
    case "show":
      return;
  }
}

/**
 * The `tokenActionHudCoreApiReady` hook (fired by Token Action HUD Core in `ready`, only when it is
 * active): builds the system's handlers on Core's base classes and hands its `SystemManager` over.
 *
 * @param coreModule - Core's module, with its `api`.
 */
export function onTokenActionHudCoreApiReady(coreModule: TokenActionHudCore): void {
  void tellUnresponsiveBuild().catch(reportBackgroundError("ROLLING_BONES.Error.HudFailed"));
  const { ActionHandler, RollHandler, SystemManager } = coreModule.api;

  /** Builds each selected token's actions (all of one token's; those common to all, for several). */
  class RollingBonesActionHandler extends ActionHandler {
    /** Called by Core to build the system's actions. */
    buildSystemActions(_groupIds: string[]): Promise<void> {
      const actors = this.actor ? [this.actor] : [...(this.actors ?? [])];
      const subjects = actors.map(hudSubjectOf);
      if (subjects.length === 0 || subjects.some((s) => s === null)) return Promise.resolve();
      const lists = (subjects as HudSubject[]).map((s) =>
        hudActions(s, (key) => game.i18n.localize(key), game.i18n.lang),
      );
      const groups = lists.length === 1 ? lists[0]! : commonActions(lists);
      for (const [id, actions] of Object.entries(groups))
        this.addActions(actions.map(coreAction), { id, type: "system" });
      return Promise.resolve();
    }
  }

  /** Runs a click for each selected token's actor. */
  class RollingBonesRollHandler extends RollHandler {
    /** Called by Core when an action of the system is clicked. */
    async handleActionClick(event: Event, encodedValue: string): Promise<void> {
      const actors = this.actor ? [this.actor] : [...(this.actors ?? [])];
      for (const actor of actors) {
        try {
          await runAction(this, event, actor, encodedValue);
        } catch (error) {
          reportError(error);
        }
      }
    }
  }

  /** The system's manager: its handlers, its one roll handler, and the HUD's default layout. */
  class RollingBonesSystemManager extends SystemManager {
    /** The action handler. */
    getActionHandler(): RollingBonesActionHandler {
      return new RollingBonesActionHandler();
    }

    /** The roll handlers a user may choose (the system's own only). */
    getAvailableRollHandlers(): Record<string, string> {
      return { core: game.i18n.localize("ROLLING_BONES.SystemTitle") };
    }

    /** The roll handler. */
    getRollHandler(_handlerId: string): RollingBonesRollHandler {
      return new RollingBonesRollHandler();
    }

    /** The default layout: the system's tabs and their groups, named in the user's language. */
    registerDefaults(): Promise<object> {
      return Promise.resolve(
        hudDefaults(
          (key) => game.i18n.localize(key),
          (key, data) => game.i18n.format(key, data),
        ),
      );
    }
  }

  const system: TokenActionHudSystem = {
    id: SYSTEM_ID,
    api: { requiredCoreModuleVersion: REQUIRED_CORE_VERSION, SystemManager: RollingBonesSystemManager },
  };
  handedOver = system;
  Hooks.call("tokenActionHudSystemReady", system);
}

/**
 * The HUD's default layout and groups as Core's `registerDefaults` returns them: each tab with its
 * groups (`nestId` joins a tab's id and a group's id with `_`), and every group once. [SWADE adapter
 * registerDefaults; action-handler.mjs group ids]
 */
export function hudDefaults(
  localize: (key: string) => string,
  format: (key: string, data: Record<string, string>) => string,
): { layout: object[]; groups: object[] } {
  const group = (g: { id: string; name: string }) => {
    const name = localize(g.name);
    return { id: g.id, name, listName: format("ROLLING_BONES.Hud.ListName", { name }), type: "system" as const };
  };
  return {
    layout: HUD_LAYOUT.map((tab) => ({
      nestId: tab.id,
      id: tab.id,
      name: localize(tab.name),
      groups: tab.groups.map((g) => ({ ...group(g), nestId: `${tab.id}_${g.id}` })),
    })),
    groups: HUD_LAYOUT.flatMap((tab) => tab.groups.map(group)),
  };
}
