import { t } from "./i18n";

export function networkErrorMessage(): string {
  return t("Network error occurred");
}

const TOAST_MS = 5000;

/** The message of a failed fragment request: the server's envelope message, else its status. */
export function htmxErrorMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message;
    }
  } catch {
    // Not JSON: fall through to the status.
  }
  return t("HTTP error! status: {status}", { status });
}

/** A short-lived message in the page's #toast-region (read out by screen readers). */
export function showToast(message: string, region = document.getElementById("toast-region")): HTMLElement | null {
  if (!region) return null;
  const toast = document.createElement("div");
  toast.className = "toast toast-error";
  toast.textContent = message;
  region.append(toast);
  window.setTimeout(() => toast.remove(), TOAST_MS);
  return toast;
}
