import { offerInstall, registerServiceWorker } from "./app-install";
import { getAppContext } from "./lib/context";
import { onAppEvent, requestAuth, type AppEventName, type AuthMode } from "./lib/events";
import { goTo } from "./lib/navigation";
import { showCarriedNotice } from "./lib/page-notice";
import { deferredIslands, islandsToMount } from "./runtime/schedule";
import { installThemeChooser } from "./theme";

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

const HTMX_ELEMENT = "[hx-get], [hx-post], [hx-put], [hx-patch], [hx-delete]";
let htmxStarted: Promise<typeof import("./htmx-setup")> | null = null;

let htmxReady = false;

function startHtmx(): Promise<typeof import("./htmx-setup")> {
  htmxStarted ??= import("./htmx-setup").then((setup) => {
    setup.startHtmx((swapped) => {
      mountIslandsIn(swapped);
      deferIslandsIn(swapped);
    });
    htmxReady = true;
    return setup;
  });
  return htmxStarted;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/**
 * htmx loads when a visitor first reaches for a server-driven element (focus, pointer or key), not with the page.
 * A link of htmx's clicked before it is ready waits for it, rather than loading the whole page again at its top.
 */
function installHtmxOnFirstUse(): void {
  const wake = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest(HTMX_ELEMENT);
    if (!element) return;
    void startHtmx().then((setup) => setup.replayFirstUse(element));
  };
  for (const type of ["focusin", "pointerdown", "keydown"]) document.addEventListener(type, wake, { capture: true });
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[hx-get]") : null;
      if (htmxReady || !link || event.defaultPrevented || !isPlainClick(event)) return;
      event.preventDefault();
      startHtmx().then(
        (setup) => setup.replayClick(link),
        () => {
          htmxStarted = null; // htmx could not load (an old page after a release, offline): the link as a plain one
          goTo((link as HTMLAnchorElement).href);
        },
      );
    },
    { capture: true },
  );
}

/**
 * A server-drawn part of the page that shows what an island may change (`data-refresh-on="app:…"`: the sidebar's
 * creators, after a deletion in the developer portal) is drawn again by the server, through htmx, when the island
 * says so, rather than only at the next page load.
 */
function refreshFragmentsOn(name: AppEventName): void {
  onAppEvent(name, () => {
    const stale = Array.from(document.querySelectorAll<HTMLElement>(`[data-refresh-on="${name}"]`));
    if (stale.length) void startHtmx().then((setup) => stale.forEach(setup.refreshFragment));
  });
}

/** React and the island runtime load only when a page has an island to run (now, or on its first use). */
const loadRuntime = () => import("./runtime/mount");
let runtimeLoaded = false;

function mountIslandsIn(scope: ParentNode): void {
  if (islandsToMount(scope).length === 0) return;
  void loadRuntime().then((runtime) => {
    runtimeLoaded = true;
    runtime.mountIslands(scope);
  });
}

function deferIslandsIn(scope: ParentNode): void {
  for (const { node, event } of deferredIslands(scope)) {
    const mount = () =>
      void loadRuntime().then((runtime) => {
        runtimeLoaded = true;
        runtime.mountIslandNode(node);
      });
    document.addEventListener(event, mount, { once: true });
  }
}

function installIslandLifecycle(): void {
  document.addEventListener("htmx:beforeCleanupElement", (event) => {
    const target = event.target;
    if (runtimeLoaded && target instanceof Element) void loadRuntime().then((runtime) => runtime.unmountIsland(target));
  });
}

function whenDomReady(callback: () => void): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback, { once: true });
  else callback();
}

installAuthTriggers();
installHtmxCsrf();
installHtmxOnFirstUse();
installNavDrawer();
installIslandLifecycle();
refreshFragmentsOn("app:catalog-changed");
registerServiceWorker();
offerInstall();
whenDomReady(() => {
  showCarriedNotice();
  installThemeChooser();
  mountIslandsIn(document);
  deferIslandsIn(document);
});
