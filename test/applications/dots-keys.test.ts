// @vitest-environment happy-dom
/** Issue 19 item 12: a rating's dots are one radio group that the arrow keys, Home and End change. */
import { describe, expect, it } from "vitest";
import {
  dotsKeyValue,
  focusAfterDieRemoved,
  focusAfterRemove,
  focusCheckedDot,
  listenToDots,
} from "../../src/applications/sheets/dots-keys.ts";

const group = (value: number, max: number, limit = max) =>
  `<div class="rb-dots" role="radiogroup" data-path="system.x" data-value="${value}">` +
  Array.from(
    { length: max },
    (_, i) =>
      `<button role="radio" data-value="${i + 1}" aria-checked="${i + 1 === value}" tabindex="${i + 1 === value ? 0 : -1}"${i + 1 > limit ? " disabled" : ""}></button>`,
  ).join("") +
  "</div>";

describe("dots keys", () => {
  it("step the rating by one within 0 and the limit, and jump with Home and End", () => {
    expect(dotsKeyValue("ArrowRight", 3, 5)).toBe(4);
    expect(dotsKeyValue("ArrowUp", 5, 5)).toBe(5);
    expect(dotsKeyValue("ArrowLeft", 3, 5)).toBe(2);
    expect(dotsKeyValue("ArrowDown", 0, 5)).toBe(0);
    expect(dotsKeyValue("Home", 3, 5)).toBe(0);
    expect(dotsKeyValue("End", 1, 7)).toBe(7);
    expect(dotsKeyValue("Tab", 3, 5)).toBeNull();
  });

  it("set the group's rating, never past the highest enabled dot, and leave other keys alone", () => {
    const root = document.createElement("div");
    root.innerHTML = group(3, 10, 4);
    document.body.append(root);
    const set: [string, number][] = [];
    listenToDots(root, (path, value) => set.push([path, value]));
    const checked = root.querySelector<HTMLElement>('[aria-checked="true"]') as HTMLElement;
    const press = (key: string) => {
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      checked.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press("ArrowRight")).toBe(true);
    expect(press("End")).toBe(true);
    expect(press("ArrowLeft")).toBe(true);
    expect(press("a")).toBe(false);
    expect(set).toEqual([
      ["system.x", 4],
      ["system.x", 4],
      ["system.x", 2],
    ]);
  });

  it("put the focus back on the checked dot after a re-render, or the first dot at 0", () => {
    const root = document.createElement("div");
    document.body.append(root);
    root.innerHTML = group(2, 5);
    focusCheckedDot(root, "system.x");
    expect(document.activeElement?.getAttribute("data-value")).toBe("2");
    root.innerHTML = group(0, 5);
    focusCheckedDot(root, "system.x");
    expect(document.activeElement?.getAttribute("data-value")).toBe("1");
  });
});

describe("focus after a removal (issue 19 item 11)", () => {
  it("moves to the section's Add button, never to the next row's Remove", () => {
    const root = document.createElement("div");
    document.body.append(root);
    root.innerHTML =
      '<button data-action="removeEntry" data-collection="skills" data-id="b">Remove B</button>' +
      '<button data-action="addEntry" data-collection="conditions">Add condition</button>' +
      '<button data-action="addEntry" data-collection="skills">Add skill</button>';
    focusAfterRemove(root, "skills");
    expect(document.activeElement?.textContent).toBe("Add skill");
  });

  it("moves to the die chip that took the removed one's place, else the one before, else the add button", () => {
    const root = document.createElement("div");
    document.body.append(root);
    const chips = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `<button data-action="cycleDie" data-path="p" data-index="${i}">c${i}</button>`,
      ).join("") + '<button data-action="addDie" data-path="p">add</button>';
    root.innerHTML = chips(2);
    focusAfterDieRemoved(root, "p", 0);
    expect(document.activeElement?.textContent).toBe("c0");
    focusAfterDieRemoved(root, "p", 2);
    expect(document.activeElement?.textContent).toBe("c1");
    root.innerHTML = chips(0);
    focusAfterDieRemoved(root, "p", 0);
    expect(document.activeElement?.textContent).toBe("add");
  });
});
