import { useState } from "react";
import type { FieldErrors } from "./validation";

/**
 * Decides which errors a form shows: client errors once a field was edited and left, or after a
 * submit attempt (then live, so they clear as the user fixes them); server errors until that field changes.
 */
export function useFormErrors<Values extends object>(clientErrors: FieldErrors<Values>) {
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  function errorFor(field: keyof Values & string): string | undefined {
    const serverError = serverErrors[field];
    if (serverError) return serverError;
    return submitted || touched[field] ? clientErrors[field] : undefined;
  }

  function fieldEdited(field: keyof Values & string): void {
    if (!serverErrors[field]) return;
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function fieldLeft(field: keyof Values & string, value: string): void {
    if (value !== "") setTouched((current) => ({ ...current, [field]: true }));
  }

  return {
    errorFor,
    fieldEdited,
    fieldLeft,
    markSubmitted: () => setSubmitted(true),
    showServerErrors: setServerErrors,
  };
}
