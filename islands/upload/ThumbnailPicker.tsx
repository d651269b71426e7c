import { useId, useRef, type ChangeEvent } from "react";
import { ImageIcon } from "../ui/icons";
import { useDataUrl } from "./useDataUrl";
import { t } from "../lib/i18n";

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  onInvalid: (message: string) => void;
  error?: string;
  disabled: boolean;
}

/** An optional cover image: 'Choose Image', a preview, and a way to remove it. Any image type is accepted. */
export function ThumbnailPicker({ file, onFile, onInvalid, error, disabled }: Props) {
  const inputId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = useDataUrl(file);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = "";
    if (!picked) return;
    if (picked.type.startsWith("image/")) onFile(picked);
    else onInvalid(t("Choose an image file for the thumbnail"));
  }

  return (
    <div className="thumbnail-picker">
      <span className="field-label">{t("Thumbnail")}</span>
      <div className="thumbnail-row">
        <div className="thumbnail-preview">
          {preview ? <img src={preview} alt={t("Thumbnail preview")} /> : <ImageIcon className="thumbnail-placeholder" />}
        </div>
        <div className="thumbnail-controls">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t("Thumbnail image")}
            aria-describedby={error ? errorId : undefined}
            disabled={disabled}
            onChange={choose}
          />
          <button type="button" className="btn btn-ghost" disabled={disabled} onClick={() => inputRef.current?.click()}>
            {t("Choose Image")}
          </button>
          {file && (
            <button type="button" className="btn btn-link" disabled={disabled} onClick={() => onFile(null)}>
              {t("Remove")}
            </button>
          )}
          <p className="field-hint">{file ? file.name : t("Optional. Any image format.")}</p>
        </div>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
