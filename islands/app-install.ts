/** The installable app: the service worker (pages work offline as far as the offline page) and the install offer. */

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
}

export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!container) return;
  window.addEventListener("load", () => {
    container.register("/sw.js").catch((error: unknown) => console.error("Registering the service worker failed", error));
  });
}

/** Where the browser offers installing, the sidebar shows 'Install the app'; it hides once used or installed. */
export function offerInstall(offer: HTMLElement | null = document.querySelector("[data-install-app]")): void {
  if (!offer) return;
  let prompt: InstallPromptEvent | null = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    prompt = event as InstallPromptEvent;
    offer.hidden = false;
  });
  window.addEventListener("appinstalled", () => {
    offer.hidden = true;
    prompt = null;
  });
  offer.querySelector("button")?.addEventListener("click", () => {
    offer.hidden = true;
    void prompt?.prompt();
    prompt = null;
  });
}
