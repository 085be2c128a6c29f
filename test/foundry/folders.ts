/**
 * Folders of world actors, as far as the system uses them (the self-check's scratch folder): a GM
 * creates one, an actor created with its id sits in it, and deleting the folder leaves its actors.
 *
 * Sources: a Folder has a `name` and the `type` of document it holds [API13 foundry.documents.Folder,
 * BaseFolder schema]; `Actor#folder` is "the Folder that contains this Document" [API13
 * ClientDocumentMixin#folder]; `Document.create` and `Document#delete` [API13]. Not settled by a
 * public page, so the stricter reading is emulated: a folder deleted from code keeps its actors (they
 * move to the root), so whoever made them must delete them; creating a folder is a GM's; an actor
 * created in a folder that does not exist, or holds another type, is refused.
 */
import { strictClass, strictInstances } from "./strict.ts";
import { broadcast, lifecycle, toServer, viewOf } from "./server.ts";
import { currentUserId, env } from "./state.ts";
import { worldCollection, type WorldCollection } from "./collection.ts";
import { userInstance } from "./users.ts";
import { randomID } from "./utils.ts";

/** A folder as stored. */
export interface FolderSpec {
  id: string;
  name: string;
  type: string;
}

/** A world folder, as one client sees it. */
class Folder {
  readonly #id: string;
  readonly #clientId: string;

  constructor(id: string, clientId: string) {
    this.#id = id;
    this.#clientId = clientId;
  }

  #spec(): FolderSpec {
    const spec = viewOf(this.#clientId).folders.get(this.#id);
    if (!spec) throw new Error(`Foundry double: Folder [${this.#id}] is not in the world`);
    return spec;
  }

  /** The document id. */
  get id(): string {
    return this.#id;
  }

  get name(): string {
    return this.#spec().name;
  }

  /** The type of document it holds. */
  get type(): string {
    return this.#spec().type;
  }

  /** The configured Folder class. [API13 Document.implementation] */
  static get implementation(): typeof Folder {
    return StrictFolder;
  }

  /** Creates a world folder of actors; a GM's. [API13 Document.create] */
  static async create(data: Record<string, unknown>): Promise<Folder> {
    const user = userInstance(currentUserId());
    await toServer();
    if (!user?.isGM) throw new Error(`User ${user?.name ?? currentUserId()} lacks permission to create Folder`);
    if (data.type !== "Actor")
      throw new Error(`Foundry double: only folders of actors are emulated (got ${String(data.type)})`);
    const id = randomID();
    const spec: FolderSpec = { id, name: typeof data.name === "string" ? data.name : "", type: "Actor" };
    env().server.folders.set(id, spec);
    await broadcast(
      (view) => view.folders.set(id, { ...spec }),
      lifecycle("createFolder", (clientId) => [folderInstance(id, clientId), {}, user.id]),
    );
    return folderInstance(id, currentUserId());
  }

  /** Deletes the folder (a GM); its actors stay, at the root. [API13 Document#delete] */
  async delete(): Promise<this> {
    const user = userInstance(currentUserId());
    await toServer();
    if (!user?.isGM) throw new Error(`User ${user?.name ?? currentUserId()} lacks permission to delete Folder`);
    const server = env().server;
    if (!server.folders.delete(this.#id)) throw new Error(`Foundry double: Folder [${this.#id}] was deleted meanwhile`);
    const held = [...server.actors.values()].filter((a) => a.folder === this.#id).map((a) => a.id);
    for (const id of held) {
      const spec = server.actors.get(id);
      if (spec) spec.folder = null;
    }
    await broadcast(
      (view) => {
        view.folders.delete(this.#id);
        for (const id of held) {
          const spec = view.actors.get(id);
          if (spec) spec.folder = null;
        }
      },
      lifecycle("deleteFolder", (clientId) => [folderInstance(this.#id, clientId), {}, user.id]),
    );
    return this;
  }
}

strictInstances(Folder);
const StrictFolder = strictClass(Folder);
export { StrictFolder as Folder };
export type { Folder as FolderInstance };

/** One client's instance of a folder. */
export function folderInstance(id: string, clientId: string): Folder {
  return new StrictFolder(id, clientId);
}

/** Checks the folder an actor is created in: an existing folder of actors, or none. */
export function actorFolder(folder: unknown): string | null {
  if (folder === undefined || folder === null) return null;
  const spec = typeof folder === "string" ? env().server.folders.get(folder) : undefined;
  if (!spec || spec.type !== "Actor") throw new Error(`Foundry double: no folder of actors ${JSON.stringify(folder)}`);
  return spec.id;
}

/** The emulated `game.folders`, seen from the running client. [API13 foundry.documents.collections.Folders] */
export function createWorldFolders(): WorldCollection<Folder> {
  const all = () => [...env().world.folders.keys()].map((id) => folderInstance(id, currentUserId()));
  return worldCollection(
    all,
    (id) => (env().world.folders.has(id) ? folderInstance(id, currentUserId()) : undefined),
    () => env().world.folders.size,
  );
}
