import htmx from "htmx.org";
import { getAppContext } from "./lib/context";
import { requestAuth, type AuthMode } from "./lib/events";
import { mountIslands, unmountIsland } from "./runtime/mount";

const SAFE_HTMX_VERBS = new Set(["get", "head", "options"]);

function isAuthMode(value: string | null): value is AuthMode {
  return value === "login" || value === "register";
}

/** Any `[data-open-auth="login|register"]` opens the auth dialog instead of following its link. */
function installAuthTriggers(): void {
  document.addEventListener("click", (event) => {
    const trigger = event.target instanceof Element ? event.target.closest("[data-open-auth]") : null;
    const mode = trigger?.getAttribute("data-open-auth") ?? null;
    if (!trigger || !isAuthMode(mode)) return;
    // Let modified clicks open a real /login or /register link in a new tab.
    if (trigger instanceof HTMLAnchorElement && (event.metaKey || event.ctrlKey || event.shiftKey)) return;
    event.preventDefault();
    requestAuth(mode);
  });
}

/** htmx requests are cookie-authenticated too, so unsafe ones carry the CSRF token like api.ts does. */
function installHtmxCsrf(): void {
  document.addEventListener("htmx:configRequest", (event) => {
    const detail = (event as CustomEvent<{ verb: string; headers: Record<string, string> }>).detail;
    const { csrfToken } = getAppContext();
    if (csrfToken && !SAFE_HTMX_VERBS.has(detail.verb.toLowerCase())) detail.headers["X-CSRFToken"] = csrfToken;
  });
}

function installIslandLifecycle(): void {
  htmx.onLoad((element) => {
    if (element instanceof Element) mountIslands(element);
  });
  document.addEventListener("htmx:beforeCleanupElement", (event) => {
    if (event.target instanceof Element) unmountIsland(event.target);
  });
}

function whenDomReady(callback: () => void): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback, { once: true });
  else callback();
}

installAuthTriggers();
installHtmxCsrf();
installIslandLifecycle();
whenDomReady(() => mountIslands(document));
