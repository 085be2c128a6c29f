/** Issue 19 item 11: destructive one-click actions ask first; the question is text, and No is the default. */
import { afterEach, describe, expect, it } from "vitest";
import { confirmAction } from "../../src/helpers/confirm.ts";

type ConfirmOptions = { content: string; yes: { default: boolean }; no: { default: boolean }; rejectClose: boolean };
const seen: ConfirmOptions[] = [];

function stubDialog(answer: unknown): void {
  (globalThis as Record<string, unknown>).foundry = {
    applications: {
      api: {
        DialogV2: {
          confirm: (options: ConfirmOptions) => {
            seen.push(options);
            return Promise.resolve(answer);
          },
        },
      },
    },
  };
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>).foundry;
  seen.length = 0;
});

describe("confirmAction", () => {
  it("goes ahead only on Yes; closing the window is a no", async () => {
    const text = { title: "Remove <b>x</b>", body: "Gone.", confirm: "Remove" };
    stubDialog(true);
    expect(await confirmAction(text)).toBe(true);
    stubDialog(null);
    expect(await confirmAction(text)).toBe(false);
    stubDialog(false);
    expect(await confirmAction(text)).toBe(false);
  });

  it("shows the question as text and puts the default on No", async () => {
    stubDialog(false);
    await confirmAction({ title: "t", body: 'Remove <img src=x onerror="alert(1)">?', confirm: "Remove" });
    expect(seen[0]?.content).toBe("<p>Remove &lt;img src=x onerror=&quot;alert(1)&quot;&gt;?</p>");
    expect(seen[0]?.no.default).toBe(true);
    expect(seen[0]?.yes.default).toBe(false);
    expect(seen[0]?.rejectClose).toBe(false);
  });
});
