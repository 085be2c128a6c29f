/**
 * Checks, in a real world, of how the system plays with what tables already use (issue 27): the
 * fast-roll keybindings as Configure Controls holds them, Dice So Nice's dice roles (with the module
 * active), and the Token Action HUD integration (with Token Action HUD Core active). The test double
 * emulates each from public pages and public code; a failure here means its reading was wrong.
 */
import { SYSTEM_ID } from "../constants.ts";
import { bindingText, modifierOf, type KeyBinding } from "../applications/dialogs/skip.ts";
import { KEYBINDINGS, boundKeys, keysHeld, rollControlHint } from "../applications/dialogs/keybindings.ts";
import { DICE_ROLES, diceRoleOf } from "../dice/appearance.ts";
import { ROLL_FACTORIES } from "../dice/index.ts";
import { diceSoNice, hasDiceRoles } from "../integrations/dice-so-nice.ts";
import { TAH_UNRESPONSIVE_FROM, tokenActionHudIntegration, hudSubjectOf } from "../integrations/token-action-hud.ts";
import { decodeAction, hudActions, traitOfAction, HUD_LAYOUT } from "../integrations/token-action-hud-actions.ts";
import { asCharacter } from "../data/actor/pure.ts";
import { requestForTrait } from "../data/actor/trait-rolls.ts";
import { equipmentOf } from "../applications/sheets/roll-trait.ts";
import { EngineError } from "../engines/core.ts";
import { inScratch, type Assert, type QuenchApi, type QuenchContext } from "./batch.ts";
import { until } from "./fight-batch.ts";

/** What the batch reads of Token Action HUD Core: its module's `api` and the running HUD's manager. [token-action-hud-core core/api.mjs; main.mjs `game.tokenActionHud`] */
interface TahReadable {
  tokenActionHud?: { systemManager?: unknown };
}

/** What the batch reads of Dice So Nice beyond the registration API. [DSN Dice3D.js `exports.COLORSETS`; public modules' `DiceFactory.getRole(id)`] */
interface Dice3dReadable {
  exports?: { COLORSETS?: Record<string, unknown> };
  DiceFactory?: { getRole?: (id: string) => unknown };
}

/** The registered actions, as `game.keybindings.actions` holds them. [API13 ClientKeybindings#actions] */
function registeredAction(action: string): { name?: string; editable?: KeyBinding[] } | undefined {
  // fvtt-types types the map's values; only the two fields read here matter.
  const actions = game.keybindings.actions as unknown as Map<string, { name?: string; editable?: KeyBinding[] }>;
  return actions.get(`${SYSTEM_ID}.${action}`);
}

/**
 * A click that holds a binding: its modifiers as the event's flags, and its key as the event's flag
 * (a modifier key) or held on the keyboard for the duration of `fn`.
 */
function withBindingHeld<T>(binding: KeyBinding, fn: (event: MouseEvent) => T): T {
  const flags = new Set([...(binding.modifiers ?? []), modifierOf(binding.key)]);
  const event = new MouseEvent("click", {
    shiftKey: flags.has("Shift"),
    ctrlKey: flags.has("Control"),
    altKey: flags.has("Alt"),
  });
  const down = game.keyboard.downKeys;
  const added = modifierOf(binding.key) === null && !down.has(binding.key);
  if (added) down.add(binding.key);
  try {
    return fn(event);
  } finally {
    if (added) down.delete(binding.key);
  }
}

/**
 * Core draws its HUD for a controlled token of a new character of ours on the viewed scene; a Shift
 * click on one of its attribute actions (Core's `button.tah-action-button`, whose `value` is the
 * action's encoded value: token-action-hud-core `templates/action.hbs`) posts that roll's card. On
 * builds where Core's buttons stop responding (its issue 375) this fails, as the GM was told.
 */
export async function runTahClickScenario(assert: Assert): Promise<void> {
  const view = canvas as unknown as {
    ready?: boolean;
    scene?: Scene.Implementation | null;
    tokens?: { get(id: string): { control?(options?: object): unknown; release?(): unknown } | undefined };
  };
  assert.isTrue(view.ready === true && view.scene != null, "view a scene, then run the check again");
  const scene = view.scene as Scene.Implementation;
  const data = { name: "Quench HUD hero", type: "wild-character", system: {} } as unknown as Actor.CreateData;
  const actor = await Actor.implementation.create(inScratch(data));
  if (!actor) throw new Error("could not create the HUD check's character");
  const [token] = (await scene.createEmbeddedDocuments("Token", [
    { actorId: actor.id, name: actor.name, x: 0, y: 0 },
  ] as never)) as unknown as { id: string; delete(): Promise<unknown> }[];
  const posted: ChatMessage.Implementation[] = [];
  const seen = (message: ChatMessage.Implementation) => {
    if (message.speaker?.actor === actor.id) posted.push(message);
  };
  const hook = Hooks.on("createChatMessage", seen);
  try {
    if (!token) throw new Error("could not create the HUD check's token");
    assert.isTrue(await until(() => view.tokens?.get(token.id) !== undefined), "the token is drawn");
    view.tokens?.get(token.id)?.control?.({ releaseOthers: true });
    const button = () =>
      [...document.querySelectorAll<HTMLButtonElement>("button.tah-action-button")].find((b) => {
        const action = decodeAction(b.value);
        return action?.kind === "roll" && traitOfAction(action)?.kind === "attribute";
      });
    assert.isTrue(await until(() => button() !== undefined), "Core draws an attribute action for the token");
    button()?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, shiftKey: true }));
    assert.isTrue(
      await until(() => posted.length > 0),
      `the click posted the roll (Core's buttons may stop responding from build ${TAH_UNRESPONSIVE_FROM}, its issue 375)`,
    );
  } finally {
    Hooks.off("createChatMessage", hook);
    for (const message of posted) await message.delete();
    await token?.delete();
    await actor.delete();
  }
}

/** Registers the batch. */
export function registerIntegrationsBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.integrations`,
    (context: QuenchContext) => {
      const { assert } = context;
      context.describe("Fast-roll keybindings (Configure Controls → Rolling Bones)", () => {
        context.it("registers both keys with Shift as their default and a name from the language file", () => {
          for (const action of Object.values(KEYBINDINGS)) {
            const registered = registeredAction(action);
            assert.isTrue(registered !== undefined, `${action} is registered`);
            assert.deepEqual(
              (registered?.editable ?? []).map((b) => b.key),
              ["ShiftLeft", "ShiftRight"],
              `${action}'s default`,
            );
            assert.isTrue(game.i18n.has(registered?.name ?? ""), `${action}'s name is a key`);
          }
        });
        context.it("reads the user's current bindings: each one held is seen, a plain click holds none", () => {
          for (const action of Object.values(KEYBINDINGS)) {
            const bindings = boundKeys(action);
            assert.equal(keysHeld(new MouseEvent("click"), action), false, `${action}: a plain click`);
            for (const binding of bindings)
              assert.isTrue(
                withBindingHeld(binding, (event) => keysHeld(event, action)),
                `${action}: ${binding.key} held`,
              );
          }
        });
        context.it("names the bound keys in a roll control's hint", () => {
          const { keys } = rollControlHint();
          const action = game.settings.get(SYSTEM_ID, "skipDialogDefault")
            ? KEYBINDINGS.forceDialog
            : KEYBINDINGS.skipDialog;
          for (const binding of boundKeys(action))
            assert.isTrue(
              keys.includes(bindingText(binding, (k) => game.i18n.localize(k))),
              `hint names ${binding.key}`,
            );
        });
      });
      context.describe("Dice So Nice: dice roles on 6.x, colorsets on 5.x", () => {
        context.it(
          "registers a role (6.x) or a colorset (5.x) for each die that looks different, or nothing without the module",
          () => {
            const api = diceSoNice();
            if (!api) {
              assert.equal(hasDiceRoles(), false, "no module, no roles");
              return;
            }
            const readable = api as unknown as Dice3dReadable;
            for (const role of DICE_ROLES) {
              assert.isTrue(
                Object.hasOwn(readable.exports?.COLORSETS ?? {}, role.colorset),
                `colorset ${role.colorset}`,
              );
              if (hasDiceRoles(api))
                assert.isTrue(readable.DiceFactory?.getRole?.(role.id) !== undefined, `role ${role.id} registered`);
            }
          },
        );
        context.it("a bonus die names its role (6.x) or carries its colorset (5.x, or no module)", async () => {
          const roll = ROLL_FACTORIES.percentile({ bonus: 1, penalty: 0 });
          await roll.evaluate();
          const bonus = roll.dice.find((d) => d.flavor === "bonus");
          const options = (bonus?.options ?? {}) as { dsnRole?: unknown; appearance?: { colorset?: unknown } };
          const role = diceRoleOf("bonus");
          if (hasDiceRoles()) {
            assert.equal(options.dsnRole, role?.id, "the die's role");
            assert.equal(options.appearance, undefined, "no fixed colorset");
          } else assert.equal(options.appearance?.colorset, role?.colorset, "the die's colorset");
        });
      });
      context.describe("Token Action HUD: the system's integration, only with Token Action HUD Core active", () => {
        context.it("hands its integration to Core when Core is active, and nothing otherwise", () => {
          const core = game.modules.get("token-action-hud-core");
          const handed = tokenActionHudIntegration();
          if (core?.active !== true) {
            assert.equal(handed, null, "no integration without Core");
            return;
          }
          assert.isTrue(handed !== null, "integration handed over");
          const api = (core as unknown as { api?: { SystemManager?: new (...a: never[]) => unknown } }).api;
          const manager = (game as unknown as TahReadable).tokenActionHud?.systemManager;
          assert.isTrue(manager instanceof (handed?.api.SystemManager ?? Object), "Core runs the system's manager");
          assert.isTrue(
            typeof api?.SystemManager === "function" && manager instanceof api.SystemManager,
            "the manager extends Core's SystemManager",
          );
        });
        context.it("lists, for each character the user owns, actions whose traits the character can roll", () => {
          for (const actor of game.actors.filter((a) => a.isOwner)) {
            const subject = hudSubjectOf(actor);
            const character = asCharacter(actor.type, actor.system);
            if (!subject || !character) continue;
            const groups = hudActions(subject, (k) => game.i18n.localize(k), game.i18n.lang);
            const known = new Set(HUD_LAYOUT.flatMap((tab) => tab.groups.map((g) => g.id as string)));
            for (const [id, actions] of Object.entries(groups)) {
              assert.isTrue(known.has(id), `${actor.name}: group ${id} is in the layout`);
              for (const action of actions) {
                const decoded = decodeAction(action.encodedValue);
                const trait = decoded ? traitOfAction(decoded) : null;
                if (!trait) continue;
                // A stored value the engine cannot read is the sheet's message too; a trait the
                // character lacks would be the HUD's mistake.
                let rolls = true;
                try {
                  requestForTrait(character.type, character.system as never, trait, equipmentOf(actor));
                } catch (error) {
                  rolls = !(error instanceof EngineError && error.key.endsWith(".UnknownTrait"));
                }
                assert.isTrue(rolls, `${actor.name}: ${action.name} rolls`);
              }
            }
          }
        });
        if (game.modules.get("token-action-hud-core")?.active === true) {
          context.it(
            "a click on an action Core draws for a token of ours posts its roll (Shift: no dialog)",
            async () => {
              await runTahClickScenario(assert);
            },
          );
        }
      });
    },
    { displayName: "Rolling Bones: keybindings, Dice So Nice, Token Action HUD" },
  );
}
