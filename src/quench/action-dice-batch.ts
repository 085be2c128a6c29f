/**
 * The action-dice batch for the Quench module: the shared scenarios (`action-dice-scenarios.ts`) run
 * by the GM in a real world, against the real dice, chat messages, settings and templates. The
 * world's session and GM pool are put back, and every posted message is deleted, afterwards.
 */
import { SYSTEM_ID } from "../constants.ts";
import { prepareActionDiceRun } from "./action-dice-run.ts";
import { ACTION_DICE_SCENARIOS, type ActionDiceRun } from "./action-dice-scenarios.ts";
import { calibrate, throwD4 } from "./faces.ts";
import type { QuenchApi, QuenchContext } from "./batch.ts";

/** Registers the action-dice batch (run it as the GM). */
export function registerActionDiceBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.action-dice`,
    (context: QuenchContext) => {
      const { assert } = context;
      let run: ActionDiceRun;
      let restore: () => Promise<void> = () => Promise.resolve();
      context.before(async () => {
        const prepared = await prepareActionDiceRun(await calibrate(throwD4));
        run = prepared.run;
        restore = prepared.restore;
      });
      context.after(async () => {
        await restore();
      });
      context.describe("Rolling Bones action dice: spends, activations and undo on real chat cards (as the GM)", () => {
        for (const scenario of ACTION_DICE_SCENARIOS) {
          context.it(scenario.name, async () => {
            assert.isTrue(game.user.isGM, "run this batch as the GM");
            assert.deepEqual(await scenario.run(run), [], "card and pools");
          });
        }
      });
    },
    { displayName: "Rolling Bones: action dice" },
  );
}
