/**
 * The view of a dice-pool character sheet: attributes (0–5) and abilities (0–6) as dots, Willpower
 * and other 10-point traits as dots and squares.
 */

import {
  POOL_ATTRIBUTES,
  POOL_MAX_ABILITY_DOTS,
  POOL_MAX_DOTS,
  POOL_MAX_TEN_POINT,
  WILLPOWER_KEY,
  clampTenPoint,
} from "../../../data/actor/pure.ts";
import type { PoolCharacterSource, PoolTenPoint } from "../../../data/actor/pure.ts";
import { ratingName } from "../../../engines/pool/tables.ts";
import type { CharacterView, DotsView, RowView, SectionView, ViewKit } from "./shared.ts";

const P = "ROLLING_BONES.Actor.pool-character.FIELDS";

/** The rules' name of an Attribute or Ability rating, localized ("Good" for 3). */
function ratingNameIn(kit: ViewKit): (rating: number) => string | null {
  return (rating) => {
    const id = ratingName(rating);
    return id ? kit.t(`ROLLING_BONES.Pool.RatingName.${id}`) : null;
  };
}

/**
 * An Ability rating's name: the rules' names up to 5, and for the sixth dot (which the rules name
 * only by its effect) what it does: two 1s ignored for a botch.
 */
function abilityNameIn(kit: ViewKit): (rating: number) => string | null {
  const named = ratingNameIn(kit);
  return (rating) =>
    rating === POOL_MAX_ABILITY_DOTS ? kit.t("ROLLING_BONES.Pool.RatingName.sixthDot") : named(rating);
}

/** The permanent dots and current squares of a 10-point trait. */
function tenPointDots(kit: ViewKit, path: string, name: string, stored: PoolTenPoint): DotsView[] {
  const trait = clampTenPoint(stored, POOL_MAX_TEN_POINT);
  const permanent = kit.t("ROLLING_BONES.Sheet.Pool.Permanent", { name });
  const current = kit.t("ROLLING_BONES.Sheet.Pool.Current", { name });
  return [
    kit.dots(`${path}.permanent`, permanent, trait.permanent, POOL_MAX_TEN_POINT, "dot"),
    kit.dots(`${path}.current`, current, trait.current, POOL_MAX_TEN_POINT, "square", trait.permanent),
  ];
}

/** Builds the view of a dice-pool character's sheet. */
export function poolView(system: PoolCharacterSource, kit: ViewKit): CharacterView {
  const named = ratingNameIn(kit);
  const abilityNamed = abilityNameIn(kit);
  const attributeLabel = (key: string) => kit.t(`${P}.attributes.${key}.label`);
  const attributes: RowView[] = POOL_ATTRIBUTES.map((key) => {
    const label = attributeLabel(key);
    return kit.traitRow("attribute", { kind: "attribute", key }, label, {
      dots: [
        kit.dots(
          `system.attributes.${key}.rating`,
          label,
          system.attributes[key].rating,
          POOL_MAX_DOTS,
          "dot",
          POOL_MAX_DOTS,
          named,
        ),
      ],
    });
  });
  const A = `${P}.abilities.element`;
  const abilities = kit.entryRows(
    system.abilities,
    { kind: "ability", collection: "abilities", fields: P },
    (name, ability, id) => ({
      inputs: [
        kit.select(
          `system.abilities.${id}.attribute`,
          ability.attribute,
          `${name}: ${kit.t(`${A}.attribute.label`)}`,
          POOL_ATTRIBUTES.map((key) => ({ value: key, label: attributeLabel(key) })),
          { hideLabel: true },
        ),
      ],
      dots: [
        kit.dots(
          `system.abilities.${id}.rating`,
          name,
          ability.rating,
          POOL_MAX_ABILITY_DOTS,
          "dot",
          POOL_MAX_ABILITY_DOTS,
          abilityNamed,
        ),
      ],
    }),
  );
  const willpowerLabel = kit.t(`${P}.willpower.label`);
  const willpower: RowView = {
    id: kit.id("willpower"),
    label: willpowerLabel,
    inputs: [],
    dots: tenPointDots(kit, "system.willpower", willpowerLabel, system.willpower),
    roll: kit.roll({ kind: "tenPoint", key: WILLPOWER_KEY }, willpowerLabel),
  };
  const traits = kit.entryRows(
    system.traits,
    { kind: "trait", collection: "traits", fields: P, rollKind: "tenPoint" },
    (name, trait, id) => ({ dots: tenPointDots(kit, `system.traits.${id}`, name, trait) }),
  );
  const sections: SectionView[] = [
    {
      id: kit.id("attributes"),
      title: kit.t(`${P}.attributes.label`),
      columns: [kit.t("ROLLING_BONES.Sheet.Column.trait"), kit.t("ROLLING_BONES.Sheet.Column.dots")],
      rows: attributes,
    },
    {
      id: kit.id("abilities"),
      title: kit.t(`${P}.abilities.label`),
      columns: [kit.t(`${A}.name.label`), kit.t(`${A}.attribute.label`), kit.t("ROLLING_BONES.Sheet.Column.dots")],
      rows: abilities,
      add: kit.add("abilities", "ROLLING_BONES.Sheet.Add.ability"),
      empty: kit.t("ROLLING_BONES.Sheet.Empty.abilities"),
    },
    {
      id: kit.id("tenPoint"),
      title: kit.t(`${P}.traits.label`),
      columns: [
        kit.t("ROLLING_BONES.Sheet.Column.trait"),
        kit.t("ROLLING_BONES.Sheet.Column.permanent"),
        kit.t("ROLLING_BONES.Sheet.Column.current"),
      ],
      rows: [willpower, ...traits],
      stack: true,
      add: kit.add("traits", "ROLLING_BONES.Sheet.Add.trait"),
    },
  ];
  const turn = kit.options.points?.willpowerTurn ?? "perRoll";
  const stats = [
    {
      id: kit.id("willpowerTurn"),
      label: kit.t("ROLLING_BONES.Points.Sheet.WillpowerTurn"),
      text: kit.t(`ROLLING_BONES.Points.Sheet.WillpowerState.${turn}`),
    },
  ];
  return { engine: "pool", editable: kit.options.editable, stats, sections };
}
