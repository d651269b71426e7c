// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { offerInstall, registerServiceWorker } from "./app-install";

function installOffer(): HTMLElement {
  document.body.innerHTML = '<div data-install-app hidden><button type="button">Install the app</button></div>';
  return document.querySelector<HTMLElement>("[data-install-app]")!;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("install offer", () => {
  it("stays hidden until the browser offers installing, then prompts once and hides", () => {
    const offer = installOffer();
    offerInstall(offer);
    expect(offer.hidden).toBe(true);

    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), { prompt });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(offer.hidden).toBe(false);

    offer.querySelector("button")!.click();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(offer.hidden).toBe(true);
  });

  it("hides when the app is installed", () => {
    const offer = installOffer();
    offerInstall(offer);
    window.dispatchEvent(Object.assign(new Event("beforeinstallprompt"), { prompt: vi.fn() }));
    window.dispatchEvent(new Event("appinstalled"));
    expect(offer.hidden).toBe(true);
  });
});

describe("service worker", () => {
  it("registers /sw.js after the page loads, where the browser has service workers", () => {
    const register = vi.fn(() => Promise.resolve({}));
    registerServiceWorker({ register } as unknown as ServiceWorkerContainer);
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("load"));
    expect(register).toHaveBeenCalledWith("/sw.js");
  });
});
