/**
 * The system's Combat class, as `init` registers it; its initiative rolls (`initiative.ts`) load with
 * the first one rolled (issue 26).
 */
import type { InitiativeDialogs, InitiativeOptions } from "./initiative.ts";

/** The initiative rolls, loaded with the first one. */
const initiative = () => import("./initiative.ts");

/**
 * The system's Combat document class: initiative is rolled through the engines (see above). Built
 * on demand from the running Foundry's `Combat`, so this module loads before the world.
 *
 * @param dialogs - Whether a roll opens its dialog, and the Wild Die initiative's dialog (none: always at once).
 */
export function combatClass(dialogs: InitiativeDialogs | null = null): typeof Combat {
  return class RollingBonesCombat extends Combat {
    /**
     * Rolls each listed combatant's initiative with the system's rolls, one card each, honouring
     * core's options: `formula` rolled instead, `messageOptions` for the cards, and `updateTurn`
     * (default true) keeping the current turn on its combatant. [API13 Combat#rollInitiative]
     */
    override async rollInitiative(
      ids: string | string[],
      options: Parameters<Combat["rollInitiative"]>[1] = {},
    ): Promise<this> {
      const { formula = null, updateTurn = true, messageOptions = {} } = options as InitiativeOptions;
      const current = this.combatant?.id;
      const list = typeof ids === "string" ? [ids] : ids;
      // One combatant rolled with the *Open the roll dialog* keys held opens its roll's dialog (a
      // Wild Die character's points); "Roll All" and "Roll NPCs" always roll at once.
      const dialog = dialogs && list.length === 1 && dialogs.wanted() ? dialogs.wild : null;
      for (const id of list) {
        const combatant = this.combatants.get(id);
        if (combatant)
          await (await initiative()).rollCombatantInitiative(this, combatant, { formula, messageOptions, dialog });
      }
      if (updateTurn) await (await initiative()).keepTurn(this, current);
      return this;
    }
  } as typeof Combat;
}
