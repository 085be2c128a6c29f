import { api } from "../api.ts";
import { registerSettingsMenus } from "../applications/settings/index.ts";
import { registerSelfCheckMenu } from "../quench/self-check-menu.ts";
import { registerSheets } from "../applications/sheets/index.ts";
import { SYSTEM_ID } from "../constants.ts";
import { NPC_TYPE_LABELS, TRACKABLE_ATTRIBUTES, TYPE_LABELS, config as actorModels } from "../data/actor/index.ts";
import { ITEM_TYPE_LABELS } from "../data/item/constants.ts";
import { config as itemModels } from "../data/item/models.ts";
import { config as cardModels } from "../data/card/model.ts";
import { ROLL_CLASSES, TERM_CLASSES } from "../dice/index.ts";
import { registerEnrichers } from "../applications/enrichers.ts";
import { registerSystemChatCommands } from "./chat-message.ts";
import { registerPluralHelper } from "../helpers/plural.ts";
import { conditionStatusEffects } from "../data/conditions/index.ts";
import { activeEffectClass } from "../data/conditions/effect-class.ts";
import { actorClass } from "../documents/actor.ts";
import { messageClass } from "../documents/chat-message.ts";
import { effectChange, registerExpiryEvent, registerStatusEffects } from "../helpers/compat.ts";
import { registerSettings } from "../helpers/settings.ts";
import { KEYBINDINGS, keysHeldNow, registerKeybindings } from "../applications/dialogs/keybindings.ts";
import { onActionPoolsChange } from "./action-pools-change.ts";
import { registerInitiativeSettings } from "../data/settings/initiative.ts";
import { registerTargetSettings } from "../data/settings/targets.ts";
import { preloadTemplates } from "../helpers/templates.ts";
import { registerActionDiceActions } from "../services/action-dice/register.ts";
import { ACTION_QUERY, handleActionQuery, onUserConnected } from "../services/gm-action.ts";
import { registerPointsActions } from "../services/points/register.ts";
import { combatClass } from "../services/combat.ts";
import { registerRequestActions } from "../services/requests/register.ts";
import { registerAutomaticActions } from "../services/automatic/register.ts";
import { registerHarmActions } from "../services/harm/register.ts";

/** The `init` hook: configuration that must exist before the world loads. */
export function onInit(): void {
  CONFIG.ROLLING_BONES = { id: SYSTEM_ID };
  // fvtt-types does not know a system's own `api` field on game.system.
  (game.system as unknown as { api: typeof api }).api = api;
  // Push, not replace: core Roll stays CONFIG.Dice.rolls[0], the class Roll.create builds (docs/foundry-notes.md §1.2).
  CONFIG.Dice.rolls.push(...ROLL_CLASSES);
  // Formula terms: parsed by denomination, and found again by class name when a message reloads.
  for (const term of TERM_CLASSES) {
    CONFIG.Dice.terms[term.DENOMINATION] = term;
    CONFIG.Dice.termTypes[term.name] = term;
  }
  // Character and NPC data models and their sheets, one of each per engine (src/data/actor, src/applications/sheets).
  CONFIG.Actor.dataModels = actorModels;
  // Behaviour on the actor itself: rollTrait, rollAttack, applyDamage, heal, addCondition, conditions, points (src/documents).
  CONFIG.Actor.documentClass = actorClass();
  CONFIG.Actor.typeLabels = { ...CONFIG.Actor.typeLabels, ...TYPE_LABELS, ...NPC_TYPE_LABELS };
  // The system's conditions as status effects (token HUD, sheets): Active Effects that change rolls.
  // v13 keeps them in an array, v14 in a record by id (helpers/compat.ts).
  registerStatusEffects(conditionStatusEffects(effectChange));
  // v14: the timed conditions' own expiry event, so core leaves their ending to the system (helpers/compat.ts).
  registerExpiryEvent("ROLLING_BONES.Harm.Timed.ExpiryEvent");
  // An item's effects reach its holder only while the item is equipped (data/conditions/effect-class.ts).
  CONFIG.ActiveEffect.documentClass = activeEffectClass();
  // The figures a token may show as bars and values (karma, points, Willpower, action dice held).
  CONFIG.Actor.trackableAttributes = structuredClone(
    TRACKABLE_ATTRIBUTES,
  ) as unknown as typeof CONFIG.Actor.trackableAttributes;
  // Equipment items (weapon, gear) and their sheet (src/data/item, src/applications/sheets/item-sheet.ts).
  CONFIG.Item.dataModels = itemModels;
  CONFIG.Item.typeLabels = { ...CONFIG.Item.typeLabels, ...ITEM_TYPE_LABELS };
  // The system's chat cards: typed messages made of parts (src/data/card).
  CONFIG.ChatMessage.dataModels = cardModels;
  // A card's parts read from the message itself: message.parts, message.part(kind) (src/documents).
  CONFIG.ChatMessage.documentClass = messageClass();
  CONFIG.ChatMessage.typeLabels = { ...CONFIG.ChatMessage.typeLabels, card: "ROLLING_BONES.Card.TypeLabel" };
  // Initiative from the combat tracker rolls through the engines (services/initiative.ts).
  // One combatant rolled with the *Open the roll dialog* keys held opens its dialog (a Wild Die
  // character's points); "Roll All" and "Roll NPCs" always roll at once. The dialog loads on first use.
  CONFIG.Combat.documentClass = combatClass({
    wanted: () => keysHeldNow(KEYBINDINGS.forceDialog),
    wild: async (options) => (await import("../applications/dialogs/initiative-dialog.ts")).askWildInitiative(options),
  });
  registerSheets();
  // The action-dice pools' settings redraw the open action sheets when they change (hooks/action-pools-change.ts).
  registerSettings(onActionPoolsChange);
  // Roll without the dialog / open it: rebindable keys, Shift by default (applications/dialogs/keybindings.ts).
  registerKeybindings();
  registerInitiativeSettings();
  registerTargetSettings();
  registerSettingsMenus();
  registerSelfCheckMenu();
  // Privileged actions reach the active GM through this query (see services/gm-action.ts).
  CONFIG.queries[ACTION_QUERY] = handleActionQuery;
  // A user joined or left: a request waiting for a GM who left goes to the GM active now.
  Hooks.on("userConnected", onUserConnected);
  // The action-dice economy's privileged actions (spends, activations, awards, sessions, undo).
  registerActionDiceActions();
  // Points and choices on the other engines (karma, assists, CP/FP, Willpower, picks, undo).
  registerPointsActions();
  // GM roll requests: the active GM records each named character's roll on the request card.
  registerRequestActions();
  // Dice-pool automatic successes a player asks the GM for (the Storyteller's call, docs/rules.md §5).
  registerAutomaticActions();
  // Damage and healing applied to actors, their Undo, and the GM's healing (docs/rules.md §6).
  registerHarmActions();
  // Roll links in enriched text: @RollPool[6|7]{Dodge} and the like (applications/enrichers.ts).
  registerEnrichers();
  // The slash commands go to v14's chat-command registry where it exists (v13 reads them in the chatMessage hook).
  registerSystemChatCommands();
  // Counted messages pick their plural form by the user's language (helpers/plural.ts).
  registerPluralHelper(Handlebars, () => game.i18n);
  void preloadTemplates();
}
