import { useState, type FormEvent } from "react";
import { updatePrivacy } from "../../lib/account-api";
import type { ProfileVisibility, User } from "../../lib/api-types";
import { FormField } from "../../ui/FormField";
import { FormMessage } from "../../ui/FormMessage";
import { useSubmission } from "../../ui/useSubmission";
import { TwoFactorSettings } from "./TwoFactorSettings";
import { t } from "../../lib/i18n";

const VISIBILITY_OPTIONS: ReadonlyArray<{ value: ProfileVisibility; label: () => string }> = [
  { value: "public", label: () => t("Public") },
  { value: "private", label: () => t("Private") },
  { value: "friends", label: () => t("Friends Only") },
];

function isVisibility(value: string): value is ProfileVisibility {
  return VISIBILITY_OPTIONS.some((option) => option.value === value);
}

interface Props {
  account: User;
  onSaved: (user: User) => void;
}

export function PrivacySection({ account, onSaved }: Props) {
  const [visibility, setVisibility] = useState<ProfileVisibility>(account.profileVisibility);
  const [emailNotifications, setEmailNotifications] = useState(account.emailNotifications);
  const { busy, outcome, submit } = useSubmission();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const result = await submit(() => updatePrivacy({ profileVisibility: visibility, emailNotifications }), {
      success: t("Privacy settings saved"),
      failure: t("Failed to save privacy settings"),
    });
    if (result.ok) onSaved(result.value);
  }

  return (
    <>
      <form className="account-form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <FormMessage outcome={outcome} />
        <FormField label={t("Profile Visibility")}>
          {(control) => (
            <select
              {...control}
              className="select"
              name="profileVisibility"
              value={visibility}
              onChange={(event) => {
                if (isVisibility(event.target.value)) setVisibility(event.target.value);
              }}
            >
              {VISIBILITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label()}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <p className="field-hint account-hint">{t("Private and Friends Only profiles show other people only your username.")}</p>
        <label className="checkbox">
          <input
            type="checkbox"
            name="emailNotifications"
            checked={emailNotifications}
            onChange={(event) => setEmailNotifications(event.target.checked)}
          />
          {t("Email notifications")}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("Saving...") : t("Save Privacy Settings")}
        </button>
      </form>
      <TwoFactorSettings initiallyEnabled={account.twoFactorEnabled} />
    </>
  );
}
