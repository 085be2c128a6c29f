/**
 * One roll dialog from an engine's own parts, Foundry-free: what every engine's dialog shares is
 * written here once. Each dialog's `adjust` makes the chosen equipment's and the conditions'
 * adjustments and checks the request with its engine; a dialog with equipment (a weapon attack's
 * choice, the gear to tick) takes the equipment's form values, view, shown fields and the refill
 * after a new choice from `equipment.ts`, so the engine's module writes only its own fields.
 */

import {
  equipmentFormValues,
  equipmentView,
  followUse,
  shownEquipmentFields,
  type EquipmentView,
} from "./equipment.ts";
import { adjustWith, type DialogEngine } from "./types.ts";

/**
 * What one engine's dialog writes itself (see `DialogEngine`): its id, its engine's check, and how
 * its own fields make a request, fill the form and show it. An engine whose odds read nothing but
 * the request (its extras `null`) leaves out `formToExtras`.
 */
export type DialogParts<Req, Extras, Form, Odds> = Omit<
  DialogEngine<Req, Extras, Form, Odds>,
  "adjust" | "follow" | "formToExtras"
> &
  ([Extras] extends [null] ? Partial<ExtrasPart<Extras>> : ExtrasPart<Extras>) & {
    /** The engine's check, run on the adjusted request. */
    readonly validate: (request: Req) => Req;
  };

/** The odds-only values a dialog reads (see `DialogEngine`). */
type ExtrasPart<Extras> = Pick<DialogEngine<unknown, Extras, unknown, unknown>, "formToExtras">;

/**
 * The dialog of an engine without equipment.
 *
 * @param parts - The engine's own parts.
 */
export function defineDialog<Req, Extras, Form, Odds>(
  parts: DialogParts<Req, Extras, Form, Odds>,
): DialogEngine<Req, Extras, Form, Odds> {
  const { validate, ...own } = parts;
  // Left out only where the extras are `null` (see `DialogParts`).
  const formToExtras = own.formToExtras ?? (() => null as Extras);
  return Object.freeze({ ...own, formToExtras, adjust: adjustWith(parts.id, validate) });
}

/**
 * The dialog of an engine whose rolls take equipment: the form starts with the attack's choice and
 * the gear unticked, its view carries `equipment`, the attack's choice and the gear are shown first,
 * and a new choice refills the fields `fill` names from the choice's request.
 *
 * @param parts - The engine's own parts (its form view without `equipment`).
 * @param fill - The fields a weapon attack's choice fills, from the choice's request.
 */
export function defineEquipmentDialog<Req, Extras, Form extends { readonly equipment: EquipmentView }, Odds>(
  parts: DialogParts<Req, Extras, Omit<Form, "equipment">, Odds>,
  fill: (request: Partial<Req>) => Record<string, string | boolean>,
): DialogEngine<Req, Extras, Form, Odds> {
  const own = defineDialog(parts);
  const dialog: DialogEngine<Req, Extras, Form, Odds> = {
    ...own,
    requestToForm: (initial, settings) => ({
      ...equipmentFormValues(settings),
      ...own.requestToForm(initial, settings),
    }),
    // The engine's own view and the equipment's view make the whole form's view (Omit<Form> plus
    // `equipment` is Form, which the compiler cannot see for a generic Form).
    formView: (values, settings, lang) =>
      ({ ...own.formView(values, settings, lang), equipment: equipmentView(values, settings, lang) }) as Form,
    shownFields: (form) => [...shownEquipmentFields(form.equipment), ...own.shownFields(form)],
    follow: (values, previous, settings) =>
      followUse(values, previous, settings, (request) => fill(request as Partial<Req>)),
  };
  return Object.freeze(dialog);
}
