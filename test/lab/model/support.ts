/** What the lab model's tests share: the English localization, the sample characters, and a card state rendered by its Roll class. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLocalization } from "../../../lab/i18n.ts";
import { rollCardState, sampleActors, type CardState, type SampleActor } from "../../../lab/model.ts";
import { mixedFaces, type FoundryDouble } from "../../foundry/index.ts";
import { EN, ROOT } from "../../support/i18n.ts";
import { ALICE, bootSystem } from "../../support/system.ts";

export const I18N = createLocalization(EN);

/** The sample characters of the actors compendium's sources. */
export function actors(): SampleActor[] {
  const dir = path.join(ROOT, "packs/_source/actors");
  return sampleActors(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown),
  );
}

/**
 * A card state's roll made by the engine's Roll class on an installed Foundry double, from the same
 * faces, with what the state stores beside its outcome (its card state or ledger, and the conditions,
 * equipment and attack it names), evaluated.
 */
export async function stateRoll(double: FoundryDouble, state: CardState) {
  const throws = rollCardState(state).throws;
  double.CONFIG.Dice.randomUniform = mixedFaces(throws.map((t) => [t.value, t.faces] as const));
  const { ROLL_FACTORIES } = await import("../../../src/dice/index.ts");
  const roll = ROLL_FACTORIES[state.engine](state.request);
  Object.assign(roll.options, state.stored ?? {});
  for (const key of ["conditions", "equipment", "attack"] as const) {
    if (state[key] !== undefined) Object.assign(roll.options, { [key]: state[key] });
  }
  await roll.evaluate();
  return roll;
}

/** A card state's card as the engine's Roll class renders it on the Foundry double, from the same faces. */
export async function rollClassCard(state: CardState): Promise<string> {
  const double = await bootSystem({ userId: ALICE });
  try {
    const roll = await stateRoll(double, state);
    return await roll.render({ isPrivate: state.isPrivate === true });
  } finally {
    double.uninstall();
  }
}

/** The sample characters and the bestiary's NPCs, as the lab's fight reads them. */
export function roster(): SampleActor[] {
  const dir = path.join(ROOT, "packs/_source/bestiary");
  const bestiary = sampleActors(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown),
  );
  return [...actors(), ...bestiary];
}
