import type { DiceScenario } from "./dice-scenarios.ts";
import { uniformFor, type FaceMapping } from "./faces.ts";
import { rollToChat } from "../services/roll.ts";

/** What running one scenario produced. */
export interface ScenarioRun {
  /** The roll's total as Foundry reports it. */
  total: number | undefined;
  /** The card as first rendered. */
  card: HTMLElement;
  /** The card rendered again from a roll rebuilt from its stored JSON. */
  reloaded: HTMLElement;
  /** The message, for clean-up. */
  message: ChatMessage.Implementation;
}

/**
 * Posts a scenario's roll with its faces (restoring Foundry's random generator afterwards), renders
 * its card, and renders it again from a roll rebuilt by `Roll.fromData(roll.toJSON())`.
 */
export async function runScenario(scenario: DiceScenario, mapping: FaceMapping): Promise<ScenarioRun> {
  const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
  const original = dice.randomUniform;
  let message: ChatMessage.Implementation | null;
  try {
    dice.randomUniform = uniformFor(scenario.faces, mapping);
    message = await rollToChat(scenario.engine, scenario.request, { visibility: "public", flavor: scenario.name });
  } finally {
    dice.randomUniform = original;
  }
  if (!message) throw new Error(`${scenario.name}: no message was posted`);
  const roll = message.rolls[0];
  if (!roll) throw new Error(`${scenario.name}: the message holds no roll`);
  const render = (html: string) => {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    return holder;
  };
  const card = render(await roll.render());
  const rebuilt = foundry.dice.Roll.fromData(JSON.parse(JSON.stringify(roll.toJSON())) as never);
  const reloaded = render(await rebuilt.render());
  return { total: roll.total, card, reloaded, message };
}
