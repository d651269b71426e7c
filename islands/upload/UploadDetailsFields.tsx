import { useId, type ChangeEvent } from "react";
import { FormField } from "../ui/FormField";
import {
  DESCRIPTION_MAX,
  TAGS_MAX,
  TITLE_MAX,
  UPLOAD_CATEGORIES,
  VISIBILITIES,
  type UploadCategory,
  type UploadDetails,
  type UploadErrors,
  type Visibility,
} from "./upload-rules";
import { t } from "../lib/i18n";

interface Props {
  details: UploadDetails;
  errors: UploadErrors;
  disabled: boolean;
  onChange: (details: UploadDetails) => void;
}

const VISIBILITY_TEXTS: Record<Visibility, () => { name: string; hint: string }> = {
  public: () => ({ name: t("Public"), hint: t("Anyone can watch") }),
  unlisted: () => ({ name: t("Unlisted"), hint: t("Only people with the link") }),
  private: () => ({ name: t("Private"), hint: t("Only you") }),
};

const CATEGORY_NAMES: Record<UploadCategory, () => string> = {
  entertainment: () => t("Entertainment"),
  music: () => t("Music"),
  gaming: () => t("Gaming"),
  education: () => t("Education"),
  sports: () => t("Sports"),
  technology: () => t("Technology"),
  travel: () => t("Travel"),
  food: () => t("Food"),
  fitness: () => t("Fitness"),
  art: () => t("Art"),
};

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className="field-hint field-counter" aria-hidden="true">
      {length}/{max}
    </span>
  );
}

/** Title, description, category, tags and visibility of an upload. */
export function UploadDetailsFields({ details, errors, disabled, onChange }: Props) {
  const visibilityErrorId = useId();
  const set =
    <K extends keyof UploadDetails>(field: K) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      onChange({ ...details, [field]: event.currentTarget.value as UploadDetails[K] });

  return (
    <fieldset className="upload-details" disabled={disabled}>
      <legend className="visually-hidden">{t("Video details")}</legend>
      <FormField label={t("Title *")} error={errors.title}>
        {(control) => (
          <>
            <input
              {...control}
              name="title"
              className="input"
              value={details.title}
              maxLength={TITLE_MAX}
              required
              placeholder={t("Give your video a title")}
              onChange={set("title")}
            />
            <Counter length={details.title.length} max={TITLE_MAX} />
          </>
        )}
      </FormField>
      <FormField label={t("Description")} error={errors.description}>
        {(control) => (
          <>
            <textarea
              {...control}
              name="description"
              className="textarea"
              rows={4}
              value={details.description}
              maxLength={DESCRIPTION_MAX}
              placeholder={t("Tell viewers about your video")}
              onChange={set("description")}
            />
            <Counter length={details.description.length} max={DESCRIPTION_MAX} />
          </>
        )}
      </FormField>
      <div className="upload-details-row">
        <FormField label={t("Category")} error={errors.category}>
          {(control) => (
            <select {...control} name="category" className="select" value={details.category} onChange={set("category")}>
              <option value="">{t("Select a category")}</option>
              {UPLOAD_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_NAMES[category]()}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t("Tags")} error={errors.tags}>
          {(control) => (
            <>
              <input
                {...control}
                name="tags"
                className="input"
                value={details.tags}
                maxLength={TAGS_MAX}
                placeholder={t("dance, tutorial, trending")}
                onChange={set("tags")}
              />
              <span className="field-hint">{t("Separate tags with commas")}</span>
            </>
          )}
        </FormField>
      </div>
      <fieldset className="visibility-options" aria-describedby={errors.visibility ? visibilityErrorId : undefined}>
        <legend className="field-label">{t("Visibility")}</legend>
        {VISIBILITIES.map((visibility) => {
          const { name, hint } = VISIBILITY_TEXTS[visibility]();
          return (
            <label key={visibility} className="visibility-option">
              <input
                type="radio"
                name="visibility"
                value={visibility}
                checked={details.visibility === visibility}
                onChange={set("visibility")}
              />
              <span>
                <span className="visibility-name">{name}</span>
                <span className="field-hint">{hint}</span>
              </span>
            </label>
          );
        })}
        {errors.visibility && (
          <p id={visibilityErrorId} className="field-error">
            {errors.visibility}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
