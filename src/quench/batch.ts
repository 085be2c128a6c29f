/**
 * What every Quench batch is built on: the part of Quench's API the system uses, and one way to register
 * a batch that posts to chat. Such a batch calibrates the dice before its first test, and after its last
 * deletes what it made: the messages it posted, anything its own clean-up names, then the actors it
 * created (in that order: a message or combat may still name an actor).
 */
import { SYSTEM_ID } from "../constants.ts";
import { calibrate, throwD4, type FaceMapping } from "./faces.ts";

/** The folder the self-check puts the actors the batches make in (`null`: none, as under Quench). */
let scratchFolder: string | null = null;

/** Sets the folder the batches' actors are made in, or `null` for none (the self-check sets it around its run). */
export function useScratchFolder(id: string | null): void {
  scratchFolder = id;
}

/** An actor's creation data, put in the scratch folder when there is one. [API13 Actor#folder: the Folder that contains it] */
export function inScratch<T extends object>(data: T): T {
  return scratchFolder === null ? data : { ...data, folder: scratchFolder };
}

/** The part of Quench's API the batch uses (mocha's `describe`/`it`/hooks and chai's `assert`). */
export interface QuenchApi {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}

/** The mocha/chai context Quench hands a batch. */
export interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => Promise<void> | void): void;
  before(fn: () => Promise<void> | void): void;
  after(fn: () => Promise<void> | void): void;
  assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    isTrue(value: unknown, message?: string): void;
  };
}

/** What a scenario asserts with (Quench's chai `assert`, or a test's stand-in). */
export type Assert = QuenchContext["assert"];

/** What a posting batch's tests work with. */
export interface PostingBatch {
  /** Quench's context (`describe`, `it`). */
  readonly context: QuenchContext;
  /** Chai's `assert`. */
  readonly assert: Assert;
  /** How the dice's results map to faces; taken before the first test, so read it inside one. */
  readonly mapping: FaceMapping;
  /** Keeps messages (`null`s are passed over) to delete after the batch. */
  readonly keep: (...messages: readonly (ChatMessage.Implementation | null)[]) => void;
  /** Creates an actor, deleted after the batch. */
  readonly actor: (
    name: string,
    type: string,
    system: Record<string, unknown>,
    items?: object[],
  ) => Promise<Actor.Implementation>;
  /** Adds a clean-up step, run after the messages are deleted and before the actors are. */
  readonly cleanUp: (step: () => Promise<unknown>) => void;
}

/**
 * Registers a batch that posts: its dice are calibrated before the first test, and what it posted and
 * created is deleted after the last.
 *
 * @param quench - Quench's API.
 * @param key - The batch's key, after the system's id (`rolling-bones.<key>`).
 * @param displayName - Its name in Quench's window.
 * @param tests - Declares the tests (`batch.context.describe`, `batch.context.it`).
 */
export function registerPostingBatch(
  quench: QuenchApi,
  key: string,
  displayName: string,
  tests: (batch: PostingBatch) => void,
): void {
  quench.registerBatch(
    `${SYSTEM_ID}.${key}`,
    (context) => {
      const messages: ChatMessage.Implementation[] = [];
      const actors: Actor.Implementation[] = [];
      const steps: (() => Promise<unknown>)[] = [];
      let mapping: FaceMapping | undefined;
      context.before(async () => {
        mapping = await calibrate(throwD4);
      });
      context.after(async () => {
        for (const message of messages) await message.delete();
        for (const step of steps) await step();
        for (const actor of actors) await actor.delete();
      });
      tests({
        context,
        assert: context.assert,
        get mapping(): FaceMapping {
          if (!mapping) throw new Error("the dice are calibrated before the first test");
          return mapping;
        },
        keep: (...posted) => {
          for (const message of posted) if (message) messages.push(message);
        },
        actor: async (name, type, system, items = []) => {
          // The v13 types do not take a system type's name as a literal here; the data is what Foundry reads.
          const data = inScratch({ name, type, system, items }) as unknown as Actor.CreateData;
          const actor = await Actor.implementation.create(data);
          if (!actor) throw new Error(`could not create ${name}`);
          actors.push(actor);
          return actor;
        },
        cleanUp: (step) => void steps.push(step),
      });
    },
    { displayName },
  );
}
