import htmx from "htmx.org";
import { htmxErrorMessage, networkErrorMessage, showToast } from "./lib/toast";

/**
 * htmx and its wiring, loaded on first use of a server-driven element (the user search, the contact form): the
 * library is most of the entry's weight, and those elements work without it until then (plain GET and POST).
 * `onSwap` runs for each swapped-in fragment, so its islands mount.
 */
export function startHtmx(onSwap: (element: Element) => void): void {
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
  document.addEventListener("htmx:sendError", () => showToast(networkErrorMessage()));
  htmx.onLoad((element) => {
    if (element instanceof Element && element !== document.body) onSwap(element);
  });
  htmx.process(document.body);
}

/** What the visitor did before htmx arrived: a search already typed is run now. */
export function replayFirstUse(element: Element): void {
  if (element instanceof HTMLInputElement && element.value && /\bsearch\b/.test(element.getAttribute("hx-trigger") ?? "")) {
    htmx.trigger(element, "search");
  }
}

/** A link of htmx's clicked before htmx was ready: its request now, as htmx would have made it. */
export function replayClick(link: Element): void {
  htmx.trigger(link, "click");
}

/** A server-drawn part of the page (`data-refresh-url`, such as the sidebar's creators) drawn again by the server. */
export function refreshFragment(element: HTMLElement): void {
  const url = element.dataset.refreshUrl;
  if (url && element.isConnected) void htmx.ajax("get", url, { source: element, target: element, swap: "outerHTML" });
}
