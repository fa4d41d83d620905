import { ApiError, errorMessage } from './api-client';

/** A failed call's message and the form field it belongs to (null: the form's error area). */
export interface PlacedError<F extends string> {
  field: F | null;
  message: string;
}

/**
 * Where a form shows a failed call's message, so it shows once: next to the field the server named
 * when the form has that field (a list field's item, "tags.2", belongs to "tags"), else in the
 * form's error area.
 */
export function placeError<F extends string>(error: unknown, fields: readonly F[]): PlacedError<F> {
  const named = error instanceof ApiError ? error.field : undefined;
  const field = named === undefined ? undefined : fields.find((candidate) => named === candidate || named.startsWith(`${candidate}.`));
  return { field: field ?? null, message: errorMessage(error) };
}
