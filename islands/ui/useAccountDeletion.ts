import { useCallback, useRef, useState } from "react";
import { useSubmission } from "./useSubmission";
import { deleteAccount } from "../lib/account-api";
import { t } from "../lib/i18n";

/**
 * Deleting the account: `ask()` opens the confirmation (the spec's question and the password), `confirm()` deletes
 * and leaves signed out; a refusal keeps the dialog open with the server's message and the password's error.
 */
export function useAccountDeletion() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const { busy, outcome, setOutcome, submit } = useSubmission();
  // The dialog's close handler must keep its identity (the dialog re-arms focus and Escape when it changes).
  const busyNow = useRef(busy);
  busyNow.current = busy;

  const ask = useCallback(() => {
    setPassword("");
    setPasswordError(undefined);
    setOutcome(null);
    setAsking(true);
  }, [setOutcome]);

  const cancel = useCallback(() => {
    if (!busyNow.current) setAsking(false);
  }, []);

  function typePassword(value: string): void {
    setPassword(value);
    setPasswordError(undefined);
  }

  /** Answers whether the account is gone (the browser is then on its way home). */
  async function confirm(): Promise<boolean> {
    if (busy) return false;
    if (password === "") {
      setPasswordError(t("Password is required"));
      return false;
    }
    const result = await submit(() => deleteAccount(password), {
      failure: t("Failed to delete account"),
      showFieldErrors: (fieldErrors) => setPasswordError(fieldErrors.password),
    });
    return result.ok;
  }

  return { asking, ask, cancel, password, typePassword, passwordError, busy, outcome, confirm };
}

export type AccountDeletion = ReturnType<typeof useAccountDeletion>;
