// @vitest-environment happy-dom
/**
 * Roll links: the enricher's output parsed in the DOM (working and broken links), and a click on
 * a link posting the engine's card on the Foundry double.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import { REQUEST_LINK_PATTERN } from "../../src/applications/enrichers.ts";
import { buildRequestLink, buildRollLink } from "../../src/applications/roll-link-elements.ts";
import { ENRICHER_PATTERN } from "../../src/helpers/chat-commands.ts";

const I18N = { has: hasKey, localize, format: (key: string, data: Record<string, string>) => format(key, data) };
const SETTINGS = { wildFirstOneCounts: true, percentileCap: 5 };

function linkFor(text: string): HTMLAnchorElement {
  const match = [...text.matchAll(ENRICHER_PATTERN)][0];
  if (!match) throw new Error(`no match in ${text}`);
  return buildRollLink(
    document,
    { text: match[0], name: match[1] ?? "", params: match[2] ?? "", label: match[3] },
    SETTINGS,
    I18N,
  );
}

describe("roll link output", () => {
  it("is a keyboard-usable link with the engine, parameters, label and an icon", () => {
    const link = linkFor("@RollPool[6|7]{Dodge}");
    expect(link.tagName).toBe("A");
    expect(link.classList.contains("rb-roll-link")).toBe(true);
    expect(link.dataset.engine).toBe("pool");
    expect(link.dataset.params).toBe("6|7");
    expect(link.dataset.label).toBe("Dodge");
    expect(link.getAttribute("role")).toBe("button");
    expect(link.getAttribute("tabindex")).toBe("0");
    expect(link.textContent?.trim()).toBe("Dodge");
    expect(link.querySelector("i.fa-dice-d10")?.getAttribute("aria-hidden")).toBe("true");
    expect(link.title).toBe("Roll Dice Pool (successes): 6|7");
  });

  it.each([
    ["@RollPercentile[bonus=2]", "percentile", "Percentile (bonus & penalty dice) bonus=2"],
    ["@RollWild[3D+1]", "wild", "Wild Die (D6) 3D+1"],
    ["@RollPi[d8 d4 d4|minor]", "pi", "Precision & Impact d8 d4 d4|minor"],
    ["@RollAction[+3|dc=15]", "action", "Action Dice +3|dc=15"],
  ])("%s without a label names its engine and parameters", (text, engine, shown) => {
    const link = linkFor(text);
    expect(link.dataset.engine).toBe(engine);
    expect(link.textContent?.trim()).toBe(shown);
    expect(link.classList.contains("is-broken")).toBe(false);
  });

  it.each([
    ["@RollPool[6|frog]{Dodge}", "Dodge", '"frog" is not understood here'],
    ["@RollPool[]", "@RollPool[]", "A required value is missing"],
    ["@RollPi[d7]", "@RollPi[d7]", "d7"],
  ])("%s is a visibly broken link with the reason in its title", (text, shown, reason) => {
    const link = linkFor(text);
    expect(link.classList.contains("is-broken")).toBe(true);
    expect(link.dataset.engine).toBeUndefined();
    expect(link.getAttribute("aria-disabled")).toBe("true");
    expect(link.querySelector("i.fa-link-slash")).not.toBeNull();
    expect(link.textContent?.trim()).toBe(shown);
    expect(link.title).toContain("This roll link cannot be rolled");
    expect(link.title).toContain(reason);
    expect(link.title).not.toMatch(/ROLLING_BONES\./);
  });
});

describe("roll links on the double", () => {
  let double: FoundryDouble;
  afterEach(() => {
    double.uninstall();
    document.body.replaceChildren();
  });

  async function enrich(text: string): Promise<HTMLElement> {
    // The double types CONFIG's extra keys as unknown; init pushed one { pattern, enricher } entry.
    const editor = double.CONFIG.TextEditor as {
      enrichers: { pattern: RegExp; enricher: (m: RegExpMatchArray) => Promise<HTMLElement> }[];
    };
    const [config] = editor.enrichers;
    const match = [...text.matchAll(config!.pattern)][0]!;
    const element = await config!.enricher(match);
    document.body.append(element);
    return element;
  }

  it("registers the enricher in init; a click posts the card with the label as flavor", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7, 3, 10, 2]);
    const { listenForRollLinks } = await import("../../src/hooks/roll-links.ts");
    listenForRollLinks();
    const link = await enrich("@RollPool[6|7]{Dodge}");
    link.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    await vi.waitFor(() => expect(double.game.messages.contents).toHaveLength(1));
    const message = double.game.messages.contents[0]!;
    expect((message.rolls[0] as unknown as { request: unknown }).request).toMatchObject({ pool: 6, difficulty: 7 });
    expect(message.flavor).toBe("Dodge");
  });

  it("Enter on a link rolls; other keys and broken links do nothing", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = () => 0.5;
    const { onRollLinkEvent } = await import("../../src/hooks/roll-links.ts");
    const link = await enrich("@RollAction[+3|dc=15]");
    const broken = await enrich("@RollAction[+3|frog]");
    const key = (target: Element, k: string) => {
      const event = new KeyboardEvent("keydown", { key: k, bubbles: true });
      Object.defineProperty(event, "target", { value: target });
      return onRollLinkEvent(event);
    };
    expect(key(link, "a")).toBeUndefined();
    expect(key(broken, "Enter")).toBeUndefined();
    const message = await key(link, "Enter");
    expect((message?.rolls[0] as unknown as { request: unknown }).request).toMatchObject({ modifier: 3, dc: 15 });
    expect(double.game.messages.contents).toHaveLength(1);
    expect(double.notifications.filter((n) => n.type === "error")).toEqual([]);
  });
});

describe("GM roll-request links", () => {
  function requestLink(text: string): HTMLAnchorElement {
    const match = [...text.matchAll(REQUEST_LINK_PATTERN)][0];
    if (!match) throw new Error(`no match in ${text}`);
    return buildRequestLink(document, match[0], match[1] ?? "", match[2] ?? "", I18N);
  }

  it("is a keyboard-usable link carrying the request's text and label", () => {
    const link = requestLink("@RollRequest[action save:reflex target=15 hidden]{Dodge the blade}");
    expect(link.dataset.request).toBe("action save:reflex target=15 hidden");
    expect(link.dataset.label).toBe("Dodge the blade");
    expect(link.getAttribute("role")).toBe("button");
    expect(link.textContent?.trim()).toBe("Dodge the blade");
    expect(link.title).toBe(
      format("ROLLING_BONES.Request.LinkTitle", { engine: localize("ROLLING_BONES.Engine.action") }),
    );
  });

  it("a malformed request link is visibly broken with the reason", () => {
    const link = requestLink("@RollRequest[pct attribute:agility hidden]");
    expect(link.classList.contains("is-broken")).toBe(true);
    expect(link.dataset.request).toBeUndefined();
    expect(link.title).toContain(localize("ROLLING_BONES.Error.RequestHidden").slice(0, 30));
  });

  it("a player who clicks one is told it is the GM's; nothing opens", async () => {
    const double = await bootSystem({ userId: ALICE });
    try {
      const { onRollLinkEvent } = await import("../../src/hooks/roll-links.ts");
      const link = requestLink("@RollRequest[action save:reflex target=15]{Dodge}");
      document.body.append(link);
      const event = new MouseEvent("click", { bubbles: true });
      Object.defineProperty(event, "target", { value: link });
      expect(await onRollLinkEvent(event)).toBeNull();
      expect(double.notifications.map((n) => n.message)).toEqual([format("ROLLING_BONES.Error.GmOnly")]);
    } finally {
      double.uninstall();
      document.body.replaceChildren();
    }
  });
});
