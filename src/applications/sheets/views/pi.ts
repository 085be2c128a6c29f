/** The view of a Precision & Impact character sheet: attribute pools as dice chips, skills and conditions. */

import {
  PI_ATTRIBUTES,
  PI_CONDITION_HINDRANCES,
  PI_DIE_SIZES,
  PI_MAX_ATTRIBUTE_DICE,
  PI_MAX_MODIFIER,
  PI_SKILL_TARGETS,
  piHindrance,
} from "../../../data/actor/pure.ts";
import type { PiCharacterSource } from "../../../data/actor/pure.ts";
import {
  tooltipHTML,
  type CharacterView,
  type ChipView,
  type RowView,
  type SectionView,
  type ViewKit,
} from "./shared.ts";

const P = "ROLLING_BONES.Actor.pi-character.FIELDS";

/** The size a die chip turns into when pressed: the next allowed size, wrapping to the smallest. */
export function nextDieSize(faces: number): number {
  const at = PI_DIE_SIZES.indexOf(faces);
  return PI_DIE_SIZES[(at + 1) % PI_DIE_SIZES.length] as number;
}

/** An edit of an attribute pool from a chip button: its `data-action` and the chip's position. */
export interface DiceEdit {
  /** `cycleDie` (next size), `removeDie` or `addDie` (a die of the smallest size at the end). */
  readonly action: string;
  /** The chip's position (ignored by `addDie`). */
  readonly index: number;
}

/**
 * An attribute pool after a chip edit. The result is not checked against the pool limit; the
 * sheet's update check refuses a pool that grows too large.
 *
 * @returns The new pool, or `null` when the edit names no chip or is unknown.
 */
export function editDice(dice: readonly number[], edit: DiceEdit): number[] | null {
  if (edit.action === "addDie") return [...dice, PI_DIE_SIZES[0] as number];
  if (!Number.isInteger(edit.index) || edit.index < 0 || edit.index >= dice.length) return null;
  if (edit.action === "cycleDie") return dice.map((faces, i) => (i === edit.index ? nextDieSize(faces) : faces));
  if (edit.action === "removeDie") return dice.filter((_, i) => i !== edit.index);
  return null;
}

/** Builds the view of a Precision & Impact character's sheet. */
export function piView(system: PiCharacterSource, kit: ViewKit): CharacterView {
  const attributeLabel = (key: string) => kit.t(`${P}.attributes.${key}.label`);
  const attributeChoices = PI_ATTRIBUTES.map((key) => ({ value: key, label: attributeLabel(key) }));
  const attributes: RowView[] = PI_ATTRIBUTES.map((key) => {
    const label = attributeLabel(key);
    const dice = system.attributes[key].dice;
    const addLabel = kit.t("ROLLING_BONES.Sheet.Pi.AddDie", { name: label });
    const items: ChipView[] = dice.map((faces, index) => {
      const position = String(index + 1);
      const cycleLabel = kit.t("ROLLING_BONES.Sheet.Pi.CycleDie", {
        name: label,
        position,
        faces: String(faces),
        next: String(nextDieSize(faces)),
      });
      const removeLabel = kit.t("ROLLING_BONES.Sheet.Pi.RemoveDie", { name: label, position, faces: String(faces) });
      const tips = { cycleTooltip: tooltipHTML(cycleLabel), removeTooltip: tooltipHTML(removeLabel) };
      return { index, faces, text: `d${faces}`, cycleLabel, removeLabel, ...tips };
    });
    return kit.traitRow("attribute", { kind: "attribute", key }, label, {
      chips: {
        path: `system.attributes.${key}.dice`,
        items,
        editable: kit.options.editable,
        addLabel,
        addTooltip: tooltipHTML(addLabel),
        canAdd: kit.options.editable && dice.length < PI_MAX_ATTRIBUTE_DICE,
        empty: kit.t("ROLLING_BONES.Sheet.Pi.NoDice"),
      },
      // The rules always combine two attributes: the button offers each pairing (the same attribute twice included).
      roll: {
        ...kit.roll({ kind: "attribute", key }, kit.t("ROLLING_BONES.Sheet.Pi.WithWhich", { name: label })),
        pairs: PI_ATTRIBUTES.map((other) => {
          const pair = kit.t("ROLLING_BONES.Sheet.Pi.Pair", { name: label, other: attributeLabel(other) });
          return { ...kit.roll({ kind: "attribute", key, with: other }, pair), text: attributeLabel(other) };
        }),
      },
    });
  });
  const S = `${P}.skills.element`;
  const skills = kit.entryRows(system.skills, { kind: "skill", collection: "skills", fields: P }, (name, skill, id) => {
    const field = (f: string) => `${name}: ${kit.t(`${S}.${f}.label`)}`;
    const hidden = { hideLabel: true };
    return {
      inputs: [
        kit.select(`system.skills.${id}.first`, skill.first, field("first"), attributeChoices, hidden),
        kit.select(`system.skills.${id}.second`, skill.second, field("second"), attributeChoices, hidden),
        kit.select(
          `system.skills.${id}.adds`,
          skill.adds,
          field("adds"),
          PI_SKILL_TARGETS.map((t) => ({ value: t, label: kit.t(`ROLLING_BONES.Sheet.Pi.Adds.${t}`) })),
          hidden,
        ),
        kit.number(`system.skills.${id}.bonus`, skill.bonus, field("bonus"), -PI_MAX_MODIFIER, PI_MAX_MODIFIER, hidden),
      ],
    };
  });
  const C = `${P}.conditions.element`;
  const conditions = kit.entryRows(
    system.conditions,
    { kind: "condition", collection: "conditions", fields: P, rollKind: null },
    (name, condition, id) => ({
      inputs: [
        kit.select(
          `system.conditions.${id}.hindrance`,
          condition.hindrance,
          `${name}: ${kit.t(`${C}.hindrance.label`)}`,
          PI_CONDITION_HINDRANCES.map((h) => ({ value: h, label: kit.t(`ROLLING_BONES.Pi.Hindrance.${h}`) })),
          { hideLabel: true },
        ),
        {
          ...kit.checkbox(`system.conditions.${id}.active`, condition.active, `${name}: ${kit.t(`${C}.active.label`)}`),
          hideLabel: true,
        },
      ],
    }),
  );
  const sections: SectionView[] = [
    {
      id: kit.id("attributes"),
      title: kit.t(`${P}.attributes.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), kit.t("ROLLING_BONES.Sheet.Column.dice")],
      rows: attributes,
    },
    {
      id: kit.id("skills"),
      title: kit.t(`${P}.skills.label`),
      columns: [
        kit.t(`${S}.name.label`),
        kit.t(`${S}.first.label`),
        kit.t(`${S}.second.label`),
        kit.t(`${S}.adds.label`),
        kit.t(`${S}.bonus.label`),
      ],
      rows: skills,
      stack: true,
      add: kit.add("skills", "ROLLING_BONES.Sheet.Add.skill"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.skills"),
    },
    {
      id: kit.id("conditions"),
      title: kit.t(`${P}.conditions.label`),
      columns: [kit.t(`${C}.name.label`), kit.t(`${C}.hindrance.label`), kit.t(`${C}.active.label`)],
      rows: conditions,
      add: kit.add("conditions", "ROLLING_BONES.Sheet.Add.condition"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.conditions"),
    },
  ];
  return {
    engine: "pi",
    editable: kit.options.editable,
    stats: [
      {
        id: kit.id("hindrance"),
        label: kit.t("ROLLING_BONES.Sheet.Pi.Hindrance"),
        text: kit.t(`ROLLING_BONES.Pi.Hindrance.${piHindrance(system.conditions)}`),
        hint: kit.t("ROLLING_BONES.Sheet.Pi.HindranceHint"),
      },
    ],
    sections,
  };
}
