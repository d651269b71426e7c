import { useSubmission } from "../ui/useSubmission";
import { deleteAccount } from "./account-api";
import { DELETE_ACCOUNT_CONFIRMATION } from "./validation";

/** Asks the spec's confirmation, deletes the account and leaves signed out; a refusal shows the server's message. */
export function useAccountDeletion() {
  const { busy, outcome, submit } = useSubmission();

  async function confirmAndDelete(): Promise<void> {
    if (!window.confirm(DELETE_ACCOUNT_CONFIRMATION)) return;
    await submit(deleteAccount, { failure: "Failed to delete account" });
  }

  return { busy, outcome, confirmAndDelete };
}
