/**
 * The world facts the action-dice panels are built from: users, their pools this session, and the
 * action characters each owns.
 */
import { partOf } from "../../data/card/parts.ts";
import type { ActionCharacterSource } from "../../data/actor/pure.ts";
import {
  ACTION_ACTOR_TYPE,
  classDiceSpentBy,
  currentSession,
  ECONOMY_FLAG,
  lateUsesNow,
  panelCharacterOf,
  sessionPoolOf,
  storedGmPool,
  type EconomyRecord,
} from "../../services/action-dice/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { GmPanelFacts, InsightOption, PanelCharacter, PlayerPanelFacts } from "./views.ts";

/** An action character's system data as the panels read it (the actor union hides the subtype). */
function systemOf(actor: Actor.Implementation): Partial<ActionCharacterSource> {
  return actor.system as unknown as Partial<ActionCharacterSource>;
}

/** A character as the panels show it. */
export function panelCharacter(actor: Actor.Implementation): PanelCharacter {
  const system = systemOf(actor);
  const classDice = system.classDice;
  return {
    name: actor.name ?? "",
    level: typeof system.level === "number" ? system.level : 0,
    classDice: classDice && classDice.count > 0 ? { faces: classDice.faces, count: classDice.count } : null,
  };
}

/** The action characters a player owns. */
export function charactersOf(user: User.Implementation): Actor.Implementation[] {
  return game.actors.filter((a) => a.type === ACTION_ACTOR_TYPE && a.testUserPermission(user, "OWNER"));
}

/** What the GM panel shows now. */
export function gmPanelFacts(): GmPanelFacts {
  const session = currentSession();
  const gm = storedGmPool();
  return {
    session,
    rule: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionRule),
    balanced: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionBalanced),
    gm: gm !== null && gm.session === session ? gm.state : null,
    gmUserId: game.user.id ?? "",
    players: game.users
      .filter((u) => !u.isGM)
      .map((u) => ({
        id: u.id ?? "",
        name: u.name,
        active: u.active,
        pool: sessionPoolOf(u)?.state ?? null,
        characters: charactersOf(u).map(panelCharacter),
      })),
    lateUses: lateUsesNow(),
    lang: game.i18n.lang,
    ledger: game.messages.contents.flatMap((m) => {
      const record = partOf(m, ECONOMY_FLAG) as EconomyRecord | undefined;
      return record !== undefined && record.session === session ? [{ ...record, messageId: m.id ?? "" }] : [];
    }),
  };
}

/** The character an insight roll is made for: the user's assigned character if it is one, else their highest-level one. */
export function insightCharacter(user: User.Implementation): Actor.Implementation | null {
  return panelCharacterOf(user);
}

/** The modifiers an insight roll may use: Reason, Intuition, and each skill (knowledge skills among them). */
export function insightOptions(actor: Actor.Implementation | null): InsightOption[] {
  if (!actor)
    return [{ key: "none", label: game.i18n.localize("ROLLING_BONES.ActionDice.Player.NoModifier"), modifier: 0 }];
  const system = systemOf(actor);
  const options: InsightOption[] = (["reason", "intuition"] as const).map((key) => ({
    key,
    label: game.i18n.localize(`ROLLING_BONES.ActionDice.Insight.${key}`),
    modifier: system.abilities?.[key]?.mod ?? 0,
  }));
  for (const [id, skill] of Object.entries(system.skills ?? {})) {
    options.push({ key: `skill.${id}`, label: skill.name, modifier: skill.mod });
  }
  return options;
}

/** What a player's panel shows now. */
export function playerPanelFacts(idPrefix: string): PlayerPanelFacts {
  const user = game.user;
  const actor = insightCharacter(user);
  return {
    session: currentSession(),
    pool: sessionPoolOf(user)?.state ?? null,
    character: actor ? panelCharacter(actor) : null,
    insightOptions: insightOptions(actor),
    idPrefix,
    lateUses: lateUsesNow(),
    userId: user.id ?? "",
    lang: game.i18n.lang,
    classDiceSpent: classDiceSpentBy(user.id ?? ""),
  };
}
