import { fromEvent } from "file-selector";
import { useId, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { formatBytes } from "../lib/progress-format";
import { UploadIcon, VideoFileIcon } from "../ui/icons";
import { dropErrorMessage, isIgnoredFile, MAX_VIDEO_BYTES, VIDEO_ACCEPT } from "./upload-rules";
import { t } from "../lib/i18n";

interface Props {
  file: File | null;
  onFile: (file: File | null) => void;
  /** A problem the server found with the chosen file. */
  error?: string;
  disabled: boolean;
}

const LIMITS = { maxSize: MAX_VIDEO_BYTES };

// react-dropzone's own reader (file-selector) skips .DS_Store and Thumbs.db only in drops; this skips them in picks too.
async function filesWithoutLitter(event: Parameters<typeof fromEvent>[0]) {
  return (await fromEvent(event)).filter((item) => !isIgnoredFile(item));
}

function rejectionLines(rejections: readonly FileRejection[]): string[] {
  return rejections.map(({ file, errors }) => `${file.name}: ${errors.map((error) => error.message).join(" ")}`);
}

/** The video drop area: one video file of a supported type, at most 100MB, by drag and drop or the file dialog. */
export function VideoDropzone({ file, onFile, error, disabled }: Props) {
  const hintId = useId();
  const errorId = useId();
  const [rejected, setRejected] = useState<string[]>([]);
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: VIDEO_ACCEPT,
    multiple: false,
    maxFiles: 1,
    maxSize: MAX_VIDEO_BYTES,
    disabled,
    getFilesFromEvent: filesWithoutLitter,
    getErrorMessage: (fileError) => dropErrorMessage(fileError, LIMITS),
    onDrop: (accepted, rejections) => {
      if (accepted.length === 0 && rejections.length === 0) return;
      setRejected(rejectionLines(rejections));
      onFile(accepted[0] ?? null);
    },
  });
  const problems = error ? [...rejected, error] : rejected;
  const state = isDragReject ? "reject" : isDragActive ? "active" : problems.length ? "invalid" : file ? "chosen" : "idle";

  return (
    <div className="dropzone-field">
      <div
        {...getRootProps({
          className: "dropzone",
          role: "button",
          "aria-label": file ? t("Replace the video {name}", { name: file.name }) : t("Choose a video to upload"),
          "aria-describedby": problems.length ? `${hintId} ${errorId}` : hintId,
          "aria-disabled": disabled || undefined,
        })}
        data-state={state}
      >
        <input {...getInputProps({ "aria-label": t("Video file") })} />
        {file ? (
          <>
            <VideoFileIcon className="dropzone-icon" />
            <p className="dropzone-title dropzone-file-name">{file.name}</p>
            <p className="dropzone-text">
              {t("{size} · Drop another video or click to replace it", { size: formatBytes(file.size) })}
            </p>
          </>
        ) : (
          <>
            <UploadIcon className="dropzone-icon" />
            <p className="dropzone-title">{isDragActive ? t("Drop the video here") : t("Drag and drop a video here")}</p>
            <p className="dropzone-text">{t("or click to choose a file")}</p>
          </>
        )}
        <p id={hintId} className="dropzone-hint">
          {t("Supports MP4, AVI, MOV, WMV, FLV, WebM (Max 100MB)")}
        </p>
      </div>
      {problems.length > 0 && (
        <ul id={errorId} className="field-error dropzone-errors" role="alert">
          {problems.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {file && !disabled && (
        <button type="button" className="btn btn-link dropzone-remove" onClick={() => onFile(null)}>
          {t("Remove video")}
        </button>
      )}
    </div>
  );
}
