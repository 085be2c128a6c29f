/** The view of a wild-die character sheet: points, this session's usage, attributes and skills as die codes. */

import {
  MAX_POINTS,
  WILD_ATTRIBUTES,
  WILD_CP_SESSION_LIMIT,
  WILD_FATE_POINTS_PER_SESSION,
  wildSessionLeft,
} from "../../../data/actor/pure.ts";
import type { WildCharacterSource } from "../../../data/actor/pure.ts";
import type { CharacterView, RowView, SectionView, StatView, ViewKit } from "./shared.ts";

const P = "ROLLING_BONES.Actor.wild-character.FIELDS";

/**
 * The Fate Points held (docs/rules.md §3: a player cannot raise the total; the GM takes points away, with
 * a reason): a GM edits the figure and has *Take a Fate Point…* below it while one is held; a player
 * reads it and spends points on rolls.
 */
function fatePointsStat(held: number, kit: ViewKit): StatView {
  const label = `${P}.fatePoints.label`;
  if (!kit.options.gm) {
    return {
      id: kit.id("fatePoints"),
      label: kit.t(label),
      text: String(held),
      hint: kit.t("ROLLING_BONES.Points.Sheet.FateGmOnly"),
    };
  }
  const stat = kit.numberStat("fatePoints", "system.fatePoints", held, label, 0, MAX_POINTS);
  if (held < 1 || !kit.options.editable) return stat;
  return {
    ...stat,
    button: {
      action: "loseFate",
      text: kit.t("ROLLING_BONES.Points.Sheet.TakeFate"),
      label: kit.t("ROLLING_BONES.Points.Sheet.TakeFateLabel"),
      icon: "fa-hand",
    },
  };
}

/** Builds the view of a wild-die character's sheet. */
export function wildView(system: WildCharacterSource, kit: ViewKit): CharacterView {
  const codeLabel = kit.t(`${P}.skills.element.code.label`);
  const codeInput = (name: string, value: string, owner: string) =>
    kit.text(name, value, `${owner}: ${codeLabel}`, { hideLabel: true, size: "code", placeholder: "3D+1" });
  const attributeChoices = WILD_ATTRIBUTES.map((key) => ({ value: key, label: kit.t(`${P}.attributes.${key}.label`) }));
  const attributes: RowView[] = WILD_ATTRIBUTES.map((key) => {
    const label = kit.t(`${P}.attributes.${key}.label`);
    return kit.traitRow("attribute", { kind: "attribute", key }, label, {
      inputs: [codeInput(`system.attributes.${key}.code`, system.attributes[key].code, label)],
    });
  });
  const skills = kit.entryRows(
    system.skills,
    { kind: "skill", collection: "skills", fields: P },
    (name, skill, id) => ({
      inputs: [
        kit.select(
          `system.skills.${id}.attribute`,
          skill.attribute,
          `${name}: ${kit.t(`${P}.skills.element.attribute.label`)}`,
          attributeChoices,
          { hideLabel: true },
        ),
        codeInput(`system.skills.${id}.code`, skill.code, name),
      ],
    }),
  );
  const cpLimit = kit.options.points?.cpSessionLimit ?? WILD_CP_SESSION_LIMIT;
  const left = wildSessionLeft(system, cpLimit);
  /** This session's count of a kind of point: a GM may correct it; a player sees it, as the rolls that spend keep it. */
  const sessionCounter = (idPart: string, key: "characterPoints" | "fatePoints", max: number): StatView => {
    const labelKey = `${P}.session.${key}.label`;
    const value = system.session[key];
    if (kit.options.gm) return kit.numberStat(idPart, `system.session.${key}`, value, labelKey, 0, max);
    return {
      id: kit.id(idPart),
      label: kit.t(labelKey),
      text: String(value),
      hint: kit.t("ROLLING_BONES.Points.Sheet.SessionCountersHint"),
    };
  };
  const stats: StatView[] = [
    kit.numberStat(
      "characterPoints",
      "system.characterPoints",
      system.characterPoints,
      `${P}.characterPoints.label`,
      0,
      MAX_POINTS,
    ),
    fatePointsStat(system.fatePoints, kit),
    sessionCounter("sessionCp", "characterPoints", MAX_POINTS),
    sessionCounter("sessionFp", "fatePoints", WILD_FATE_POINTS_PER_SESSION),
    {
      id: kit.id("sessionLeft"),
      label: kit.t("ROLLING_BONES.Sheet.Wild.Left"),
      text: kit.t("ROLLING_BONES.Sheet.Wild.LeftValue", {
        cp: String(left.characterPoints),
        fp: String(left.fatePoints),
      }),
      hint: kit.t("ROLLING_BONES.Points.Sheet.WildLimits", {
        cp: String(cpLimit),
        fp: String(WILD_FATE_POINTS_PER_SESSION),
      }),
    },
  ];
  const sections: SectionView[] = [
    {
      id: kit.id("attributes"),
      title: kit.t(`${P}.attributes.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), codeLabel],
      rows: attributes,
    },
    {
      id: kit.id("skills"),
      title: kit.t(`${P}.skills.label`),
      columns: [kit.t(`${P}.skills.element.name.label`), kit.t(`${P}.skills.element.attribute.label`), codeLabel],
      rows: skills,
      add: kit.add("skills", "ROLLING_BONES.Sheet.Add.skill"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.skills"),
    },
  ];
  return { engine: "wild", editable: kit.options.editable, stats, sections };
}
