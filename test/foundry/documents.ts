/**
 * What the system defines and registers at load and in `init` beyond dice and chat: data models
 * (`foundry.abstract.TypeDataModel` and `foundry.data.fields`, data-model.ts), applications
 * (`foundry.applications.api`, `foundry.applications.sheets`, applications.ts) and sheet
 * registration (`foundry.documents.collections.Actors.registerSheet`, here) [docs/foundry-notes.md §5, §6;
 * docs/toolchain.md §3].
 */

export {
  ArrayField,
  BooleanField,
  DataField,
  HTMLField,
  NumberField,
  SchemaField,
  StringField,
  ObjectField,
  TypedObjectField,
  TypeDataModel,
} from "./data-model.ts";

export {
  ActorSheetV2,
  ApplicationV2,
  applicationInstances,
  ChatLog,
  DocumentSheetV2,
  FormDataExtended,
  HandlebarsApplicationMixin,
  ItemSheetV2,
} from "./applications.ts";

/** One `registerSheet` call. */
export interface SheetRegistration {
  readonly scope: string;
  readonly sheetClass: unknown;
  readonly options: Readonly<{ types?: string[]; makeDefault?: boolean; label?: string }>;
}

/**
 * `foundry.documents.collections.Actors` with `registerSheet` recording each call.
 * [docs/foundry-notes.md §6 "Registration"; docs/toolchain.md §3]
 */
export function createActors(registrations: SheetRegistration[]) {
  return {
    registerSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}): void {
      registrations.push({ scope, sheetClass, options });
    },
  };
}
