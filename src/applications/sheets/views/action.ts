/** The view of an action character sheet: level and action dice, d20 modifiers and skills (weapons are items). */

import {
  ACTION_ABILITIES,
  ACTION_CLASS_DIE_SIZES,
  ACTION_MAX_CLASS_DICE,
  ACTION_MAX_LEVEL,
  ACTION_MAX_MODIFIER,
  ACTION_SAVES,
  actionDiceFor,
} from "../../../data/actor/pure.ts";
import type { ActionCharacterSource } from "../../../data/actor/pure.ts";
import type { CharacterView, RowView, SectionView, SheetActionDice, StatView, ViewKit } from "./shared.ts";

const P = "ROLLING_BONES.Actor.action-character.FIELDS";

/** Builds the view of an action character's sheet. */
export function actionView(system: ActionCharacterSource, kit: ViewKit): CharacterView {
  const modLabel = kit.t(`${P}.skills.element.mod.label`);
  const modInput = (name: string, value: number, owner: string) =>
    kit.number(name, value, `${owner}: ${modLabel}`, -ACTION_MAX_MODIFIER, ACTION_MAX_MODIFIER, { hideLabel: true });
  const fixedRows = (group: "abilities" | "saves", keys: readonly string[], kind: string): RowView[] =>
    keys.map((key) => {
      const label = kit.t(`${P}.${group}.${key}.label`);
      const mod = (system[group] as Record<string, { mod: number }>)[key]?.mod ?? 0;
      return kit.traitRow(group, { kind, key }, label, {
        inputs: [modInput(`system.${group}.${key}.mod`, mod, label)],
      });
    });
  const skills = kit.entryRows(
    system.skills,
    { kind: "skill", collection: "skills", fields: P },
    (name, skill, id) => ({
      inputs: [modInput(`system.skills.${id}.mod`, skill.mod, name)],
    }),
  );
  const dice = actionDiceFor(system.level);
  const stats: StatView[] = [
    {
      ...kit.numberStat("level", "system.level", system.level, `${P}.level.label`, 0, ACTION_MAX_LEVEL, { step: 0.5 }),
      hint: kit.t(`${P}.level.hint`),
    },
    {
      id: kit.id("actionDice"),
      label: kit.t("ROLLING_BONES.Sheet.Action.Pool"),
      text: dice
        ? kit.t("ROLLING_BONES.Sheet.Action.PoolValue", { count: String(dice.count), faces: String(dice.faces) })
        : "—",
      hint: dice ? kit.t("ROLLING_BONES.Sheet.Action.GmDie", { faces: String(dice.gmFaces) }) : undefined,
    },
    {
      id: kit.id("classDice"),
      label: kit.t(`${P}.classDice.label`),
      input: kit.number(
        "system.classDice.count",
        system.classDice.count,
        kit.t(`${P}.classDice.count.label`),
        0,
        ACTION_MAX_CLASS_DICE,
      ),
    },
    {
      id: kit.id("classDiceFaces"),
      label: kit.t(`${P}.classDice.faces.label`),
      input: kit.select(
        "system.classDice.faces",
        String(system.classDice.faces),
        kit.t(`${P}.classDice.faces.label`),
        ACTION_CLASS_DIE_SIZES.map((f) => ({ value: String(f), label: `d${f}` })),
        { dtype: "Number" },
      ),
    },
  ];
  if (kit.options.actionDice) stats.push(...actionDiceStats(kit.options.actionDice, kit));
  const sections: SectionView[] = [
    {
      id: kit.id("abilities"),
      title: kit.t(`${P}.abilities.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), modLabel],
      rows: fixedRows("abilities", ACTION_ABILITIES, "ability"),
    },
    {
      id: kit.id("saves"),
      title: kit.t(`${P}.saves.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), modLabel],
      rows: fixedRows("saves", ACTION_SAVES, "save"),
    },
    {
      id: kit.id("skills"),
      title: kit.t(`${P}.skills.label`),
      columns: [kit.t(`${P}.skills.element.name.label`), modLabel],
      rows: skills,
      add: kit.add("skills", "ROLLING_BONES.Sheet.Add.skill"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.skills"),
    },
  ];
  return { engine: "action", editable: kit.options.editable, stats, sections };
}

/** The read-only action dice of a sheet: the players' pools this session (with the panel button) and the class dice left. */
function actionDiceStats(dice: SheetActionDice, kit: ViewKit): StatView[] {
  const S = "ROLLING_BONES.Sheet.Action";
  const pools: StatView = {
    id: kit.id("actionPools"),
    label: kit.t(`${S}.Pools`),
    ...(dice.session === 0
      ? { text: kit.t(`${S}.NoSession`) }
      : dice.owners.length === 0
        ? { text: kit.t(`${S}.NoOwner`) }
        : {
            list: dice.owners.map((o) => ({
              text: !o.hasPool
                ? kit.t(`${S}.NoPool`, { name: o.name })
                : kit.t(`${S}.PoolOf`, {
                    name: o.name,
                    dice: o.dice === "" ? kit.t(`${S}.NoneLeft`) : o.dice,
                    spent: String(o.spent),
                  }),
            })),
          }),
    button: { action: "openActionDice", text: kit.t(`${S}.OpenPanel`), label: kit.t(`${S}.OpenPanelLabel`) },
  };
  if (dice.classDice === null) return [pools];
  const { faces, left, perSession } = dice.classDice;
  return [
    pools,
    {
      id: kit.id("classDiceLeft"),
      label: kit.t(`${S}.ClassLeft`),
      text:
        dice.session === 0
          ? kit.t(`${S}.NoSession`)
          : kit.t(`${S}.ClassLeftValue`, { left: String(left), faces: String(faces), count: String(perSession) }),
    },
  ];
}
