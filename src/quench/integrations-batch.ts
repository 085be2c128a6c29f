/**
 * Checks, in a real world, of how the system plays with what tables already use (issue 27): the
 * fast-roll keybindings as Configure Controls holds them, Dice So Nice's dice roles (with the module
 * active), and the Token Action HUD integration (with Token Action HUD Core active). The test double
 * emulates each from public pages and public code; a failure here means its reading was wrong.
 */
import { SYSTEM_ID } from "../constants.ts";
import { bindingText, modifierOf, type KeyBinding } from "../applications/dialogs/skip.ts";
import { KEYBINDINGS, boundKeys, keysHeld, rollControlHint } from "../helpers/keybindings.ts";
import { DICE_ROLES, diceRoleOf } from "../dice/appearance.ts";
import { ROLL_FACTORIES } from "../dice/index.ts";
import { diceSoNice, hasDiceRoles } from "../integrations/dice-so-nice.ts";
import type { QuenchApi, QuenchContext } from "./index.ts";

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
            assert.isTrue(keys.includes(bindingText(binding, (k) => game.i18n.localize(k))), `hint names ${binding.key}`);
        });
      });
      context.describe("Dice So Nice: dice roles on 6.x, colorsets on 5.x", () => {
        context.it("registers a role (6.x) or a colorset (5.x) for each die that looks different, or nothing without the module", () => {
          const api = diceSoNice();
          if (!api) {
            assert.equal(hasDiceRoles(), false, "no module, no roles");
            return;
          }
          const readable = api as unknown as Dice3dReadable;
          for (const role of DICE_ROLES) {
            assert.isTrue(Object.hasOwn(readable.exports?.COLORSETS ?? {}, role.colorset), `colorset ${role.colorset}`);
            if (hasDiceRoles(api))
              assert.isTrue(readable.DiceFactory?.getRole?.(role.id) !== undefined, `role ${role.id} registered`);
          }
        });
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
    },
    { displayName: "Rolling Bones: keybindings, Dice So Nice, Token Action HUD" },
  );
}
