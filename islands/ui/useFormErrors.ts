import { useState, type ChangeEvent, type FocusEvent } from "react";
import type { FieldErrors } from "../lib/validation";

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

/** Form values with the errors to show, the form-level alert, and `bind(field)` wiring an input to both. */
export function useFormFields<Values extends { [Field in keyof Values]: string }>(
  initial: Values,
  validate: (values: Values) => FieldErrors<Values>,
) {
  const [values, setValues] = useState<Values>(initial);
  const [alert, setAlert] = useState<string | null>(null);
  const clientErrors = validate(values);
  const errors = useFormErrors<Values>(clientErrors);

  function bind(field: keyof Values & string) {
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        errors.fieldEdited(field);
        setAlert(null);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => errors.fieldLeft(field, event.target.value),
    };
  }

  return { values, clientErrors, errors, alert, setAlert, bind };
}
