/**
 * A per-viewer decoration of chat cards (controls, rows, panels) whose code loads with the first
 * card that may carry it: a cheap test runs on every render, and only a card it accepts loads the
 * decoration's module, so that code stays out of the startup bundle. Each rendered element is
 * decorated once; the promise tells tests and the Quench batches when the decoration is in place.
 */

/** Draws a decoration into a rendered message element. */
export type Decorate = (message: ChatMessage.Implementation, html: HTMLElement) => Promise<void>;

/** A decoration loaded on first use. */
export interface LazyDecoration {
  /** Adds the decoration to a rendered message element, once per element; resolves when it is in place. */
  readonly add: (message: ChatMessage.Implementation, html: HTMLElement) => Promise<void>;
  /** Resolves once the decoration of a rendered message element is in place (tests, Quench). */
  readonly done: (html: HTMLElement) => Promise<void>;
}

/**
 * A decoration whose module loads on the first card that may carry it.
 *
 * @param what - What it adds, for the console when it fails (never shown to users).
 * @param mayCarry - Whether a message may carry it (cheap; the module decides the rest).
 * @param load - Loads the module and gives its drawing function.
 */
export function lazyDecoration(
  what: string,
  mayCarry: (message: ChatMessage.Implementation) => boolean,
  load: () => Promise<Decorate>,
): LazyDecoration {
  const pending = new WeakMap<HTMLElement, Promise<void>>();
  // Once loaded, a card's drawing starts as it renders, as if the code had been there from the start.
  let loaded: Decorate | null = null;
  const draw = (message: ChatMessage.Implementation, html: HTMLElement): Promise<void> =>
    loaded ? loaded(message, html) : load().then((decorate) => (loaded = decorate)(message, html));
  return {
    add(message, html) {
      let work = pending.get(html);
      if (!work) {
        work = mayCarry(message)
          ? draw(message, html).catch((error: unknown) => {
              console.error(`Rolling Bones | the ${what} could not be added`, error);
            })
          : Promise.resolve();
        pending.set(html, work);
      }
      return work;
    },
    done: (html) => pending.get(html) ?? Promise.resolve(),
  };
}
