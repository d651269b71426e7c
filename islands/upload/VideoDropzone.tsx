import { fromEvent } from "file-selector";
import { useId, useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import { formatBytes } from "../lib/progress-format";
import { UploadIcon, VideoFileIcon } from "../ui/icons";
import { dropErrorMessage, isIgnoredFile, MAX_VIDEO_BYTES, VIDEO_ACCEPT, VIDEO_HINT } from "./upload-rules";

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
          "aria-label": file ? `Replace the video ${file.name}` : "Choose a video to upload",
          "aria-describedby": problems.length ? `${hintId} ${errorId}` : hintId,
          "aria-disabled": disabled || undefined,
        })}
        data-state={state}
      >
        <input {...getInputProps({ "aria-label": "Video file" })} />
        {file ? (
          <>
            <VideoFileIcon className="dropzone-icon" />
            <p className="dropzone-title dropzone-file-name">{file.name}</p>
            <p className="dropzone-text">{formatBytes(file.size)} · Drop another video or click to replace it</p>
          </>
        ) : (
          <>
            <UploadIcon className="dropzone-icon" />
            <p className="dropzone-title">{isDragActive ? "Drop the video here" : "Drag and drop a video here"}</p>
            <p className="dropzone-text">or click to choose a file</p>
          </>
        )}
        <p id={hintId} className="dropzone-hint">
          {VIDEO_HINT}
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
          Remove video
        </button>
      )}
    </div>
  );
}
