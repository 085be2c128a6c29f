/**
 * "The token HUD", the in-world check of the HUD markup the system reads (issue 35 point 6, for the
 * Quench module or the self-check, run by a GM on a viewed scene): core draws the token HUD of a
 * character of ours with its effects palette and a control per status, the system adds its duration
 * picker there, a condition clicked with "2 rounds" picked becomes a timed condition, and its icon
 * then says how much is left. The test world does not draw core's HUD, so only a real world can check
 * that `token-hud.ts` reads core's markup right. The batch creates its actor and token and deletes them.
 */
import { timedEffectsOf } from "../services/harm/durations.ts";
import { until } from "./fight-batch.ts";
import { registerPostingBatch, type Assert, type QuenchApi } from "./batch.ts";

/** What the check reads of the canvas. [API13 Canvas#ready, #scene, #hud (HeadsUpDisplayContainer#token), #tokens (TokenLayer#get)] */
interface CanvasReadable {
  readonly ready?: boolean;
  readonly scene?: Scene.Implementation | null;
  readonly hud?: {
    readonly token?: {
      bind(object: unknown): unknown;
      close?(): unknown;
      readonly element?: unknown;
    };
  };
  readonly tokens?: { get(id: string): { control?(options?: object): unknown } | undefined };
}

/** The status the check applies: the percentile engine's condition. */
const STATUS = "rb-hampered";

/** The palette of a drawn HUD, as `token-hud.ts` finds it (v13/v14 `data-palette`, older `.status-effects`). */
function paletteOf(element: unknown): HTMLElement | null {
  return element instanceof HTMLElement
    ? element.querySelector<HTMLElement>('[data-palette="effects"], .status-effects')
    : null;
}

/**
 * Draws the HUD of a new token of `actor` on the viewed scene and checks the markup, the picker, a
 * timed application and the time left on its icon.
 */
export async function runHudScenario(
  actor: Actor.Implementation,
  assert: Assert,
  cleanUp: (step: () => Promise<unknown>) => void,
): Promise<void> {
  const view = canvas as unknown as CanvasReadable;
  assert.isTrue(view.ready === true && view.scene, "the HUD check needs a viewed scene: view one and run it again");
  const scene = view.scene as Scene.Implementation;
  const [created] = (await scene.createEmbeddedDocuments("Token", [
    { actorId: actor.id, name: actor.name, x: 0, y: 0 },
  ] as never)) as unknown as { id: string; delete(): Promise<unknown> }[];
  if (!created) throw new Error("could not create the HUD check's token");
  cleanUp(() => created.delete());
  assert.isTrue(await until(() => view.tokens?.get(created.id) !== undefined), "the token is drawn");
  const token = view.tokens?.get(created.id);
  const hud = view.hud?.token;
  assert.isTrue(hud !== undefined, "core has a token HUD (canvas.hud.token)");
  const drawn = () =>
    new Promise<unknown>((resolve) => {
      Hooks.once("renderTokenHUD", (_app: unknown, element: unknown) => resolve(element));
    });
  let shown = drawn();
  token?.control?.({ releaseOthers: true });
  hud?.bind(token);
  let palette = paletteOf(await shown);
  assert.isTrue(palette !== null, "the HUD has an effects palette ([data-palette=effects] or .status-effects)");
  const control = () =>
    paletteOf(hud?.element)?.querySelector<HTMLElement>(`.effect-control[data-status-id="${STATUS}"]`) ?? null;
  assert.isTrue(control() !== null, `the palette has a control for ${STATUS} (.effect-control[data-status-id])`);
  assert.isTrue(
    await until(() => paletteOf(hud?.element)?.querySelector(".rb-hud-duration") !== null),
    "the system's duration picker is drawn in the palette",
  );
  palette = paletteOf(hud?.element);
  const units = palette?.querySelector<HTMLSelectElement>('[data-duration="units"]');
  const value = palette?.querySelector<HTMLInputElement>('[data-duration="value"]');
  if (!units || !value) throw new Error("the picker has no units or count");
  units.value = "rounds";
  value.value = "2";
  units.dispatchEvent(new Event("change", { bubbles: true }));
  shown = drawn();
  control()?.click();
  assert.isTrue(
    await until(() => timedEffectsOf(actor).some((e) => e.statuses.includes(STATUS) && e.value === 2)),
    "the click put the condition on for 2 rounds (a timed effect, not core's untimed toggle)",
  );
  await shown;
  assert.isTrue(
    await until(() => control()?.dataset.rbTimeLeft === "2"),
    "the icon says 2 rounds are left (its tooltip and accessible name)",
  );
  assert.equal(control()?.getAttribute("aria-label")?.includes("2"), true, "the accessible name says what is left");
  await hud?.close?.();
}

/** Registers the HUD batch. */
export function registerHudBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "hud", "Rolling Bones: the token HUD", (batch) => {
    const { context } = batch;
    context.describe("Rolling Bones: the token HUD", () => {
      context.it("the palette's markup, the duration picker, a timed condition and its time left", async () => {
        const actor = await batch.actor("Quench HUD character", "percentile-character", {});
        await runHudScenario(actor, batch.assert, batch.cleanUp);
      });
    });
  });
}
