/**
 * Dragging a trait's roll button to the hotbar makes a macro that rolls that trait of that
 * character (as a click on the button does). The sheet puts the drag data on the drag
 * (`makeTraitsDraggable`); the `hotbarDrop` hook turns it into a script macro
 * (`createTraitMacro`). The macro's command names the actor and the trait as JSON, nothing else.
 */
import { traitFromDataset, type TraitRef } from "../../data/actor/pure.ts";

/** The drag data type of a trait. */
export const TRAIT_DRAG_TYPE = "RollingBonesTrait";

/** What a dragged trait carries. */
export interface TraitDragData {
  readonly type: typeof TRAIT_DRAG_TYPE;
  readonly actorId: string;
  readonly trait: TraitRef;
  /** The macro's name: the character and the trait ("Bram Tallow: Reflex"). */
  readonly name: string;
  /** The macro's image: the character's. */
  readonly img: string;
}

/** Whether dropped data is a dragged trait (anything else is left to Foundry). */
export function isTraitDragData(data: unknown): data is TraitDragData {
  const d = data as Partial<TraitDragData> | null;
  return (
    typeof d === "object" &&
    d !== null &&
    d.type === TRAIT_DRAG_TYPE &&
    typeof d.actorId === "string" &&
    typeof d.trait?.kind === "string" &&
    typeof d.trait.key === "string"
  );
}

/** The command of a trait's macro: it rolls the trait through the system's API. */
export function traitMacroCommand(actorId: string, trait: TraitRef): string {
  const ref: TraitRef = trait.with === undefined ? { kind: trait.kind, key: trait.key } : { ...trait };
  return `await game.system.api.rollTrait(${JSON.stringify(actorId)}, ${JSON.stringify(ref)});`;
}

/**
 * Makes every roll button under `root` draggable: the drag carries the trait (see
 * {@link TraitDragData}), named with the button's label.
 */
export function makeTraitsDraggable(
  root: HTMLElement,
  actor: { id: string | null; name: string; img?: string | null },
): void {
  for (const button of root.querySelectorAll<HTMLElement>("button.rb-roll[data-kind][data-key]")) {
    button.setAttribute("draggable", "true");
    button.addEventListener("dragstart", (event) => {
      const trait = traitFromDataset(button.dataset);
      if (!trait || !actor.id || !event.dataTransfer) return;
      // A weapon's button sits in its item's draggable row: the macro, not the item, is what is dragged.
      event.stopPropagation();
      const data: TraitDragData = {
        type: TRAIT_DRAG_TYPE,
        actorId: actor.id,
        trait,
        name: `${actor.name}: ${button.getAttribute("aria-label") ?? trait.key}`,
        img: actor.img ?? "",
      };
      event.dataTransfer.setData("text/plain", JSON.stringify(data));
    });
  }
}

/** What making a macro needs from Foundry (the hook passes Foundry's own). */
export interface MacroMaker {
  /** An existing macro with this name and command, if any. */
  find(name: string, command: string): Macro.Implementation | undefined;
  create(data: {
    name: string;
    type: "script";
    img: string;
    command: string;
  }): Promise<Macro.Implementation | undefined>;
  assign(macro: Macro.Implementation, slot: number | undefined): Promise<unknown>;
}

/**
 * Puts the macro of a dropped trait on the hotbar slot: the user's existing macro of the same name
 * and command, or a new one.
 *
 * @returns The macro, or `null` when none could be made.
 */
export async function createTraitMacro(
  data: TraitDragData,
  slot: number | undefined,
  maker: MacroMaker,
): Promise<Macro.Implementation | null> {
  const command = traitMacroCommand(data.actorId, data.trait);
  const macro =
    maker.find(data.name, command) ??
    (await maker.create({ name: data.name, type: "script", img: data.img || "icons/svg/dice-target.svg", command }));
  if (!macro) return null;
  await maker.assign(macro, slot);
  return macro;
}
