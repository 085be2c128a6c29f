/**
 * Reads the conditions' duration picker of a sheet (the Foundry sheet's and the lab's): its controls
 * have no `name`, so the sheet's form never submits them (issue 35 point 6).
 */
import type { ConditionDuration } from "./views/shared.ts";

/** Reads the picker inside a stat (units and the typed count); until removed when there is none. */
export function readDurationPicker(stat: Element | null): ConditionDuration {
  const units = stat?.querySelector<HTMLSelectElement>('[data-duration="units"]')?.value ?? "";
  const typed = stat?.querySelector<HTMLInputElement>('[data-duration="value"]')?.value.trim() ?? "";
  return {
    units: units === "rounds" || units === "turns" ? units : "",
    // A count that does not read stays as typed for the check to name (NaN is refused with its message).
    value: typed === "" ? Number.NaN : Number(typed),
  };
}
