/**
 * No user-facing text outside the language file: a template's text nodes and its user-facing
 * attributes (`aria-label`, `title`, `placeholder`, `alt`, `data-tooltip`, `label`) hold nothing but
 * Handlebars output, numbers and symbols; a script writes no literal words into what a user reads
 * (a notification, an element's text or user-facing attribute, a dialog's or a button's label, title
 * or hint). Text comes from `lang/en.json` (through `localize`, `format` or a key), so a translation
 * covers all of it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/i18n.ts";

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(rel, ext));
    else if (ext.test(e.name)) out.push(rel);
  }
  return out.sort();
}

/** Whether text holds a word: a letter, once entities are dropped. */
const hasWord = (text: string) => /\p{L}/u.test(text.replace(/&[a-z]+;|&#x?[0-9a-f]+;/gi, ""));

const USER_ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "data-tooltip", "label"];

/**
 * The user-facing literal text of a template: text nodes and user-facing attribute values, with
 * every Handlebars expression, comment and block removed.
 */
export function templateLiterals(source: string): string[] {
  const bare = source
    .replace(/\{\{!--[\s\S]*?--\}\}/g, "")
    .replace(/\{\{![\s\S]*?\}\}/g, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/\{\{\{?[\s\S]*?\}?\}\}/g, "\uE000");
  const found: string[] = [];
  // Attribute values of the user-facing attributes.
  for (const m of bare.matchAll(/\s([a-z-]+)="([^"]*)"/gi)) {
    if (USER_ATTRIBUTES.includes((m[1] ?? "").toLowerCase()) && hasWord(m[2] ?? "")) found.push(`${m[1]}="${m[2]}"`);
  }
  // Text between tags (attributes and tags removed).
  for (const m of bare.replace(/<[^>]*>/g, "\n").split("\n")) {
    const text = m.replace(/\uE000/g, " ").trim();
    if (text && hasWord(text) && !NOT_WORDS.some((re) => re.test(text))) found.push(text);
  }
  return found;
}

/** A literal's text, each `${…}` (nested braces and literals included) replaced by `replacement`. */
function literalText(literal: string, replacement = " "): string {
  const body = literal.slice(1, -1);
  let out = "";
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "$" || body[i + 1] !== "{") {
      out += body[i];
      continue;
    }
    let depth = 0;
    for (i += 1; i < body.length; i++) {
      const c = body[i] ?? "";
      if (c === '"' || c === "'" || c === "`") i += (readLiteral(body, i)?.length ?? 1) - 1;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    out += replacement;
  }
  return out;
}

/** A literal that is a localization key (or a key prefix, or a key built around `${…}`), not text. */
const isKey = (literal: string) => /^ROLLING_BONES(\.[A-Za-z0-9_X-]+)*\.?$/.test(literalText(literal, "X").trim());

/**
 * Text that is no language's words: a die's notation (`d6`, `d`), and the name of the document a
 * write step stands for in a failure's message (`ChatMessage (new)`, `Setting actionGmPool`,
 * `Actor Ayla`): Foundry's own type names, which its logs show untranslated too.
 */
const NOT_WORDS = [/^\s*\d*d\s*\d*\s*$/, /^(ChatMessage|Setting|Actor|User|Item|Combatant) /];

/**
 * Reads the string, quoted or template literal that starts at `at` (template literals with nested
 * `${…}`, literals inside them included); `null` when no literal starts there.
 */
function readLiteral(code: string, at: number): string | null {
  const quote = code[at];
  if (quote !== '"' && quote !== "'" && quote !== "`") return null;
  let i = at + 1;
  while (i < code.length) {
    const c = code[i];
    if (c === "\\") i += 2;
    else if (c === quote) return code.slice(at, i + 1);
    else if (quote === "`" && c === "$" && code[i + 1] === "{") {
      let depth = 0;
      for (i += 1; i < code.length; i++) {
        const inner = code[i];
        if (inner === '"' || inner === "'" || inner === "`") i += (readLiteral(code, i)?.length ?? 1) - 1;
        else if (inner === "{") depth++;
        else if (inner === "}" && --depth === 0) break;
      }
      i++;
    } else if (quote !== "`" && c === "\n") return null;
    else i++;
  }
  return null;
}

/** Where a script puts text a user reads: each pattern ends where the literal it is given starts. */
const SINKS: readonly RegExp[] = [
  /ui\.notifications\??\.(?:info|warn|error)\(\s*/g,
  /\bnotify\(\s*"[a-z]+",\s*/g,
  /\.(?:textContent|innerText|title|placeholder)\s*=\s*/g,
  /setAttribute\(\s*"(?:aria-label|title|placeholder|alt|data-tooltip)",\s*/g,
  /\b(?:label|hint|title|content):\s*/g,
];

/** The user-facing literal text of a script. */
export function scriptLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found: string[] = [];
  for (const sink of SINKS) {
    for (const m of code.matchAll(sink)) {
      const literal = readLiteral(code, (m.index ?? 0) + m[0].length);
      if (literal === null) continue;
      const text = literalText(literal);
      // Markup is built from localized parts elsewhere: only words in the literal itself count.
      const words = text.replace(/<[^>]*>/g, " ");
      if (hasWord(words) && !isKey(literal) && !NOT_WORDS.some((re) => re.test(text))) found.push(`${m[0]}${literal}`);
    }
  }
  return found;
}

describe("user-facing text comes from the language file", () => {
  it("no template holds literal words in its text or its user-facing attributes", () => {
    const offenders = [...files("templates", /\.hbs$/), ...files("lab", /\.hbs$/)].flatMap((file) =>
      templateLiterals(readFileSync(path.join(ROOT, file), "utf8")).map((text) => `${file}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });

  it("no script writes literal words where a user reads them", () => {
    const offenders = [...files("src", /\.ts$/), ...files("lab", /\.ts$/)]
      .filter((file) => !file.startsWith(path.join("src", "engines")) && !file.startsWith(path.join("src", "quench")))
      .flatMap((file) => scriptLiterals(readFileSync(path.join(ROOT, file), "utf8")).map((text) => `${file}: ${text}`));
    expect(offenders).toEqual([]);
  });

  it("finds literal words in templates and scripts (the check can fail)", () => {
    expect(templateLiterals(`<button aria-label="Roll">{{localize "ROLLING_BONES.X"}}</button>`)).toEqual([
      'aria-label="Roll"',
    ]);
    expect(templateLiterals(`<p>{{count}} dice left</p><i title="{{t}}">×</i> {{!-- a comment --}}`)).toEqual([
      "dice left",
    ]);
    expect(templateLiterals(`<p>{{localize "ROLLING_BONES.Y" n=2}} · {{x}}&nbsp;–</p>`)).toEqual([]);
    expect(scriptLiterals(`ui.notifications.warn("Select a token first.");`)).toHaveLength(1);
    expect(scriptLiterals(`el.textContent = \`\${n} dice\`;`)).toHaveLength(1);
    expect(scriptLiterals(`buttons: [{ label: "Cancel" }]`)).toHaveLength(1);
    expect(scriptLiterals(`ui.notifications.warn("ROLLING_BONES.Warn.Key", { localize: true });`)).toEqual([]);
    expect(scriptLiterals(`el.textContent = \`\${a} · \${b}\`; // a comment: "label: Text"`)).toEqual([]);
    expect(
      scriptLiterals(`label: \`\${a.name} · \${i18n.localize(\`ROLLING_BONES.X.\${t}\`)} and more\``),
    ).toHaveLength(1);
    expect(scriptLiterals(`hint: \`ROLLING_BONES.Settings.\${key}.hint\``)).toEqual([]);
  });
});
