import { FormField } from "./FormField";
import { BIO_MAX_LENGTH } from "../lib/account-validation";
import { t } from "../lib/i18n";

interface Props {
  value: string;
  onChange: (bio: string) => void;
  error?: string | null;
}

export function BioField({ value, onChange, error }: Props) {
  return (
    <FormField label={t("Bio")} error={error}>
      {(control) => (
        <textarea
          {...control}
          className="textarea"
          name="bio"
          rows={4}
          maxLength={BIO_MAX_LENGTH}
          placeholder={t("Tell us about yourself...")}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
