import htmx from "htmx.org";
import { getAppContext } from "./lib/context";
import { requestAuth, type AuthMode } from "./lib/events";
import { htmxErrorMessage, NETWORK_ERROR_MESSAGE, showToast } from "./lib/toast";
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

/**
 * On small screens the sidebar is a drawer: `[data-nav-toggle]` opens and closes it, Escape closes it. Opening
 * moves keyboard focus to its first link; closing returns it to the menu button.
 */
function installNavDrawer(): void {
  const setOpen = (open: boolean) => {
    document.body.classList.toggle("nav-open", open);
    let button: HTMLButtonElement | null = null;
    for (const toggle of document.querySelectorAll("[data-nav-toggle]")) {
      if (toggle instanceof HTMLButtonElement) {
        toggle.setAttribute("aria-expanded", String(open));
        button = toggle;
      } else if (toggle instanceof HTMLElement) toggle.hidden = !open;
    }
    const target = open ? document.querySelector<HTMLElement>("#sidebar a[href], #sidebar button, #sidebar input") : button;
    target?.focus();
  };
  document.addEventListener("click", (event) => {
    const toggle = event.target instanceof Element ? event.target.closest("[data-nav-toggle]") : null;
    if (toggle) setOpen(!document.body.classList.contains("nav-open"));
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.body.classList.contains("nav-open")) setOpen(false);
  });
}

/** Validation errors (422) carry a re-rendered form to swap in; other failed htmx requests show their message. */
function installHtmxResponses(): void {
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "422", swap: true },
    { code: "...", swap: false, error: true },
  ];
  document.addEventListener("htmx:responseError", (event) => {
    const xhr = (event as CustomEvent<{ xhr: XMLHttpRequest }>).detail.xhr;
    showToast(htmxErrorMessage(xhr.status, xhr.responseText));
  });
  document.addEventListener("htmx:sendError", () => showToast(NETWORK_ERROR_MESSAGE));
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
installHtmxResponses();
installNavDrawer();
installIslandLifecycle();
whenDomReady(() => mountIslands(document));
