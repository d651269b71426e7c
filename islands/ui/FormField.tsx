import { useId, type ReactNode } from "react";

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldStatus {
  tone: "muted" | "ok";
  text: string;
}

interface Props {
  label: string;
  error?: string | null;
  /** Pass null to keep an empty live region ready for status messages. */
  status?: FieldStatus | null;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form field whose control is wired to its error and status lines. */
export function FormField({ label, error, status, children }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const hasStatusRegion = status !== undefined;
  const describedBy = [error ? errorId : null, hasStatusRegion && status ? statusId : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hasStatusRegion ? (
        <p id={statusId} className={status?.tone === "ok" ? "field-ok" : "field-hint"} aria-live="polite">
          {status?.text}
        </p>
      ) : null}
    </div>
  );
}
