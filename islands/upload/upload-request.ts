import { ApiError } from "../lib/api";
import { getAppContext } from "../lib/context";

export const UPLOAD_URL = "/api/uploads";

export interface UploadOptions {
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends the multipart upload. fetch() cannot report upload progress, so this one request uses
 * XMLHttpRequest instead of lib/api, sending what lib/api sends: the session cookie and the CSRF header.
 * Non-OK answers reject with lib/api's ApiError, so its message helpers read the server's errors.
 */
export function sendUpload<T>(body: FormData, { onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled", "AbortError"));
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("X-CSRFToken", getAppContext().csrfToken);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener("load", () => {
      const data = parseBody(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(new ApiError(`HTTP error! status: ${request.status}`, request.status, data));
    });
    request.addEventListener("error", () => reject(new TypeError("Network error occurred")));
    request.addEventListener("abort", () => reject(new DOMException("The upload was cancelled", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}
