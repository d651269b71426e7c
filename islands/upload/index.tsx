import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, formRefusal } from "../lib/api";
import type { Answer } from "../lib/api-types";
import { getAppContext } from "../lib/context";
import { goTo } from "../lib/navigation";
import { profilePath } from "../lib/paths";
import { carryNotice } from "../lib/storage";
import { FormMessage, type FormOutcome } from "../ui/FormMessage";
import { focusFirstInvalid } from "../ui/focus";
import { ThumbnailPicker } from "./ThumbnailPicker";
import { UploadDetailsFields } from "./UploadDetailsFields";
import { UploadProgress } from "./UploadProgress";
import { sendUpload } from "./upload-request";
import {
  EMPTY_DETAILS,
  hasUploadErrors,
  MAX_VIDEO_BYTES,
  uploadFormData,
  validateUpload,
  type UploadDetails,
  type UploadErrors,
} from "./upload-rules";
import { VideoDropzone } from "./VideoDropzone";
import { t } from "../lib/i18n";

/** Long enough to read 'Upload complete!' before the home page opens. */
export const RETURN_HOME_DELAY_MS = 1500;
const FIELD_ORDER = ["title", "description", "category", "tags"] as const;

type Phase = "editing" | "uploading" | "complete";

/** Brings a server's refusal into view (on a phone it is often a screen above the button): the video's drop area,
 * else the first refused field, else the form's message. */
function revealRefusal(form: HTMLFormElement, errors: UploadErrors): void {
  if (errors.video) {
    form.querySelector<HTMLElement>(".dropzone")?.focus();
    return;
  }
  if (FIELD_ORDER.some((name) => errors[name])) {
    focusFirstInvalid(form, FIELD_ORDER, errors);
    return;
  }
  form.querySelector<HTMLElement>('[role="alert"]')?.scrollIntoView?.({ block: "center" });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** What the server said, as field errors and a form line for what no field shows; a too-large body (413) is the video's problem. */
function failureOf(error: unknown): { errors: UploadErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { errors: {}, message: t("Network error occurred") };
  if (error.status === 413) return { errors: { video: t("File is larger than {size} bytes", { size: MAX_VIDEO_BYTES }) }, message: null };
  const refusal = formRefusal(error, t("Upload failed. Please try again."));
  return { errors: refusal.fieldErrors, message: refusal.message };
}

/** Where the uploader finds the upload again, said on the home page the upload screen returns to. */
function carryUploadedNotice(uploaded: Answer<"UploadDone">, username: string): void {
  carryNotice({
    text: t('Upload complete! "{title}" is pending review.', { title: uploaded.upload.title }),
    link: { href: `${profilePath(username)}#uploads`, label: t("See your uploads") },
  });
}

/** /upload for a signed-in user: the video, an optional thumbnail and the details, sent with live progress. */
export default function Upload() {
  const [video, setVideo] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [details, setDetails] = useState<UploadDetails>(EMPTY_DETAILS);
  const [errors, setErrors] = useState<UploadErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  const [phase, setPhase] = useState<Phase>("editing");
  const [progress, setProgress] = useState({ sent: 0, total: 0 });
  const cancelRef = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusal, setRefusal] = useState<UploadErrors | null>(null);

  useEffect(() => {
    if (refusal && formRef.current) revealRefusal(formRef.current, refusal);
  }, [refusal]);

  useEffect(() => {
    if (phase !== "complete") return;
    const timer = setTimeout(() => goTo("/"), RETURN_HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => () => cancelRef.current?.abort(), []);

  const { user } = getAppContext();
  if (!user) return null;
  const { username } = user;

  function chooseVideo(file: File | null) {
    setVideo(file);
    setErrors(({ video: _previous, ...rest }) => rest);
  }

  function chooseThumbnail(file: File | null) {
    setThumbnail(file);
    setErrors(({ thumbnail: _previous, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== "editing") return;
    const found = validateUpload(details, video);
    setErrors(found);
    setOutcome(null);
    if (hasUploadErrors(found) || !video) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, found);
      return;
    }
    const controller = new AbortController();
    cancelRef.current = controller;
    setProgress({ sent: 0, total: video.size });
    setPhase("uploading");
    try {
      const uploaded = await sendUpload<Answer<"UploadDone">>(uploadFormData(details, video, thumbnail), {
        signal: controller.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      carryUploadedNotice(uploaded, username);
      setPhase("complete");
    } catch (error) {
      setPhase("editing");
      if (isAbort(error)) {
        setOutcome({ tone: "error", text: t("Upload cancelled.") });
        return;
      }
      console.error("Upload failed", error);
      const failure = failureOf(error);
      setErrors(failure.errors);
      setOutcome(failure.message === null ? null : { tone: "error", text: failure.message });
      setRefusal(failure.errors);
    } finally {
      cancelRef.current = null;
    }
  }

  const busy = phase !== "editing";
  return (
    <form ref={formRef} className="upload-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div className="upload-media card">
        <VideoDropzone file={video} onFile={chooseVideo} error={errors.video} disabled={busy} />
        <ThumbnailPicker
          file={thumbnail}
          onFile={chooseThumbnail}
          onInvalid={(message) => setErrors((previous) => ({ ...previous, thumbnail: message }))}
          error={errors.thumbnail}
          disabled={busy}
        />
      </div>
      <div className="upload-side card">
        <FormMessage outcome={outcome} />
        <UploadDetailsFields details={details} errors={errors} disabled={busy} onChange={setDetails} />
        <button type="submit" className="btn btn-primary btn-block" disabled={!video || busy}>
          {busy ? t("Uploading...") : t("Upload Video")}
        </button>
        {!video && <p className="field-hint upload-submit-hint">{t("Choose a video to enable uploading.")}</p>}
        {busy && (
          <UploadProgress
            sent={progress.sent}
            total={progress.total}
            complete={phase === "complete"}
            onCancel={() => cancelRef.current?.abort()}
          />
        )}
      </div>
    </form>
  );
}
