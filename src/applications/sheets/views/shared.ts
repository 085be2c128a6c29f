/**
 * The pieces every character sheet view is made of: inputs, roll and remove buttons, dots and
 * squares, rows and sections. Views are plain data built by pure functions from a character's
 * `system` data, with every label already localized, so the Handlebars templates only lay them out
 * and tests can build the exact context a sheet renders.
 */

import type { harm } from "../../../engines/core.ts";
import type { ItemData } from "../../../data/item/pure.ts";
import { MAX_NAME_LENGTH, type TraitRef } from "../../../data/actor/pure.ts";
import { escapeHTML } from "../../../helpers/html.ts";
import type { PendingAssist } from "../../../dice/rolls/points-card.ts";
import type { ConditionLine } from "../../../dice/cards/context.ts";

/** Localization, as `game.i18n` offers it. */
export interface Localizer {
  /** The text of a key. */
  localize(key: string): string;
  /** The text of a key with `{name}` placeholders filled in. */
  format(key: string, data: Record<string, string>): string;
  /** The language tag (numbers and their signs are written in it). */
  readonly lang: string;
}

/** An item of a character, as its equipment list reads it. */
export type EquipmentEntry = ItemData & { readonly id: string; readonly name: string };

/** What a sheet needs to show health beyond the actor's data. */
export interface SheetHealth {
  /** The world's wound rules. */
  readonly rules: harm.WoundRules;
  /** Whether the actor carries the defeated mark. */
  readonly defeated: boolean;
}

/** An effect that lasts rounds or turns, as the sheet shows it. */
export interface TimedView {
  /** The effect's id. */
  readonly id: string;
  /** Its name (text). */
  readonly name: string;
  /** How much is left, in its units. */
  readonly value: number;
  readonly units: harm.DurationUnit;
}

/** Options of a sheet view. */
export interface ViewOptions {
  /** Whether the viewer may edit the actor (otherwise inputs are disabled and edit buttons hidden). */
  readonly editable: boolean;
  /** A prefix for element ids, unique per rendered sheet (labels point at inputs by id). */
  readonly idPrefix: string;
  /** The localization key of what a click and a click with the bound keys do on a roll button (applications/dialogs/keybindings.ts). */
  readonly rollHintKey: string;
  /** The bound keys the hint names, as text (`{keys}` in the hint; absent: none). */
  readonly rollHintKeys?: string;
  /** What the character's points depend on beyond its data (flags, settings, combat); absent: the defaults. */
  readonly points?: SheetPoints;
  /** An action character's action dice this session (its players' pools, its class dice); absent: not shown. */
  readonly actionDice?: SheetActionDice;
  /** Whether the viewer is a GM, who alone may correct the counters the rolls keep (absent: not a GM). */
  readonly gm?: boolean;
  /** The character's items (weapons and gear); absent: no equipment sections. */
  readonly equipment?: readonly EquipmentEntry[];
  /** The engine's conditions (status effects) and whether each is on the actor; absent or empty: not shown. */
  readonly conditions?: readonly { readonly id: string; readonly name: string; readonly active: boolean }[];
  /** How long a condition applied from the sheet lasts (the editor's last choice; until removed when absent). */
  readonly conditionDuration?: ConditionDuration;
  /**
   * The other effects on the character that move its rolls (an item's, a GM's own), each with what it
   * moves and where it comes from (the item's name, or `null` on the character); listed with the
   * conditions, so the sheet has one list of what applies.
   */
  readonly effects?: readonly ConditionLine[];
  /** An NPC's notes and the key of their label: present, the sheet is an NPC's (no points or pools, notes). */
  readonly npc?: {
    readonly notes: string;
    readonly labelKey: string;
    /**
     * How its defence figure is shown (docs/rules.md §6, issue 35 point 3): the GM edits it, a player sees it
     * only where the world shows NPC defences; left out when omitted.
     */
    readonly defence?: "edit" | "show" | "hide";
  };
  /** The world's wound rules and the defeated mark, for the health figures; absent: the default rules, not defeated. */
  readonly health?: SheetHealth;
  /** The effects on the actor that last a number of rounds or turns, with how much each has left; absent or empty: not shown. */
  readonly timed?: readonly TimedView[];
}

/** The action dice an action character's sheet shows (read-only): its players' pools and its class dice. */
export interface SheetActionDice {
  /** The session number (0 before the first session). */
  readonly session: number;
  /** The pool of each player who owns the character (a pool belongs to a player, not to a character). */
  readonly owners: readonly {
    readonly name: string;
    /** The dice left by size, e.g. `2d6 + 1d4` (empty when none are left). */
    readonly dice: string;
    /** Dice used or spent this session. */
    readonly spent: number;
    /** Whether the player has a pool this session. */
    readonly hasPool: boolean;
  }[];
  /** The character's class bonus dice: their size, how many are left this session, and how many a session gives; `null` without. */
  readonly classDice: { readonly faces: number; readonly left: number; readonly perSession: number } | null;
}

/** The points facts a sheet shows that are not in the character's data. */
export interface SheetPoints {
  /** Percentile: the assists waiting for the character's next roll. */
  readonly assists: readonly PendingAssist[];
  /** Whether the viewer may cancel a waiting assist (an owner of the character, or a GM). */
  readonly canCancelAssists: boolean;
  /** Wild: Character Points allowed per session (GM setting). */
  readonly cpSessionLimit: number;
  /** Pool: whether this turn's Willpower point is spent (`perRoll` outside combat). */
  readonly willpowerTurn: "available" | "spent" | "perRoll";
}

/** One item of a stat's list, with an optional button (e.g. cancel a waiting assist). */
export interface StatItemView {
  readonly text: string;
  readonly button?: {
    readonly action: string;
    /** The visible text. */
    readonly text: string;
    /** The accessible name (says what it acts on). */
    readonly label: string;
    readonly data: Readonly<Record<string, string>>;
    /** A Font Awesome icon class (default: a cross, for a cancel). */
    readonly icon?: string;
  };
}

/** One choice of a select. */
export interface OptionView {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** An editable field. `name` is the form name Foundry submits (`system.…`). */
export interface InputView {
  readonly id: string;
  readonly name: string;
  readonly kind: "number" | "text" | "select" | "checkbox" | "textarea";
  readonly value: string | number | boolean;
  /** The visible (or, with `hideLabel`, screen-reader) label. */
  readonly label: string;
  readonly hideLabel: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number | "any";
  readonly placeholder?: string;
  /** The most characters a text or textarea takes (its field's limit). */
  readonly maxlength?: number;
  readonly options?: readonly OptionView[];
  /** `Number` for a select whose values are numbers (Foundry's form reader casts them). */
  readonly dtype?: "Number";
  /** A CSS modifier (`code`, `short`, `name`…). */
  readonly size: string;
  readonly disabled: boolean;
}

/** A roll button beside a trait. */
export interface RollView {
  readonly kind: string;
  readonly key: string;
  readonly with?: string;
  /** The accessible name, e.g. "Roll Body". */
  readonly label: string;
  /**
   * Rolls that pair this trait with another (a Precision & Impact attribute always rolls with a
   * second one): the button opens a list of them instead of rolling alone.
   */
  readonly pairs?: readonly (RollView & { readonly text: string })[];
  /**
   * The tooltip: the accessible name and the modifier key that skips the dialog, as HTML (Foundry
   * shows a `data-tooltip` as HTML, so every tooltip field holds escaped text; see `helpers/html.ts`).
   */
  readonly tooltip: string;
  /** A word shown on the button beside its icon ("Attack", "Damage"), where a row has more than one roll. */
  readonly text?: string;
}

/** A button that acts on an entry (remove it). */
export interface EntryButtonView {
  readonly collection: string;
  readonly id: string;
  readonly label: string;
  /** The label as tooltip HTML. */
  readonly tooltip: string;
}

/** One dot or square of a rating. */
export interface PipView {
  readonly value: number;
  readonly filled: boolean;
  /** Above a limit (current points above the permanent rating): shown, never pressable. */
  readonly beyond: boolean;
  /** Not pressable (beyond the limit, or the sheet is not editable). */
  readonly disabled: boolean;
  /** The dot of the current rating (the group's checked radio). */
  readonly checked: boolean;
  /** The group's one Tab stop: the checked dot, or the first when the rating is 0. */
  readonly tabbable: boolean;
  /** The rating this dot stands for, e.g. "Strength: 3 of 5 (Good)". */
  readonly label: string;
  /** The rules' name of the rating this pip stands for ("Good" for 3), shown as its tooltip; absent where ratings have no names. */
  readonly ratingName?: string;
}

/** A rating drawn as dots (or squares) that set the rating when pressed. */
export interface DotsView {
  readonly path: string;
  readonly shape: "dot" | "square";
  readonly value: number;
  readonly max: number;
  /** The group's accessible name, the trait's name (the checked dot tells the rating). */
  readonly label: string;
  readonly pips: readonly PipView[];
  readonly disabled: boolean;
}

/** A die chip of a Precision & Impact pool. */
export interface ChipView {
  readonly index: number;
  readonly faces: number;
  readonly text: string;
  /** The accessible name of the chip's button (it cycles the size). */
  readonly cycleLabel: string;
  readonly removeLabel: string;
  /** The two labels as tooltip HTML. */
  readonly cycleTooltip: string;
  readonly removeTooltip: string;
}

/** The die chips of an attribute pool. */
export interface ChipsView {
  readonly path: string;
  readonly items: readonly ChipView[];
  readonly editable: boolean;
  readonly addLabel: string;
  /** The add label as tooltip HTML. */
  readonly addTooltip: string;
  readonly canAdd: boolean;
  /** Shown when the pool holds no die. */
  readonly empty: string;
}

/** A row: one trait with its fields and buttons. */
export interface RowView {
  readonly id: string;
  /** The trait's name shown as text (fixed traits), absent when the name is an input. */
  readonly label?: string;
  readonly nameInput?: InputView;
  readonly inputs: readonly InputView[];
  readonly dots: readonly DotsView[];
  readonly chips?: ChipsView;
  /** A read-only value shown after the inputs (e.g. "d8 d4"), with its accessible description. */
  readonly note?: string;
  readonly roll?: RollView;
  /** A weapon's damage roll button. */
  readonly damage?: RollView;
  readonly remove?: EntryButtonView;
  /** Read-only figures shown as text cells after the name (an item's figures). */
  readonly cells?: readonly string[];
  /** The row is an embedded item: drag it to another sheet, open or delete it. */
  readonly item?: ItemButtonsView;
}

/** The item of an equipment row and what its owner may do with it. */
export interface ItemButtonsView {
  /** The embedded item's id. */
  readonly id: string;
  /** Whether the row may be dragged (to another character or the sidebar). */
  readonly draggable: boolean;
  /** The accessible name of the edit button (absent: no button, the viewer is not an owner). */
  readonly editLabel?: string;
  /** The edit label as tooltip HTML (it names the item, which a user typed). */
  readonly editTooltip?: string;
  /** The accessible name of the delete button (absent: no button). */
  readonly deleteLabel?: string;
  /** The delete label as tooltip HTML. */
  readonly deleteTooltip?: string;
  /**
   * Whether the item is equipped, in words (its effects apply to the holder only then): for an
   * owner a toggle button (`action` set) showing `text`, its state `pressed`, followed for screen
   * readers by `label` (the item's name); for anyone else the state as `text`.
   */
  readonly equip: {
    readonly pressed: boolean;
    readonly text: string;
    readonly label: string;
    readonly action?: "toggleEquipped";
  };
}

/** A section of a sheet: a heading, its rows and an optional "add" button. */
export interface SectionView {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly RowView[];
  /** Column headings (for screen readers and sighted users alike), when the rows are a table. */
  readonly columns?: readonly string[];
  /** The "add" button: its collection (or item type), label, and the action it runs (default `addEntry`). */
  readonly add?: { readonly collection: string; readonly label: string; readonly action?: string };
  /** Shown when the section has no rows. */
  readonly empty?: string;
  /**
   * True for a table too wide for a narrow sheet (many controls, or 10-dot ratings): below about
   * 670 px each row puts its name and buttons on one line and its controls on the next, under headings
   * that stay aligned with them.
   */
  readonly stack?: boolean;
}

/** A figure shown in the sheet's summary bar (points, pools). */
/** How long a condition applied from the sheet lasts: until removed (`units` empty), or rounds or turns. */
export interface ConditionDuration {
  readonly units: "" | "rounds" | "turns";
  readonly value: number;
}

/**
 * The duration picker of the conditions stat: its units and count, controls with no `name` (the form
 * never submits them), read by the Apply buttons.
 */
export interface DurationPickerView {
  readonly id: string;
  readonly label: string;
  readonly unitsLabel: string;
  readonly units: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
  readonly valueLabel: string;
  readonly value: number;
  readonly max: number;
  readonly hint: string;
}

export interface StatView {
  readonly id: string;
  readonly label: string;
  /** An input when the figure is edited on the sheet. */
  readonly input?: InputView;
  /** The text shown when the figure is derived. */
  readonly text?: string;
  /** A short explanation below the figure. */
  readonly hint?: string;
  /** A list shown as the figure (e.g. the assists waiting for the next roll). */
  readonly list?: readonly StatItemView[];
  /**
   * A number typed for the stat's button to act on (the GM's healing amount): a control with no
   * `name`, so the sheet's form never submits it to the document.
   */
  readonly amount?: { readonly id: string; readonly label: string; readonly max: number };
  /** The conditions stat's duration picker (an editor's). */
  readonly duration?: DurationPickerView;
  /** A button below the figure (e.g. open the action-dice panel). */
  readonly button?: {
    readonly action: string;
    /** The visible text. */
    readonly text: string;
    /** The accessible name. */
    readonly label: string;
    /** The Font Awesome icon class (`fa-dice-d20` when absent). */
    readonly icon?: string;
  };
}

/** Everything a character sheet's body renders. */
export interface CharacterView {
  /** The engine rolled (`percentile`, `action`…), a CSS modifier. */
  readonly engine: string;
  readonly stats: readonly StatView[];
  readonly sections: readonly SectionView[];
  readonly editable: boolean;
}

/** Builds ids, inputs and buttons for one sheet view. */
export class ViewKit {
  constructor(
    readonly i18n: Localizer,
    readonly options: ViewOptions,
  ) {}

  /** A unique element id from parts. */
  id(...parts: readonly string[]): string {
    return [this.options.idPrefix, ...parts].join("-").replace(/[^A-Za-z0-9_-]/g, "_");
  }

  /** A localized text. */
  t(key: string, data?: Record<string, string>): string {
    return data ? this.i18n.format(key, data) : this.i18n.localize(key);
  }

  /** A number input for a whole number in a range. */
  number(
    name: string,
    value: number,
    label: string,
    min: number,
    max: number,
    extra: Partial<InputView> = {},
  ): InputView {
    return this.input({ name, kind: "number", value, label, min, max, step: 1, size: "short", ...extra });
  }

  /**
   * A figure edited on the sheet as a whole number: its label (a localization key) names both the
   * figure and its input.
   */
  numberStat(
    idPart: string,
    name: string,
    value: number,
    labelKey: string,
    min: number,
    max: number,
    extra: Partial<InputView> = {},
  ): StatView {
    const label = this.t(labelKey);
    return { id: this.id(idPart), label, input: this.number(name, value, label, min, max, extra) };
  }

  /** A text input. */
  text(name: string, value: string, label: string, extra: Partial<InputView> = {}): InputView {
    return this.input({ name, kind: "text", value, label, size: "text", ...extra });
  }

  /** A select among fixed choices. */
  select(
    name: string,
    value: string,
    label: string,
    choices: readonly { value: string; label: string }[],
    extra: Partial<InputView> = {},
  ): InputView {
    const options = choices.map((c) => ({ ...c, selected: c.value === value }));
    return this.input({ name, kind: "select", value, label, options, size: "select", ...extra });
  }

  /** A checkbox. */
  checkbox(name: string, value: boolean, label: string): InputView {
    return this.input({ name, kind: "checkbox", value, label, size: "check" });
  }

  /** A name input for a user-made entry, with a placeholder saying what it is. */
  nameInput(name: string, value: string, label: string, placeholder: string): InputView {
    return this.text(name, value, label, { hideLabel: true, placeholder, size: "name", maxlength: MAX_NAME_LENGTH });
  }

  private input(spec: Omit<InputView, "id" | "hideLabel" | "disabled"> & Partial<InputView>): InputView {
    return {
      hideLabel: false,
      ...spec,
      id: this.id(...spec.name.split(".")),
      disabled: !this.options.editable,
    };
  }

  /** A roll button for a trait. */
  roll(trait: TraitRef, name: string): RollView {
    const label = this.t("ROLLING_BONES.Sheet.Roll", { name });
    const tooltip = tooltipHTML(this.t("ROLLING_BONES.Sheet.RollTooltip", { name, hint: this.rollHint() }));
    return { ...trait, label, tooltip };
  }

  /** What a click (and a click with the keys held) does on a roll button, the keys named. */
  rollHint(): string {
    return this.t(this.options.rollHintKey, { keys: this.options.rollHintKeys ?? "" });
  }

  /**
   * The row of a named entry of a collection (a skill, an ability, a 10-point trait, a condition), one
   * shape for every engine's sheet: its name input (the placeholder names an unnamed entry), its own
   * inputs and dots built for the name as shown, its roll button and its remove button.
   *
   * @param entry - The entry: its kind (the row's id and the unnamed placeholder's key), its collection
   *   and id, the name typed (text), and the label of its name input.
   * @param roll - What its roll button rolls, or `null` for an entry that does not roll.
   * @param parts - Its inputs and dots, given its name as shown.
   */
  entryRow(
    entry: {
      readonly kind: string;
      readonly collection: string;
      readonly id: string;
      readonly name: string;
      readonly nameLabel: string;
    },
    roll: TraitRef | null,
    parts: (name: string) => Pick<RowView, "inputs" | "dots">,
  ): RowView {
    const placeholderKey = `ROLLING_BONES.Sheet.Unnamed.${entry.kind}`;
    const name = this.entryName(entry.name, placeholderKey);
    const path = `system.${entry.collection}.${entry.id}.name`;
    return {
      id: this.id(entry.kind, entry.id),
      nameInput: this.nameInput(path, entry.name, entry.nameLabel, this.t(placeholderKey)),
      ...parts(name),
      ...(roll === null ? {} : { roll: this.roll(roll, name) }),
      remove: this.remove(entry.collection, entry.id, name),
    };
  }

  /**
   * The rows of a collection of named entries (skills, abilities, traits, conditions), in its order,
   * each as {@link ViewKit.entryRow} builds it: the one place every engine's sheet lists such a
   * collection.
   *
   * @param entries - The collection's entries by id, each with the name typed.
   * @param of - The entries' kind, their collection, the data model's field-label prefix (the name
   *   input is labelled `<fields>.<collection>.element.name.label`), and the kind of trait their roll
   *   buttons roll (the entries' kind when absent; `null` for entries that do not roll).
   * @param parts - An entry's inputs and dots (none when absent), given its name as shown.
   */
  entryRows<E extends { readonly name: string }>(
    entries: Readonly<Record<string, E>>,
    of: {
      readonly kind: string;
      readonly collection: string;
      readonly fields: string;
      readonly rollKind?: string | null;
    },
    parts: (name: string, entry: E, id: string) => Partial<Pick<RowView, "inputs" | "dots">>,
  ): RowView[] {
    const nameLabel = this.t(`${of.fields}.${of.collection}.element.name.label`);
    const rollKind = of.rollKind === undefined ? of.kind : of.rollKind;
    return Object.entries(entries).map(([id, entry]) =>
      this.entryRow(
        { kind: of.kind, collection: of.collection, id, name: entry.name, nameLabel },
        rollKind === null ? null : { kind: rollKind, key: id },
        (name) => {
          const built = parts(name, entry, id);
          return { inputs: built.inputs ?? [], dots: built.dots ?? [] };
        },
      ),
    );
  }

  /**
   * The row of a fixed trait (an attribute, a save), one shape for every engine's sheet: its name as
   * text, its inputs, dots or dice chips, and its roll button (for the trait under its name, unless
   * the sheet gives its own).
   *
   * @param group - The row id's group (`attribute`, `saves`…).
   * @param trait - What its roll button rolls; its key names the row.
   * @param label - The trait's name as shown.
   * @param parts - Its inputs and dots (none when absent), its chips, and a roll button of its own.
   */
  traitRow(
    group: string,
    trait: TraitRef,
    label: string,
    parts: Partial<Pick<RowView, "inputs" | "dots" | "chips" | "roll">>,
  ): RowView {
    return {
      id: this.id(group, trait.key),
      label,
      inputs: parts.inputs ?? [],
      dots: parts.dots ?? [],
      ...(parts.chips ? { chips: parts.chips } : {}),
      roll: parts.roll ?? this.roll(trait, label),
    };
  }

  /** A remove button for an entry (absent when the sheet is not editable). */
  remove(collection: string, id: string, name: string): EntryButtonView | undefined {
    if (!this.options.editable) return undefined;
    const label = this.t("ROLLING_BONES.Sheet.Remove", { name });
    return { collection, id, label, tooltip: tooltipHTML(label) };
  }

  /** An "add" button for a collection (absent when the sheet is not editable). */
  add(collection: string, labelKey: string): SectionView["add"] {
    return this.options.editable ? { collection, label: this.t(labelKey) } : undefined;
  }

  /**
   * A rating as dots or squares. Pressing pip `n` sets the rating to `n`, or to `n − 1` when it is
   * already `n` (see `dotTarget`); pips above `limit` are shown but disabled.
   */
  dots(
    path: string,
    name: string,
    value: number,
    max: number,
    shape: DotsView["shape"],
    limit = max,
    ratingNameOf?: (rating: number) => string | null,
  ): DotsView {
    /** "Strength: 3 of 5", with the rating's name where ratings have names ("… (Good)"). */
    const describe = (rating: number): string => {
      const args = { name, value: String(rating), max: String(max) };
      const ratingName = ratingNameOf?.(rating);
      return ratingName
        ? this.t("ROLLING_BONES.Sheet.RatingOfNamed", { ...args, rating: ratingName })
        : this.t("ROLLING_BONES.Sheet.RatingOf", args);
    };
    const pips: PipView[] = [];
    for (let n = 1; n <= max; n++) {
      const ratingName = ratingNameOf?.(n) ?? undefined;
      pips.push({
        value: n,
        filled: n <= value,
        beyond: n > limit,
        disabled: !this.options.editable || n > limit,
        checked: n === value,
        tabbable: n === value || (n === 1 && (value < 1 || value > max)),
        label: describe(n),
        ...(ratingName ? { ratingName } : {}),
      });
    }
    return { path, shape, value, max, label: name, pips, disabled: !this.options.editable };
  }

  /** A name for an entry in labels: its own name, or a placeholder when it has none yet. */
  entryName(name: string, placeholderKey: string): string {
    return name.trim() === "" ? this.t(placeholderKey) : name;
  }
}

/**
 * The HTML of a tooltip that shows `text` as typed: Foundry puts a `data-tooltip` in the page as
 * HTML (cleaned of scripts only, foundryvtt/foundryvtt#12356), and sheet labels carry names a user
 * typed.
 */
export function tooltipHTML(text: string): string {
  return escapeHTML(text);
}

/**
 * The rating a dot or square sets when pressed: the pressed value, or one less when the rating
 * already is that value (so the last dot can be cleared).
 *
 * @param current - The rating now.
 * @param pressed - The value of the pressed pip (1-based).
 */
export function dotTarget(current: number, pressed: number): number {
  return pressed === current ? pressed - 1 : pressed;
}
