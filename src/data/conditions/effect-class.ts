/**
 * The system's Active Effect class: Foundry's, with one piece of system logic. An effect on an item
 * that transfers to its holder applies only while the item is equipped, which Foundry asks of a
 * system through `ActiveEffect#isSuppressed` ("is there some system logic that makes this active
 * effect ineligible for application?"; an effect is active when neither disabled nor suppressed).
 * [API13 ActiveEffect#isSuppressed, ActiveEffect#active; public systems override the getter the same
 * way, e.g. Twodsix TwodsixActiveEffect, Witcher TRPG WitcherActiveEffect]
 */

import { suppressedByItem } from "./index.ts";

/**
 * Builds the class from the one configured when the system starts (`CONFIG.ActiveEffect.documentClass`,
 * Foundry's own unless a module replaced it), to be set back as the configured class.
 */
export function activeEffectClass(): typeof CONFIG.ActiveEffect.documentClass {
  const Base = CONFIG.ActiveEffect.documentClass;
  // The subclass is the configured class with one getter more; the compiler cannot see that a
  // subclass's own methods (deleteDialog…) return the subclass, so it is told the configured type.
  return class RollingBonesActiveEffect extends Base {
    override get isSuppressed(): boolean {
      return super.isSuppressed || suppressedByItem(this.parent);
    }
  } as typeof CONFIG.ActiveEffect.documentClass;
}
