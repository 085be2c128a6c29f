/** The view of a percentile character sheet: karma, attributes and skills with their table columns. */

import { PERCENTILE_ATTRIBUTES, PERCENTILE_MAX_RATING, MAX_POINTS } from "../../../data/actor/pure.ts";
import type { PercentileCharacterSource } from "../../../data/actor/pure.ts";
import type { CharacterView, RowView, SectionView, StatView, ViewKit } from "./shared.ts";

const P = "ROLLING_BONES.Actor.percentile-character.FIELDS";

/** The assists waiting for the character's next roll, each with a Cancel button for its owners. */
function assistsStat(kit: ViewKit): StatView {
  const points = kit.options.points;
  const assists = points?.assists ?? [];
  const label = kit.t("ROLLING_BONES.Points.Sheet.Assists");
  return {
    id: kit.id("assists"),
    label,
    list: assists.map((a) => {
      const text = kit.t(`ROLLING_BONES.Points.Sheet.Assist.${a.effect}`, {
        assistant: a.assistant,
        level: kit.t(`ROLLING_BONES.Percentile.Level.${a.level}`),
      });
      return points?.canCancelAssists
        ? {
            text,
            button: {
              action: "cancelAssist",
              text: kit.t("ROLLING_BONES.Points.Sheet.Cancel"),
              label: kit.t("ROLLING_BONES.Points.Sheet.CancelAssist", { text }),
              data: { assist: a.id },
            },
          }
        : { text };
    }),
    ...(assists.length === 0 ? { text: kit.t("ROLLING_BONES.Points.Sheet.NoAssists") } : {}),
    hint: kit.t("ROLLING_BONES.Points.Sheet.AssistsHint"),
  };
}

/** Builds the view of a percentile character's sheet. */
export function percentileView(system: PercentileCharacterSource, kit: ViewKit): CharacterView {
  const ratingLabel = kit.t(`${P}.skills.element.rating.label`);
  const ratingInput = (name: string, value: number, owner: string) =>
    kit.number(name, value, `${owner}: ${ratingLabel}`, 0, PERCENTILE_MAX_RATING, { hideLabel: true });
  const attributes: RowView[] = PERCENTILE_ATTRIBUTES.map((key) => {
    const label = kit.t(`${P}.attributes.${key}.label`);
    return kit.traitRow("attribute", { kind: "attribute", key }, label, {
      inputs: [ratingInput(`system.attributes.${key}.rating`, system.attributes[key].rating, label)],
    });
  });
  const skills = kit.entryRows(
    system.skills,
    { kind: "skill", collection: "skills", fields: P },
    (name, skill, id) => ({
      inputs: [ratingInput(`system.skills.${id}.rating`, skill.rating, name)],
    }),
  );
  const sections: SectionView[] = [
    {
      id: kit.id("attributes"),
      title: kit.t(`${P}.attributes.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), ratingLabel],
      rows: attributes,
    },
    {
      id: kit.id("skills"),
      title: kit.t(`${P}.skills.label`),
      columns: [kit.t(`${P}.skills.element.name.label`), ratingLabel],
      rows: skills,
      add: kit.add("skills", "ROLLING_BONES.Sheet.Add.skill"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.skills"),
    },
  ];
  return {
    engine: "percentile",
    editable: kit.options.editable,
    stats: [
      {
        ...kit.numberStat("karma", "system.karma", system.karma, `${P}.karma.label`, 0, MAX_POINTS),
        hint: kit.t(`${P}.karma.hint`),
      },
      assistsStat(kit),
    ],
    sections,
  };
}
