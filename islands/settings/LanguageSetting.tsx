import { type InterfaceLanguage, updateLanguage } from "../lib/account-api";
import type { User } from "../lib/api-types";
import { pageLanguage, t } from "../lib/i18n";
import { reloadPage } from "../lib/navigation";
import { FormMessage } from "../ui/FormMessage";
import { LabelledSelect } from "../ui/LabelledSelect";
import { useSubmission } from "../ui/useSubmission";

// Each language is named in its own words, as language menus do.
const LANGUAGES: { value: InterfaceLanguage; label: string }[] = [
  { value: "en", label: "English" },
  { value: "vi", label: "Tiếng Việt" },
];

function isInterfaceLanguage(value: string | null | undefined): value is InterfaceLanguage {
  return LANGUAGES.some((language) => language.value === value);
}

/** The interface's language, kept in the account: every page then speaks it, on any device. */
export function LanguageSetting({ user }: { user: User }) {
  const { busy, outcome, submit } = useSubmission();
  const shown = pageLanguage();
  const current: InterfaceLanguage = isInterfaceLanguage(user.language) ? user.language : isInterfaceLanguage(shown) ? shown : "en";

  async function choose(language: InterfaceLanguage) {
    if (busy || language === current) return;
    const result = await submit(() => updateLanguage(language), { failure: t("Failed to save the language") });
    if (result.ok) reloadPage();
  }

  return (
    <div className="account-form" aria-busy={busy}>
      <FormMessage outcome={outcome} />
      <LabelledSelect label={t("Language")} value={current} options={LANGUAGES} onChange={(language) => void choose(language)} />
    </div>
  );
}
