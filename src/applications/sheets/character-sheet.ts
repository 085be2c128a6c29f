/**
 * The base of the five character sheets (ApplicationV2 `ActorSheetV2` with Handlebars parts): the
 * header, the body a pure view describes, and the actions every sheet shares (roll a trait, add and
 * remove entries, set dots and squares, edit dice chips). Every change is checked by the pure
 * `prepareUpdate` first, so a bad value gets one localized message and nothing changes.
 */

import { systemPath } from "../../constants.ts";
import {
  asCharacter,
  ENGINE_OF,
  hasCollection,
  isNpcType,
  MAX_DOCUMENT_NAME,
  newEntry,
  rollingTypeOf,
  prepareUpdate,
  traitFromDataset,
  type ActorType,
  type CharacterSources,
  type CharacterType,
  type PreparedUpdate,
} from "../../data/actor/pure.ts";
import { deletionUpdate } from "../../helpers/compat.ts";
import { notify, reportError } from "../../helpers/notify.ts";
import { rollControlHint } from "../dialogs/keybindings.ts";
import { EngineError } from "../../engines/core.ts";
import { makeTraitsDraggable } from "./trait-macro.ts";
import { focusAfterDieRemoved, focusAfterRemove, focusCheckedDot, listenToDots } from "./dots-keys.ts";
import { confirmRemoval } from "../../helpers/confirm.ts";
import { openActionDice } from "../action-dice/open.ts";
import { MAX_FATE_LOSS_REASON } from "../../services/points/fate-loss-card.ts";
import type { CharacterView, ConditionDuration, DiceEdit, EquipmentEntry } from "./views/index.ts";
import { applyCondition } from "./condition-duration.ts";
import { readDurationPicker } from "./duration-picker.ts";
import { isItemType } from "../../data/item/constants.ts";
import type { ItemData } from "../../data/item/pure.ts";
import { conditionNameKey, conditionsOf } from "../../data/conditions/index.ts";
import { harmStateOf, woundRules } from "../../services/harm/marks.ts";
import { timedEffectsOf } from "../../services/harm/durations.ts";
import { conditionsFor } from "../../services/conditions.ts";
import { conditionLines } from "../../dice/cards/context.ts";
import { npcDefencesShown } from "../../data/settings/targets.ts";

import { behaviourOf } from "../../documents/actor.ts";
import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import HandlebarsApplicationMixin = foundry.applications.api.HandlebarsApplicationMixin;
import type { DeepPartial } from "fvtt-types/utils";

/** The points requests, loaded on the first Fate Point loss or cancelled assist (issue 26). */
const pointsRequests = () => import("../../services/points/requests.ts");

/** The header of a character sheet. */
export interface SheetHeader {
  readonly name: string;
  readonly img: string;
  readonly nameId: string;
  /** The longest name the sheet takes (the input's `maxlength`; the sheet's check refuses a longer one). */
  readonly nameMax: number;
  readonly typeLabel: string;
}

/** What a character sheet's templates render. */
export interface CharacterSheetContext extends ActorSheetV2.RenderContext {
  /** The actor's name, portrait and type. */
  header: SheetHeader;
  /** The body, built from the actor's data by a pure view function. */
  view: CharacterView;
  /** Whether the viewer may edit (inputs are disabled otherwise). */
  editable: boolean;
}

/**
 * Checks a sheet's form data with a pure `prepare` function (flat changes in, checked changes or an
 * error out) before core handles the submission: core's `_prepareSubmitData` cleans the data against
 * the schema first, which clamps a number out of its field's range (FI#12487) or throws its own
 * error, so a check made later (in `_processSubmitData`) would see a clamped value and let it pass.
 * The checked values (numbers written as text read as numbers, dependent changes made) replace the
 * form's. [API13 DocumentSheetV2#_prepareSubmitData; issue 23 fault 8]
 *
 * @param formData - The form's data (its `object` is changed in place).
 * @param prepare - The sheet's pure check.
 * @returns Whether the submission may go on; `false` after reporting the one error (nothing is sent).
 */
export function checkFormData(
  formData: { readonly object: Record<string, unknown> },
  prepare: (flat: Record<string, unknown>) => PreparedUpdate,
): boolean {
  const prepared = prepare(foundry.utils.flattenObject(formData.object) as Record<string, unknown>);
  if (!prepared.ok) {
    reportError(prepared.error);
    return false;
  }
  // The checked changes replace the form's: a key the check dropped (no field of the document, a
  // path into a prototype) is not sent.
  for (const key of Object.keys(formData.object)) {
    if (!Object.hasOwn(prepared.changes, key)) delete formData.object[key];
  }
  Object.assign(formData.object, prepared.changes);
  return true;
}

/**
 * Applies a checked change, and tells the user once when Foundry refuses it after all (its data
 * model did not validate the result): one localized message, the details on the console, nothing
 * changed. A refusal of our own checks shows its own message.
 *
 * @returns Whether the change was applied.
 */
export async function applyOrReport(apply: () => Promise<unknown>): Promise<boolean> {
  try {
    await apply();
    return true;
  } catch (error) {
    reportRefusal(error);
    return false;
  }
}

/**
 * Tells the user once that a change was refused: our own check's message, or, for Foundry's data
 * model refusing it, one localized message (the details on the console).
 */
export function reportRefusal(error: unknown): void {
  if (error instanceof EngineError) reportError(error);
  else {
    console.error("Rolling Bones | a change was refused", error);
    notify("error", game.i18n.localize("ROLLING_BONES.Error.ChangeRefused"));
  }
}

/** The path of a character sheet template. */
export function sheetTemplate(path: string): string {
  return systemPath(`templates/sheets/${path}`);
}

/** The character sheet base class; each character type has a subclass naming its body template. */
export class RollingBonesCharacterSheet<
  RenderContext extends CharacterSheetContext = CharacterSheetContext,
  Configuration extends ActorSheetV2.Configuration = ActorSheetV2.Configuration,
  RenderOptions extends ActorSheetV2.RenderOptions = ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["rolling-bones", "rb-sheet"],
    position: { width: 660, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      roll: RollingBonesCharacterSheet.#onRoll,
      addEntry: RollingBonesCharacterSheet.#onAddEntry,
      removeEntry: RollingBonesCharacterSheet.#onRemoveEntry,
      setDots: RollingBonesCharacterSheet.#onSetDots,
      cycleDie: RollingBonesCharacterSheet.#onEditDice,
      removeDie: RollingBonesCharacterSheet.#onEditDice,
      addDie: RollingBonesCharacterSheet.#onEditDice,
      cancelAssist: RollingBonesCharacterSheet.#onCancelAssist,
      createItem: RollingBonesCharacterSheet.#onCreateItem,
      editItem: RollingBonesCharacterSheet.#onEditItem,
      deleteItem: RollingBonesCharacterSheet.#onDeleteItem,
      toggleEquipped: RollingBonesCharacterSheet.#onToggleEquipped,
      openActionDice: RollingBonesCharacterSheet.#onOpenActionDice,
      loseFate: RollingBonesCharacterSheet.#onLoseFate,
      toggleCondition: RollingBonesCharacterSheet.#onToggleCondition,
      healActor: RollingBonesCharacterSheet.#onHealActor,
      endCondition: RollingBonesCharacterSheet.#onEndCondition,
    },
  };

  // Each character type's subclass adds its `body` part.
  static override PARTS = {
    header: { template: sheetTemplate("shared/header.hbs") },
  };

  /** What takes the focus after the next render, when the control that had it was replaced or removed. */
  #refocus: ((root: HTMLElement) => void) | null = null;

  /** The duration picker's last choice, kept across renders (until removed at first). */
  #conditionDuration: ConditionDuration = { units: "", value: 1 };

  /** The character type the actor rolls as: its own type, or an NPC's engine's character type (a sheet is only registered for these). */
  get characterType(): CharacterType {
    const type = rollingTypeOf(this.actor.type);
    if (type === null) throw new Error(`Rolling Bones: ${String(this.actor.type)} is not a character or NPC type`);
    return type;
  }

  /** The actor's prepared `system` data in its character type's shape (an NPC's with its points and pools empty). */
  get characterSystem(): CharacterSources[CharacterType] {
    return (asCharacter(this.actor.type, this.actor.system) as { system: CharacterSources[CharacterType] }).system;
  }

  /** The actor's stored `system` data (before derived data), for checks that compare with it. */
  get storedSystem(): unknown {
    return (this.actor as unknown as { _source: { system: unknown } })._source.system;
  }

  /** The actor's weapons and gear in their sort order, as the equipment sections read them. */
  get equipment(): EquipmentEntry[] {
    return this.actor.items.contents
      .filter((item) => isItemType(item.type))
      .sort((a, b) => a.sort - b.sort)
      .map((item) => ({
        id: item.id ?? "",
        name: item.name,
        // The item's type is one of ours (filtered above), so its system is that type's data.
        ...({ type: item.type, system: item.system } as unknown as ItemData),
      }));
  }

  /** The conditions of the actor's engine and whether each is on (an effect standing for its status). */
  get conditions(): { id: string; name: string; active: boolean }[] {
    const on = new Set(this.actor.effects.contents.flatMap((e) => [...e.statuses]));
    return conditionsOf(ENGINE_OF[this.characterType]).map((c) => ({
      id: c.id,
      name: game.i18n.localize(conditionNameKey(c.id)),
      active: on.has(c.id),
    }));
  }

  /** An own item of the actor named by a button's `data-item-id`, when the viewer may change the actor. */
  ownedItem(target: HTMLElement): Item.Implementation | undefined {
    const id = target.dataset.itemId;
    if (!id || !this.isEditable) return undefined;
    return this.actor.items.get(id);
  }

  protected override async _prepareContext(
    options: DeepPartial<RenderOptions> & { isFirstRender: boolean },
  ): Promise<RenderContext> {
    const context = await super._prepareContext(options);
    const type = this.characterType;
    const actorType: string = this.actor.type;
    const idPrefix = `rb-${this.id}`;
    const header: SheetHeader = {
      name: this.actor.name,
      img: this.actor.img ?? "",
      nameId: `${idPrefix}-name`,
      nameMax: MAX_DOCUMENT_NAME,
      typeLabel: game.i18n.localize(`ROLLING_BONES.Actor.${actorType}.label`),
    };
    // An NPC's notes: the one field its type adds to its character type's.
    const notes = (this.actor.system as { notes?: unknown }).notes;
    // The sheet views, and what the sheet reads of the points and the action dice, load when a sheet
    // first renders (a client that opens no sheet never needs them).
    const [{ characterView }, { sheetPointsOf }, { sheetActionDiceOf }] = await Promise.all([
      import("./views/index.ts"),
      import("./sheet-points.ts"),
      import("./sheet-action-dice.ts"),
    ]);
    // What a click and a click with the bound keys do on a roll button (Configure Controls, client setting).
    const hint = rollControlHint();
    const view = characterView(type, this.characterSystem, game.i18n, {
      editable: this.isEditable,
      idPrefix,
      rollHintKey: hint.key,
      rollHintKeys: hint.keys,
      points: sheetPointsOf(this.actor),
      gm: game.user.isGM,
      ...(actorType === "action-character" ? { actionDice: sheetActionDiceOf(this.actor) } : {}),
      ...(isNpcType(actorType)
        ? {
            npc: {
              notes: typeof notes === "string" ? notes : "",
              labelKey: `ROLLING_BONES.Actor.${actorType}.FIELDS.notes.label`,
              // The GM edits the figure; a player sees it only where the world shows NPC defences.
              defence: game.user.isGM ? "edit" : npcDefencesShown() ? "show" : "hide",
            },
          }
        : {}),
      equipment: this.equipment,
      conditions: this.conditions,
      conditionDuration: this.#conditionDuration,
      // Every other effect that moves the character's rolls, with where it comes from.
      effects: conditionLines(
        conditionsFor(ENGINE_OF[this.characterType], this.actor, true),
        "condition",
        game.i18n.lang,
      ),
      health: { rules: woundRules(), defeated: harmStateOf(this.actor).defeated },
      timed: timedEffectsOf(this.actor),
    });
    return { ...context, header, view, editable: this.isEditable };
  }

  /** Makes the roll buttons draggable to the hotbar (a macro that rolls the trait). */
  protected override async _onRender(
    context: DeepPartial<RenderContext>,
    options: DeepPartial<RenderOptions>,
  ): Promise<void> {
    await super._onRender(context, options);
    makeTraitsDraggable(this.element, this.actor);
    if (options.isFirstRender) {
      // The menus' keys load on first render (only some sheets have a menu), outside the startup bundle.
      const element = this.element;
      void import("../menu-keys.ts").then(({ listenToMenus }) => listenToMenus(element));
      // The duration picker's choice survives a render (its controls are not the document's).
      this.element.addEventListener("change", (event) => {
        const control = event.target;
        if (control instanceof HTMLElement && control.dataset.duration)
          this.#conditionDuration = readDurationPicker(control.closest("[data-stat]"));
      });
      listenToDots(this.element, (path, value) => {
        this.#refocus = (root) => focusCheckedDot(root, path);
        void this.applyChanges({ [path]: value });
      });
    }
    const refocus = this.#refocus;
    this.#refocus = null;
    refocus?.(this.element);
  }

  /** Whether the submission being handled was refused by the sheet's own check. */
  #refused = false;

  /**
   * Checks a form submission with `prepareUpdate` before core cleans it (a number out of range is
   * refused with one message, never clamped); a refused submission sends nothing.
   */
  protected override _prepareSubmitData(
    ...[event, form, formData, updateData]: Parameters<ActorSheetV2["_prepareSubmitData"]>
  ): ReturnType<ActorSheetV2["_prepareSubmitData"]> {
    this.#refused = !checkFormData(formData, (flat) => prepareUpdate(this.characterType, this.storedSystem, flat));
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
    ...[event, form, submitData, options]: Parameters<ActorSheetV2["_processSubmitData"]>
  ): Promise<void> {
    if (this.#refused) {
      this.#refused = false;
      await this.render();
      return;
    }
    // Foundry's data model may still refuse the change (a forged value): the user is told once.
    if (!(await applyOrReport(() => super._processSubmitData(event, form, submitData, options)))) await this.render();
  }

  /** Applies flat changes after checking them; a refused change is reported and nothing changes. */
  async applyChanges(changes: Record<string, unknown>): Promise<void> {
    const prepared = prepareUpdate(this.characterType, this.storedSystem, changes);
    if (!prepared.ok) {
      reportError(prepared.error);
      return;
    }
    await applyOrReport(() => this.actor.update(prepared.changes));
  }

  /** Rolls the trait a roll button names. */
  static async #onRoll(this: RollingBonesCharacterSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const trait = traitFromDataset(target.dataset);
    if (!trait) return;
    // The actor's own behaviour (documents/actor.ts), loaded on the first roll.
    await behaviourOf(this.actor).rollTrait(trait, event);
  }

  /** Turns one of the engine's conditions on or off (an Active Effect made from its status effect, or deleted). */
  static async #onToggleCondition(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const status = target.dataset.status ?? "";
    const condition = this.conditions.find((c) => c.id === status);
    if (!this.isEditable || !condition) return;
    if (condition.active) {
      await this.actor.toggleStatusEffect(status, { active: false });
      return;
    }
    // Until removed, or for the rounds or turns the sheet's duration picker names (docs/rules.md §6).
    const duration = readDurationPicker(target.closest("[data-stat]"));
    this.#conditionDuration = duration;
    await applyCondition(this.actor, status, duration);
  }

  /**
   * The GM heals the actor by the amount typed beside the button, or fully when it is empty,
   * recorded on a chat card with its Undo (docs/rules.md §6); a bad amount gets one message.
   */
  static async #onHealActor(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    if (!game.user.isGM) return;
    const field = target.closest("[data-stat]")?.querySelector<HTMLInputElement>("[data-stat-amount]");
    const typed = field?.value.trim() ?? "";
    // A number field gives its text; the heal checks it (a whole number from 0) and says why not.
    const amount = typed === "" ? null : Number(typed);
    if ((await behaviourOf(this.actor).heal(amount)) !== null && field) field.value = "";
  }

  /** The GM ends a timed condition early (docs/rules.md §6). */
  static async #onEndCondition(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const id = target.dataset.effect ?? "";
    if (!game.user.isGM || !this.actor.effects.get(id)) return;
    await this.actor.deleteEmbeddedDocuments("ActiveEffect", [id]);
  }

  /** Opens the viewer's action-dice panel (the GM panel for a GM). */
  static async #onOpenActionDice(this: RollingBonesCharacterSheet): Promise<void> {
    await openActionDice();
  }

  /** The GM takes a Fate Point for breaking the character's code, asking for the reason first (the `/losefate` command's action). */
  static async #onLoseFate(this: RollingBonesCharacterSheet): Promise<void> {
    if (!game.user.isGM || !this.actor.id) return;
    // Loaded on first use: only a GM takes a Fate Point, so the startup bundle does not carry the question.
    const { askText } = await import("../../helpers/ask-text.ts");
    const reason = await askText({
      title: game.i18n.format("ROLLING_BONES.Points.Sheet.TakeFateTitle", { name: this.actor.name }),
      label: game.i18n.localize("ROLLING_BONES.Points.Sheet.TakeFateReason"),
      hint: game.i18n.localize("ROLLING_BONES.Points.Sheet.TakeFateHint"),
      confirm: game.i18n.localize("ROLLING_BONES.Points.Sheet.TakeFateConfirm"),
      maxLength: MAX_FATE_LOSS_REASON,
      required: true,
    });
    if (reason === null) return;
    await (await pointsRequests()).loseFatePoint(this.actor.id, reason);
  }

  /** Cancels an assist waiting for this character's next roll (through the GM). */
  static async #onCancelAssist(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const assist = target.dataset.assist;
    if (!assist || !this.actor.id) return;
    await (await pointsRequests()).cancelAssist(this.actor.id, assist);
  }

  /** Creates a new item of the type the button names (weapon or gear) on the actor, and opens its sheet. */
  static async #onCreateItem(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const type = target.dataset.collection;
    if (!isItemType(type) || !this.isEditable) return;
    const name = game.i18n.localize(`ROLLING_BONES.Sheet.Unnamed.${type}`);
    const created = await this.actor.createEmbeddedDocuments("Item", [{ name, type }]);
    await created?.[0]?.sheet?.render(true);
  }

  /** Opens an item's own sheet (owners only: the button is not shown to others, and is checked here). */
  static async #onEditItem(this: RollingBonesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.ownedItem(target)?.sheet?.render(true);
  }

  /** Deletes an item from the actor (owners only), after asking: a deleted item cannot be brought back. */
  static async #onDeleteItem(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.ownedItem(target);
    if (!item) return;
    const sure = await confirmRemoval(target);
    if (!sure) return;
    const type = item.type;
    this.#refocus = (root) => focusAfterRemove(root, type);
    await item.delete();
  }

  /** Equips or takes off an item (owners only): its effects apply to the character only while it is equipped. */
  static async #onToggleEquipped(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const item = this.ownedItem(target);
    if (!item) return;
    const equipped = (item.system as { equipped?: unknown }).equipped !== false;
    await applyOrReport(() => item.update({ "system.equipped": !equipped } as never));
  }

  /** Adds a new entry (skill, condition…) with its default data. */
  static async #onAddEntry(this: RollingBonesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const collection = target.dataset.collection ?? "";
    const data = hasCollection(this.actor.type as ActorType, collection)
      ? newEntry(this.characterType, collection)
      : null;
    if (!data) return;
    await this.actor.update({ [`system.${collection}.${foundry.utils.randomID()}`]: data });
  }

  /** Removes an entry. */
  static async #onRemoveEntry(
    this: RollingBonesCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const { collection, id } = target.dataset;
    if (!collection || !id || newEntry(this.characterType, collection) === null) return;
    // The button's accessible name says what goes ("Remove Fencing"); a removed entry cannot be brought back.
    const sure = await confirmRemoval(target);
    if (!sure) return;
    // The row and its button go: the focus moves to the section's Add button, never to the next row's Remove.
    this.#refocus = (root) => focusAfterRemove(root, collection);
    await this.actor.update(deletionUpdate(`system.${collection}`, id));
  }

  /** Sets a rating from a pressed dot or square (pressing the top filled one clears it). */
  static async #onSetDots(this: RollingBonesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const path = target.dataset.path ?? "";
    const pressed = Number(target.dataset.value);
    const current = foundry.utils.getProperty(this.actor, path);
    if (!path.startsWith("system.") || typeof current !== "number" || !Number.isInteger(pressed)) return;
    this.#refocus = (root) => focusCheckedDot(root, path);
    const { dotTarget } = await import("./views/index.ts");
    await this.applyChanges({ [path]: dotTarget(current, pressed) });
  }

  /** Changes a die chip's size, removes it, or adds a die to an attribute pool. */
  static async #onEditDice(this: RollingBonesCharacterSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const path = target.dataset.path ?? "";
    const dice = foundry.utils.getProperty(this.actor, path);
    if (!path.startsWith("system.") || !Array.isArray(dice)) return;
    const edit: DiceEdit = { action: target.dataset.action ?? "", index: Number(target.dataset.index) };
    const { editDice } = await import("./views/index.ts");
    const next = editDice(dice as number[], edit);
    if (!next) return;
    if (edit.action === "removeDie") this.#refocus = (root) => focusAfterDieRemoved(root, path, edit.index);
    await this.applyChanges({ [path]: next });
  }
}
