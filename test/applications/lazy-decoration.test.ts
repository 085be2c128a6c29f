// @vitest-environment happy-dom
/** A card decoration whose code loads with the first card that may carry it (lazy-decoration.ts). */
import { describe, expect, it, vi } from "vitest";
import { lazyDecoration, type Decorate } from "../../src/applications/chat/lazy-decoration.ts";

type Message = ChatMessage.Implementation;
const message = (kind: string) => ({ kind }) as unknown as Message;
const isDamage = (m: Message) => (m as unknown as { kind: string }).kind === "damage";

/** A decoration whose loader and drawing are counted. */
function counted() {
  const drawn: string[] = [];
  const draw: Decorate = async (m, html) => {
    await Promise.resolve();
    html.dataset.drawn = (m as unknown as { kind: string }).kind;
    drawn.push(html.id);
  };
  const load = vi.fn(async () => draw);
  return { drawn, load, decoration: lazyDecoration("test panel", isDamage, load) };
}

const element = (id: string) => Object.assign(document.createElement("div"), { id });

describe("a lazily loaded card decoration", () => {
  it("loads nothing for a card it does not accept, and says it is done at once", async () => {
    const { load, decoration } = counted();
    const html = element("a");
    await decoration.add(message("check"), html);
    await decoration.done(html);
    expect(load).not.toHaveBeenCalled();
    expect(html.dataset.drawn).toBeUndefined();
  });

  it("loads with the first card it accepts, draws each element once, and done waits for the drawing", async () => {
    const { drawn, load, decoration } = counted();
    const first = element("first");
    const second = element("second");
    void decoration.add(message("damage"), first);
    void decoration.add(message("damage"), first);
    void decoration.add(message("damage"), second);
    await decoration.done(first);
    await decoration.done(second);
    expect(drawn).toEqual(["first", "second"]);
    expect(first.dataset.drawn).toBe("damage");
    // Both cards came before the code was there; once it is, a card's drawing starts as it renders.
    expect(load).toHaveBeenCalledTimes(2);
    const third = element("third");
    const work = decoration.add(message("damage"), third);
    expect(load).toHaveBeenCalledTimes(2);
    await work;
    expect(drawn).toEqual(["first", "second", "third"]);
  });

  it("a drawing that fails is reported to the console, and the card stays as it was", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const decoration = lazyDecoration("test panel", isDamage, async () => {
      throw new Error("offline");
    });
    const html = element("c");
    await expect(decoration.add(message("damage"), html)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith("Rolling Bones | the test panel could not be added", expect.any(Error));
    expect(html.dataset.drawn).toBeUndefined();
    error.mockRestore();
  });
});
