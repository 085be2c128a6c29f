/**
 * The sheet of an equipment item (ApplicationV2 `ItemSheetV2` with Handlebars parts, generic as the
 * character sheets are: a non-generic subclass of the mixin makes the compiler blow up, docs/toolchain.md
 * §7-2). The body is a pure view (`itemSheetView`); every change is checked by the pure
 * `prepareItemUpdate` first, so a bad figure gets one localized message and nothing changes.
 */

import { ENGINE_OF, MAX_DOCUMENT_NAME, rollingTypeOf } from "../../data/actor/pure.ts";
import { isItemType, type ItemType } from "../../data/item/constants.ts";
import type { ItemData } from "../../data/item/pure.ts";
import { prepareItemUpdate } from "../../data/item/validators.ts";
import type { EngineId } from "../../engines/core.ts";
import type { SheetHeader } from "./character-sheet.ts";
import { applyOrReport, checkFormData, reportRefusal, sheetTemplate } from "./character-sheet.ts";
import type { ItemSheetView } from "./views/index.ts";
import type { ItemEffectData } from "./views/item.ts";
import { confirmRemoval } from "../../helpers/confirm.ts";
import { effectChanges, effectData, type EffectChangesHolder } from "../../helpers/compat.ts";

import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;
import DocumentSheetV2 = foundry.applications.api.DocumentSheetV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";

// fvtt-types exposes no `ItemSheetV2` namespace at this path (the compiler says so); an item sheet
// is a document sheet of an Item, so its context, configuration and options are the document sheet's.
/** The render context of a sheet of an Item. */
type ItemRenderContext = DocumentSheetV2.RenderContext<Item.Implementation>;
/** The configuration of a sheet of an Item. */
type ItemConfiguration = DocumentSheetV2.Configuration<Item.Implementation>;
/** The render options of a sheet of an Item. */
type ItemRenderOptions = DocumentSheetV2.RenderOptions;

/** What an item sheet's templates render. */
export interface ItemSheetContext extends ItemRenderContext {
  /** The item's name, image and type. */
  header: SheetHeader;
  /** The body, built from the item's data by a pure view function. */
  view: ItemSheetView;
  /** Whether the viewer may edit (inputs are disabled otherwise). */
  editable: boolean;
}

/**
 * The engine whose figures an item's sheet shows: its owning character's or NPC's, or `null` (every engine)
 * for an item no character holds.
 */
export function ownerEngine(actorType: unknown): EngineId | null {
  const type = rollingTypeOf(actorType);
  return type === null ? null : ENGINE_OF[type];
}

/** The sheet of a weapon or a piece of gear. */
export class RollingBonesItemSheet<
  RenderContext extends ItemSheetContext = ItemSheetContext,
  Configuration extends ItemConfiguration = ItemConfiguration,
  RenderOptions extends ItemRenderOptions = ItemRenderOptions,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["rolling-bones", "rb-sheet", "rb-item-sheet"],
    position: { width: 480, height: 620 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      createEffect: RollingBonesItemSheet.#onCreateEffect,
      editEffect: RollingBonesItemSheet.#onEditEffect,
      deleteEffect: RollingBonesItemSheet.#onDeleteEffect,
    },
  };

  static override PARTS = {
    header: { template: sheetTemplate("shared/header.hbs") },
    body: { template: sheetTemplate("item/body.hbs"), scrollable: [""] },
  };

  /** The item's type (a sheet is only registered for the system's item types). */
  get itemType(): ItemType {
    const type: unknown = this.item.type;
    if (!isItemType(type)) throw new Error(`Rolling Bones: ${String(type)} is not an item type`);
    return type;
  }

  /** The item as the pure views read it. */
  get itemData(): ItemData {
    // The item's type is one of ours (checked above), so its system is that type's data.
    return { type: this.itemType, system: this.item.system } as unknown as ItemData;
  }

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const idPrefix = `rb-${this.id}`;
    const header: SheetHeader = {
      name: this.item.name,
      img: this.item.img ?? "",
      nameId: `${idPrefix}-name`,
      nameMax: MAX_DOCUMENT_NAME,
      typeLabel: game.i18n.localize(`ROLLING_BONES.Item.${this.itemType}.label`),
    };
    // The item sheet's view is loaded on first use (it is not needed at startup).
    const [{ ViewKit }, { itemSheetView }] = await Promise.all([
      import("./views/shared.ts"),
      import("./views/item.ts"),
    ]);
    const kit = new ViewKit(game.i18n, { editable: this.isEditable, idPrefix, rollHintKey: "" });
    const view = itemSheetView(this.itemData, ownerEngine(this.item.parent?.type), kit, this.effectData);
    return { ...context, header, view, editable: this.isEditable };
  }

  /** The item's Active Effects, as its sheet lists them. */
  get effectData(): ItemEffectData[] {
    // An effect's changes are `changes` in v13 and `system.changes` in v14 (compat reads either).
    return this.item.effects.contents.map((e) => ({
      id: e.id ?? "",
      name: e.name,
      disabled: e.disabled,
      transfer: e.transfer,
      changes: effectChanges(e as EffectChangesHolder) as ItemEffectData["changes"],
    }));
  }

  /** The item's effect a button names (owners only: the buttons are not drawn for others, and checked here). */
  ownedEffect(target: HTMLElement): ActiveEffect.Implementation | undefined {
    const id = target.dataset.effectId;
    return id && this.isEditable ? this.item.effects.get(id) : undefined;
  }

  /**
   * Adds an effect that reaches the item's holder (transfer) with no changes yet, and opens Foundry's
   * own effect sheet to set them. [API13 ActiveEffectData#transfer]
   */
  static async #onCreateEffect(this: RollingBonesItemSheet): Promise<void> {
    if (!this.isEditable) return;
    const data = effectData(
      {
        name: game.i18n.localize("ROLLING_BONES.Item.Effects.NewName"),
        img: this.item.img ?? "icons/svg/aura.svg",
        transfer: true,
      },
      [],
    );
    const created = await this.item.createEmbeddedDocuments("ActiveEffect", [data as never]);
    await created?.[0]?.sheet?.render(true);
  }

  /** Opens an effect's sheet (Foundry's). */
  static async #onEditEffect(this: RollingBonesItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.ownedEffect(target)?.sheet?.render(true);
  }

  /** Deletes an effect after asking (it cannot be brought back). */
  static async #onDeleteEffect(this: RollingBonesItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = this.ownedEffect(target);
    if (!effect) return;
    const sure = await confirmRemoval(target);
    if (sure) await effect.delete();
  }

  /** Whether the submission being handled was refused by the sheet's own check. */
  #refused = false;

  /**
   * Checks a form submission with `prepareItemUpdate` before core cleans it (a figure out of range
   * is refused with one message, never clamped; see `checkFormData`).
   */
  protected override _prepareSubmitData(
    ...[event, form, formData, updateData]: Parameters<DocumentSheetV2<Item.Implementation>["_prepareSubmitData"]>
  ): ReturnType<DocumentSheetV2<Item.Implementation>["_prepareSubmitData"]> {
    this.#refused = !checkFormData(formData, (flat) => prepareItemUpdate(this.itemType, flat));
    if (this.#refused) return {};
    // Core cleans the data against the schema and throws what it refuses (a choice it does not list):
    // the user is told once, in words (details on the console), and nothing is sent.
    try {
      return super._prepareSubmitData(event, form, formData, updateData);
    } catch (error) {
      reportRefusal(error);
      this.#refused = true;
      return {};
    }
  }

  /** Sends a checked submission; a refused one is drawn again with the stored values. */
  protected override async _processSubmitData(
    ...[event, form, submitData, options]: Parameters<DocumentSheetV2<Item.Implementation>["_processSubmitData"]>
  ): Promise<void> {
    if (this.#refused) {
      this.#refused = false;
      await this.render();
      return;
    }
    // Foundry's data model may still refuse the change (a forged value): the user is told once.
    if (!(await applyOrReport(() => super._processSubmitData(event, form, submitData, options)))) await this.render();
  }
}
