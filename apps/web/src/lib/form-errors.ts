import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** True when the server's answer names at least one of these fields (`error.fields`). */
export function isFieldError(error: unknown, fieldNames: readonly string[]): boolean {
  return error instanceof ApiError && fieldNames.some((name) => error.fields?.[name] !== undefined);
}

/**
 * Puts the server's field errors (the shared schema's messages) next to the fields of the form, so
 * a failure the server finds reads the same as one the browser finds.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  let focused = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }
}
