import { TextInput } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { DateFieldProps } from "./DatePickerField.tsx";

export type { DateFieldProps } from "./DatePickerField.tsx";

const DatePickerField = lazy(() =>
  import("./DatePickerField.tsx").then((module) => ({ default: module.DatePickerField })),
);

/**
 * Kort's date field, never the browser's `mm/dd/yyyy` one: a Monday-first calendar in the interface's language
 * that shows and reads the day as Kort prints dates (`09.10.2026`, `9 Oct 2026`). The calendar library loads the
 * first time a date field shows, in a chunk of its own that every page with a date field shares; until then the
 * field's frame stands in its place.
 */
export function DateField(props: DateFieldProps) {
  const waiting = <TextInput label={props.label} description={props.description} disabled aria-busy />;
  return (
    <Suspense fallback={waiting}>
      <DatePickerField {...props} />
    </Suspense>
  );
}
