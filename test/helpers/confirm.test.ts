/** Issue 19 item 11: destructive one-click actions ask first; the question is text, and No is the default. */
import { afterEach, describe, expect, it } from "vitest";
import { askText } from "../../src/helpers/ask-text.ts";
import { confirmAction } from "../../src/helpers/confirm.ts";
import { renderTemplate } from "../support/handlebars.ts";

type ConfirmOptions = { content: string; yes: { default: boolean }; no: { default: boolean }; rejectClose: boolean };
const seen: ConfirmOptions[] = [];

type InputOptions = { window: { title: string }; content: string; ok: { label: string }; rejectClose: boolean };
const asked: InputOptions[] = [];

function stubDialog(answer: unknown): void {
  (globalThis as Record<string, unknown>).foundry = {
    applications: {
      // The system's templates, rendered with the real Handlebars.
      handlebars: {
        loadTemplates: () => Promise.resolve([]),
        renderTemplate: (path: string, context: object) =>
          Promise.resolve(renderTemplate(path.replace("systems/rolling-bones/", ""), context)),
      },
      api: {
        DialogV2: {
          confirm: (options: ConfirmOptions) => {
            seen.push(options);
            return Promise.resolve(answer);
          },
          input: (options: InputOptions) => {
            asked.push(options);
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
  asked.length = 0;
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

describe("askText (issue 28: Award, Forfeit and Take a Fate Point ask for their reason)", () => {
  const question = {
    title: "Award <b>Bob</b> a die",
    label: "Reason",
    hint: "Shown <i>on</i> the card",
    confirm: "Award",
    maxLength: 200,
  };

  it("gives the typed text, trimmed; closing the window gives null", async () => {
    stubDialog({ text: "  Clever plan  " });
    expect(await askText(question)).toBe("Clever plan");
    stubDialog(null);
    expect(await askText(question)).toBeNull();
    stubDialog({});
    expect(await askText(question)).toBe("");
  });

  it("shows its words as text, limits the field, and marks it required when asked", async () => {
    stubDialog(null);
    await askText(question);
    await askText({ ...question, required: true });
    expect(asked[0]?.window.title).toBe("Award <b>Bob</b> a die");
    expect(asked[0]?.content).toContain("Shown &lt;i&gt;on&lt;/i&gt; the card");
    expect(asked[0]?.content).toMatch(/<input [^>]*name="text" maxlength="200"(?![^>]*required)/);
    expect(asked[1]?.content).toMatch(/<input [^>]*name="text" maxlength="200" required/);
    expect(asked[0]?.rejectClose).toBe(false);
    expect(asked[0]?.ok.label).toBe("Award");
  });
});
