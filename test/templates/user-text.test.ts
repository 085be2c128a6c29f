// @vitest-environment happy-dom
/**
 * User text stays text in every template (issue 14, class 1). Three kinds of check:
 *
 * - a guard over the sources: no raw Handlebars output (`{{{ }}}`) outside the lab's allowlist, no
 *   `innerHTML`/`insertAdjacentHTML` fed anything but a rendered template, every `data-tooltip`
 *   from a tooltip field, every notification through `notify`, no `SafeString`;
 * - every card, ledger, panel, request card and composer of the lab's specimens (built by the real
 *   views) rendered with hostile text in every field a user types, and a hostile flavor;
 * - every character sheet (editable and not) and the Action Results Table editor rendered from
 *   hostile names and labels through their real views.
 *
 * Each rendering must create no element from the hostile text, show it as typed, and give tooltips
 * (HTML to Foundry) that show it as typed too.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSheet } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";
import { renderTemplate, templateFiles } from "../support/handlebars.ts";
import { HOSTILE, injected, parseHTML } from "../support/hostile.ts";
import { format, localize, ROOT } from "../support/i18n.ts";
import { escapeHTML } from "../../src/helpers/html.ts";
import { artEditorView, defaultArtForm, type ArtForm } from "../../src/data/settings/art-table.ts";
import type { CharacterType } from "../../src/data/actor/pure.ts";
import { CARD_STATES, cardContext, cardTemplateFile, rollCardState, tableSpecimens } from "../../lab/model.ts";
import { requestSpecimens } from "../../lab/requests.ts";
import { harmSpecimens } from "../../lab/harm.ts";
import type { Localization } from "../../lab/i18n.ts";

/** Source files under `dir` with one of the extensions, relative to the repository root. */
function sources(dir: string, exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel, exts));
    else if (exts.some((e) => entry.name.endsWith(e))) out.push(rel);
  }
  return out;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Every match of `pattern` in the files, as `file: line`. */
function occurrences(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    read(file)
      .split("\n")
      .filter((line) => pattern.test(line) && !/^\s*(\*|\/\/|\/\*\*)/.test(line))
      .map((line) => `${file}: ${line.trim()}`),
  );
}

describe("guard: the only ways text becomes HTML", () => {
  const code = [...sources("src", [".ts"]), ...sources("lab", [".ts"])];

  it("no template prints raw output, but for the lab page's own specimen slots", () => {
    // The lab page (never shipped) shows fixed specimens it rendered with the system's templates.
    const allowed = /\{\{\{(html|card|playersCard)\}\}\}/g;
    const raw = [...templateFiles(), ...templateFiles("lab/templates")].flatMap((file) =>
      [
        ...read(file)
          .replace(allowed, "")
          .matchAll(/\{\{\{|\{\{&/g),
      ].map(() => file),
    );
    expect(raw).toEqual([]);
  });

  it("markup is put in the page only from a rendered template", () => {
    // Each line that sets HTML must take it from a template render nearby (within three lines).
    const sinks = /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML\(|createContextualFragment|\.write\(/;
    const offenders = code.flatMap((file) => {
      const lines = read(file).split("\n");
      return lines.flatMap((line, i) => {
        if (!sinks.test(line) || line.trim().startsWith("*") || line.trim().startsWith("//")) return [];
        const near = lines.slice(Math.max(0, i - 3), i + 3).join("\n");
        const fromTemplate =
          /renderTemplate\(|renderSystemTemplate\(|render\.(lab|system)\(|\bhtml\b|\brender\b|ControlsHtml\(/.test(
            near,
          );
        return fromTemplate ? [] : [`${file}:${i + 1}: ${line.trim()}`];
      });
    });
    expect(offenders).toEqual([]);
    // Where the HTML came from, file by file: the chat hooks and the lab render templates; the
    // Quench scenario, the advice batch and the lab's element helper take a rendered card or template.
    const setters = occurrences(code, sinks).map((o) => o.split(":")[0]);
    expect([...new Set(setters)].sort()).toEqual([
      "lab/art-panel.ts",
      "lab/dom.ts",
      "lab/engine-panel.ts",
      "lab/fight-panel.ts",
      "lab/main.ts",
      "lab/sheet-panel.ts",
      "src/applications/chat/action-card-panel.ts",
      "src/applications/chat/advice-host.ts",
      "src/applications/chat/automatic-controls.ts",
      "src/applications/chat/harm-panel.ts",
      "src/applications/chat/points-card-panel.ts",
      "src/applications/hud/token-hud.ts",
      "src/applications/requests/rows.ts",
      "src/quench/advice-batch.ts",
      "src/quench/run-scenario.ts",
    ]);
  });

  it("every data-tooltip is read from a tooltip field (escaped HTML), never a label", () => {
    const tooltips = templateFiles().flatMap((file) =>
      [...read(file).matchAll(/data-tooltip="([^"]*)"/g)].map((m) => [file, m[1] as string]),
    );
    expect(tooltips.length).toBeGreaterThan(0);
    for (const [file, value] of tooltips) expect(value, file).toMatch(/^\{\{([\w.]+\.)?(tooltip|\w+Tooltip)\}\}$/);
  });

  it("notifications go through notify (escaped); nothing marks text as safe HTML", () => {
    const direct = occurrences(code, /ui\.notifications/).filter((o) => !o.startsWith("src/helpers/notify.ts"));
    expect(direct).toEqual([]);
    expect(occurrences(code, /SafeString|triple|escapeExpression/)).toEqual([]);
  });

  it("chat messages are made in two places: rollToChat escapes the flavor, the rest post rendered templates", () => {
    const src = sources("src", [".ts"]);
    const creators = occurrences(src, /ChatMessage(\.implementation)?\.create\(/);
    expect(creators.map((o) => o.split(":")[0])).toEqual(["src/services/messages.ts", "src/services/roll.ts"]);
    expect(read("src/services/roll.ts")).toContain(
      "flavor: options.flavor === undefined ? undefined : escapeHTML(options.flavor),",
    );
    // Every message content (and the notice's dialog content) with where it comes from.
    expect(occurrences(src, /\bcontent(:|,$)/).map((o) => o.replace(/\s+/g, " "))).toEqual([
      "src/applications/settings/art-notice.ts: content: paragraphs,",
      "src/helpers/ask-text.ts: content,",
      "src/helpers/confirm.ts: content: `<p>${escapeHTML(text.body)}</p>`,",
      // A Quench check's own constant marker paragraph (issue 23, fault 12), created through messageCreate.
      'src/quench/v14-batch.ts: return messageCreate({ ...extra, content: `<p class="${marker}">Quench</p>`, rolls: [roll] });',
      "src/services/action-dice/pool-actions.ts: content: await renderEconomyCard(record),",
      "src/services/action-dice/pool-actions.ts: partWrite(message, ECONOMY_FLAG, next, { content: await renderEconomyCard(next) }),",
      "src/services/action-dice/session.ts: content: await renderEconomyCard(record),",
      "src/services/automatic/actions.ts: content: await renderSystemTemplate(AUTOMATIC_TEMPLATE, { ...automaticView(record) }),",
      "src/services/harm/apply.ts: content: await renderSystemTemplate(RECORD_TEMPLATE, { kind, by: asker.name }),",
      "src/services/points/fate-loss.ts: content: await renderSystemTemplate(FATE_LOSS_TEMPLATE, fateLossView(record)),",
      "src/services/points/fate-loss.ts: content: await renderSystemTemplate(FATE_LOSS_TEMPLATE, fateLossView(next)),",
      "src/services/requests/requests.ts: content: await renderSystemTemplate(REQUEST_SECRET_TEMPLATE, {",
      "src/services/requests/requests.ts: content,",
    ]);
    expect(read("src/services/requests/requests.ts")).toMatch(
      /const content = await (?:[\w.]+renderTemplate|renderSystemTemplate)\(/,
    );
    expect(read("src/applications/settings/art-notice.ts")).toMatch(
      /<p>\$\{escapeHTML\(game\.i18n\.localize\(key\)\)\}<\/p>/,
    );
  });
});

describe("escapeHTML", () => {
  it.each([HOSTILE, "Sneak & Hide", 'say "hi"', "it's", "a < b > c", "&amp;"])(
    "%s parses back to exactly that text, with no element",
    (text) => {
      const holder = parseHTML(`<p title="${escapeHTML(text)}">${escapeHTML(text)}</p>`);
      expect(holder.children).toHaveLength(1);
      expect(injected(holder)).toEqual([]);
      expect(holder.textContent).toBe(text);
      expect(holder.querySelector("p")!.title).toBe(text);
    },
  );
});

/** Checks rendered HTML: no element from the hostile text, and the text visible (or in a value) as typed. */
function expectText(html: string, where: string): HTMLElement {
  const root = parseHTML(html);
  expect(injected(root), where).toEqual([]);
  const values = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")].map(
    (el) => el.value,
  );
  const shown = [root.textContent ?? "", ...values].some((text) => text.includes(HOSTILE));
  expect(shown, `${where} shows the text as typed`).toBe(true);
  for (const el of root.querySelectorAll<HTMLElement>("[data-tooltip]")) {
    const tip = parseHTML(el.dataset.tooltip ?? "");
    expect(injected(tip), `${where} tooltip`).toEqual([]);
    expect(tip.children, `${where} tooltip is text`).toHaveLength(0);
  }
  return root;
}

/** The fields of views that carry what a user typed (names, labels, reasons), by key. */
const USER_TEXT = new Set([
  "name",
  "names",
  "label",
  "who",
  "by",
  "actor",
  "character",
  "closedBy",
  "undoneBy",
  "subject",
  "detail",
  "players",
  "flavor",
  "reason",
  "notes",
  "title",
]);

/** A deep copy of a view with every user-typed string replaced by hostile text; `hits` counts them. */
function hostile(value: unknown, hits: { n: number }, key = ""): unknown {
  if (typeof value === "string") {
    if (!USER_TEXT.has(key)) return value;
    hits.n++;
    return HOSTILE;
  }
  if (Array.isArray(value)) return value.map((v) => hostile(v, hits, key));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = hostile(v, hits, key === "names" ? "name" : k);
    return out;
  }
  return value;
}

describe("cards, ledgers, panels and requests with hostile names and labels", () => {
  const i18n = { localize, format, lang: "en" } as unknown as Localization;
  const parts = [
    ...CARD_STATES.map((state) => ({
      id: `card ${state.engine} ${state.isPrivate ? "private" : ""}`,
      file: cardTemplateFile(state.engine),
      context: {
        ...cardContext(rollCardState(state), { isPrivate: state.isPrivate === true, stored: state.stored }),
        flavor: "x",
      },
    })),
    ...tableSpecimens().flatMap((s) => s.parts.map((p) => ({ id: `table ${s.id}`, ...p }))),
    ...requestSpecimens(i18n).flatMap((s) => s.parts.map((p) => ({ id: `request ${s.id}`, ...p }))),
    ...harmSpecimens(i18n).flatMap((s) => s.parts.map((p) => ({ id: `harm ${s.id}`, ...p }))),
  ];

  const hostileParts = parts.flatMap((p) => {
    const hits = { n: 0 };
    const context = hostile(p.context, hits) as object;
    return hits.n > 0 ? [{ ...p, context }] : [];
  });

  it("covers every chat, panel and request template that shows user text", () => {
    const files = new Set(hostileParts.map((p) => p.file));
    for (const file of templateFiles()) {
      // Partials and controls show no user text of their own; request rows render inside the request
      // card; a card's advisor shows figures only.
      if (
        !/^templates\/(chat|action-dice|requests)\//.test(file) ||
        /partials|controls|request-rows|advice/.test(file)
      ) {
        continue;
      }
      expect(files, file).toContain(file);
    }
  });

  it.each(hostileParts.map((p) => [`${p.id} (${p.file})`, p] as const))("%s", (_name, part) => {
    expectText(renderTemplate(part.file, part.context), part.id);
  });
});

/** A character's system data with every named entry (skills, weapons, abilities, traits…) named `name`. */
function renamed<T>(system: T, name: string): T {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "name" ? name : walk(x)]));
    }
    return v;
  };
  return walk(system) as T;
}

describe("character sheets with hostile entry names", () => {
  const types = Object.keys(SAMPLES) as CharacterType[];
  const cases = types.flatMap((type) => [true, false].map((editable) => [type, editable] as const));

  it.each(cases)("%s (editable: %s)", (type, editable) => {
    const system = renamed(SAMPLES[type], HOSTILE);
    const root = expectText(renderSheet(type, system as never, { editable }), type);
    const roll = format("ROLLING_BONES.Sheet.Roll", { name: HOSTILE });
    const rolls = [...root.querySelectorAll<HTMLElement>("button.rb-roll")].filter(
      (b) => b.getAttribute("aria-label") === roll,
    );
    // the hostile entries' roll buttons: named as typed, and their tooltips show the same text
    if (type !== "action-character") expect(rolls.length).toBeGreaterThan(0);
    for (const b of rolls) expect(parseHTML(b.dataset.tooltip ?? "").textContent).toContain(roll);
    if (editable) {
      const remove = format("ROLLING_BONES.Sheet.Remove", { name: HOSTILE });
      const removes = [...root.querySelectorAll<HTMLElement>("button.rb-remove")].filter(
        (b) => b.getAttribute("aria-label") === remove,
      );
      expect(removes.length).toBeGreaterThan(0);
      for (const b of removes) expect(parseHTML(b.dataset.tooltip ?? "").textContent).toBe(remove);
    }
  });
});

describe("the Action Results Table editor with a hostile table name and level labels", () => {
  it("shows them as typed in its inputs, and a refusal quoting them as text", () => {
    const base = defaultArtForm();
    const form: ArtForm = { columns: base.columns, values: { ...base.values, name: HOSTILE, "label.0": HOSTILE } };
    const html = renderTemplate("templates/settings/art-editor.hbs", {
      idPrefix: "rb-art",
      view: artEditorView(form),
      usingDefault: false,
      dirty: true,
      status: null,
      error: format("ROLLING_BONES.Error.ArtEditorNotNumber", { column: "1", value: HOSTILE }),
    });
    const root = expectText(html, "art editor");
    const inputs = [...root.querySelectorAll<HTMLInputElement>("input")].filter((i) => i.value === HOSTILE);
    expect(inputs.map((i) => i.name).sort()).toEqual(["label.0", "name"]);
  });
});

describe("roll dialogs", () => {
  it.each(["percentile", "action", "wild", "pi", "pool"])(
    "%s: an inline error quoting what was typed shows it as text",
    (engine) => {
      const message = format("ROLLING_BONES.Error.ArtEditorNotNumber", { column: "1", value: HOSTILE });
      const shown = { message, id: "rb-dialog-error-0" };
      // In the odds panel (an error of no single control) and under a control.
      const context = {
        idPrefix: "rb-dialog",
        errorCount: 1,
        fieldErrorCount: 0,
        formErrors: [shown],
        fieldErrors: {},
      };
      expectText(renderTemplate(`templates/dialogs/${engine}/odds.hbs`, context), engine);
      expectText(renderTemplate("templates/dialogs/partials/field-error.hbs", { error: shown }), engine);
    },
  );
});
