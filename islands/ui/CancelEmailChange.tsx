import { cancelEmailChange } from "../lib/account-api";
import type { User } from "../lib/api-types";
import { t } from "../lib/i18n";
import { useSubmission } from "./useSubmission";

/** Cancelling the new e-mail address that waits for its link: a request of its own beside the form's. */
export function useEmailChangeCancel(onCancelled: (user: User) => void, success?: string) {
  const { busy, outcome, submit } = useSubmission();
  async function cancel() {
    if (busy) return;
    const result = await submit(cancelEmailChange, { success, failure: t("Failed to cancel the e-mail change") });
    if (result.ok) onCancelled(result.value);
  }
  return { busy, outcome, cancel };
}

/** The button under the e-mail field while a new address waits; nothing otherwise. */
export function CancelEmailChangeButton({ user, onClick, disabled }: { user: User; onClick: () => void; disabled: boolean }) {
  if (!user.pendingEmail) return null;
  return (
    <button type="button" className="btn btn-ghost btn-small field-action" onClick={onClick} disabled={disabled}>
      {t("Cancel the e-mail change")}
    </button>
  );
}
