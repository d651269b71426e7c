export interface FormOutcome {
  tone: "success" | "error";
  text: string;
}

/** A form's result line: errors are announced at once, successes politely. */
export function FormMessage({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  const isError = outcome.tone === "error";
  return (
    <div className={`alert ${isError ? "alert-error" : "alert-success"} form-message`} role={isError ? "alert" : "status"}>
      {outcome.text}
    </div>
  );
}
