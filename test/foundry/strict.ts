/**
 * Strictness for the Foundry double: reading a member the double does not emulate throws, so a test
 * fails loudly the moment system code relies on Foundry API that has not been checked here.
 *
 * Writes are always allowed (system code adds `CONFIG.ROLLING_BONES`, `CONFIG.queries[...]`, statics on
 * its own subclasses). Symbols always pass, and so does a small allow-list of string keys that
 * JavaScript itself and the test tooling probe on any object:
 * - `then`: Promise resolution checks whether a resolved value is a thenable.
 * - `toJSON`: `JSON.stringify`, and pretty-format when printing a value.
 * - `asymmetricMatch`, `$$typeof`, `nodeType`, `nodeName`, `tagName`, `_isMockFunction`, `inspect` and
 *   the `@@__IMMUTABLE_*` sentinels: vitest's `equals`, chai's inspector and pretty-format's plugins.
 *
 * A read made directly by the test tooling itself (a frame in `node_modules/vitest`, `@vitest/*`,
 * `chai`, `loupe`, `pretty-format` or `tinyspy`; for example the diff of a failed `toEqual` reading
 * the expected keys on the actual object) also answers `undefined`, so a failing assertion shows its
 * diff rather than a strictness error. Only the immediate caller is checked, so system code called
 * from a test is still strict.
 */

/** String keys that may be read on any strict object and answer `undefined` when absent. */
export const PROBE_KEYS: ReadonlySet<string> = new Set([
  "then",
  "toJSON",
  "asymmetricMatch",
  "$$typeof",
  "nodeType",
  "nodeName",
  "tagName",
  "_isMockFunction",
  "inspect",
]);

const TOOLING = /node_modules[\\/](?:vitest|@vitest[\\/][^\\/]+|chai|loupe|pretty-format|tinyspy)[\\/]/;

function isProbe(key: string): boolean {
  if (PROBE_KEYS.has(key) || key.startsWith("@@__IMMUTABLE_")) return true;
  // Stack: "Error", isProbe, the proxy trap, then the code that read the property.
  const caller = new Error().stack?.split("\n")[3] ?? "";
  return TOOLING.test(caller);
}

/** The error every strict surface throws for an unknown member. */
export function unknownMember(owner: string, key: string): Error {
  return new Error(`Foundry double: unknown member ${owner}.${key}`);
}

/**
 * Wraps an object so that reading an unknown string key throws.
 *
 * @param target - The object to wrap; its own and inherited members count as known.
 * @param label - How the object is named in error messages (`game.settings`, `CONFIG.Dice`).
 * @param absent - Keys that Foundry documents as absent in this generation; they read as `undefined`
 *   even when the target has them (for example `CONFIG.Dice.rollModes` on v14), so version checks
 *   behave as they would in Foundry.
 * @returns A proxy over `target`.
 */
export function strictObject<T extends object>(target: T, label: string, absent: readonly string[] = []): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === "symbol") return Reflect.get(t, key, receiver) as unknown;
      if (absent.includes(key)) return undefined;
      if (key in t) return Reflect.get(t, key, receiver) as unknown;
      if (isProbe(key)) return undefined;
      throw unknownMember(label, key);
    },
  });
}

/**
 * Wraps a class so that reading an unknown static member throws, on the class and on every subclass
 * (a subclass's static lookups reach this proxy through its prototype chain). The wrapped class is
 * also what `instance.constructor` returns for direct instances.
 *
 * @param cls - The class to wrap. It must not use static private members (`static #x`), which a proxy
 *   cannot reach.
 * @param absent - Static members absent in the installed generation (read as `undefined` even when
 *   defined, such as `ChatMessage.applyMode` on v13); see {@link strictObject}.
 * @returns The strict class, to be exposed in place of `cls`.
 */
export function strictClass<C extends abstract new (...args: never[]) => object>(
  cls: C,
  absent: () => readonly string[] = () => [],
): C {
  const proxy = new Proxy(cls, {
    get(t, key, receiver) {
      if (typeof key === "symbol") return Reflect.get(t, key, receiver) as unknown;
      if (absent().includes(key)) return undefined;
      if (key in t) return Reflect.get(t, key, receiver) as unknown;
      if (isProbe(key)) return undefined;
      const owner = typeof receiver === "function" ? (receiver as { name: string }).name : cls.name;
      throw unknownMember(owner, key);
    },
  });
  Object.defineProperty(cls.prototype, "constructor", { value: proxy, writable: true, configurable: true });
  return proxy;
}

/**
 * Makes instances of a base class strict: a read that misses the instance and its whole prototype
 * chain ends in a proxy that throws. Instances stay ordinary objects (own fields, private fields and
 * subclass fields work as usual); only reads of members nobody defined fail.
 *
 * @param cls - A base class whose prototype inherits directly from `Object.prototype`.
 */
export function strictInstances(cls: abstract new (...args: never[]) => object): void {
  const root = new Proxy(Object.create(Object.prototype) as object, {
    get(t, key, receiver) {
      if (typeof key === "symbol" || key in t) return Reflect.get(t, key, receiver) as unknown;
      if (isProbe(key)) return undefined;
      const ctor = (receiver as { constructor?: { name?: string } }).constructor;
      throw new Error(`Foundry double: unknown member ${ctor?.name ?? cls.name}#${key}`);
    },
  });
  Object.setPrototypeOf(cls.prototype, root);
}

/**
 * Records a class's own static members so that {@link restoreStatics} can undo what a test or the
 * system code assigned to them (for example `Roll.TOOLTIP_TEMPLATE = ...`).
 */
export function snapshotStatics(cls: object): () => void {
  const saved = Object.getOwnPropertyDescriptors(cls);
  return () => {
    for (const key of Reflect.ownKeys(cls)) {
      if (!(key in saved)) Reflect.deleteProperty(cls, key);
    }
    for (const key of Reflect.ownKeys(saved)) {
      const descriptor = (saved as Record<PropertyKey, PropertyDescriptor>)[key];
      if (descriptor?.configurable) Object.defineProperty(cls, key, descriptor);
    }
  };
}
