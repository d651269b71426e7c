import { useId, type ChangeEvent } from "react";
import { FormField } from "../ui/FormField";
import { capitalise } from "../lib/progress-format";
import {
  DESCRIPTION_MAX,
  TITLE_MAX,
  UPLOAD_CATEGORIES,
  VISIBILITIES,
  type UploadDetails,
  type UploadErrors,
  type Visibility,
} from "./upload-rules";

interface Props {
  details: UploadDetails;
  errors: UploadErrors;
  disabled: boolean;
  onChange: (details: UploadDetails) => void;
}

const VISIBILITY_HINTS: Record<Visibility, string> = {
  public: "Anyone can watch",
  unlisted: "Only people with the link",
  private: "Only you",
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
      <legend className="visually-hidden">Video details</legend>
      <FormField label="Title *" error={errors.title}>
        {(control) => (
          <>
            <input
              {...control}
              name="title"
              className="input"
              value={details.title}
              maxLength={TITLE_MAX}
              required
              placeholder="Give your video a title"
              onChange={set("title")}
            />
            <Counter length={details.title.length} max={TITLE_MAX} />
          </>
        )}
      </FormField>
      <FormField label="Description" error={errors.description}>
        {(control) => (
          <>
            <textarea
              {...control}
              name="description"
              className="textarea"
              rows={4}
              value={details.description}
              maxLength={DESCRIPTION_MAX}
              placeholder="Tell viewers about your video"
              onChange={set("description")}
            />
            <Counter length={details.description.length} max={DESCRIPTION_MAX} />
          </>
        )}
      </FormField>
      <div className="upload-details-row">
        <FormField label="Category" error={errors.category}>
          {(control) => (
            <select {...control} name="category" className="select" value={details.category} onChange={set("category")}>
              <option value="">Select a category</option>
              {UPLOAD_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {capitalise(category)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Tags" error={errors.tags}>
          {(control) => (
            <>
              <input
                {...control}
                name="tags"
                className="input"
                value={details.tags}
                placeholder="dance, tutorial, trending"
                onChange={set("tags")}
              />
              <span className="field-hint">Separate tags with commas</span>
            </>
          )}
        </FormField>
      </div>
      <fieldset className="visibility-options" aria-describedby={errors.visibility ? visibilityErrorId : undefined}>
        <legend className="field-label">Visibility</legend>
        {VISIBILITIES.map((visibility) => (
          <label key={visibility} className="visibility-option">
            <input
              type="radio"
              name="visibility"
              value={visibility}
              checked={details.visibility === visibility}
              onChange={set("visibility")}
            />
            <span>
              <span className="visibility-name">{capitalise(visibility)}</span>
              <span className="field-hint">{VISIBILITY_HINTS[visibility]}</span>
            </span>
          </label>
        ))}
        {errors.visibility && (
          <p id={visibilityErrorId} className="field-error">
            {errors.visibility}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
