import { FormMessage, type FormOutcome } from "../ui/FormMessage";

/** Result lines shown one under another, such as a failed global save followed by the local fallback. */
export function Outcomes({ outcomes }: { outcomes: readonly FormOutcome[] }) {
  if (!outcomes.length) return null;
  return (
    <div className="portal-outcomes">
      {outcomes.map((outcome, index) => (
        <FormMessage key={`${index}-${outcome.text}`} outcome={outcome} />
      ))}
    </div>
  );
}
