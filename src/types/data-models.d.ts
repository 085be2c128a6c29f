/** The system's data models, declared to fvtt-types from the same map `init` registers (docs/style.md practice 3). */

import type { config as actorModels } from "../data/actor/index.ts";
import type { config as itemModels } from "../data/item/index.ts";
import type { config as cardModels } from "../data/card/model.ts";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: typeof actorModels;
    Item: typeof itemModels;
    ChatMessage: typeof cardModels;
  }
}

export {};
