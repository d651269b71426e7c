// @vitest-environment jsdom
import htmx from "htmx.org";
import { beforeAll, describe, expect, it, vi } from "vitest";

// jsdom's XPath support is too thin for htmx's own start-up; the wiring to htmx is what is under test here.
vi.mock("htmx.org", () => ({ default: { onLoad: vi.fn(), config: {} } }));

beforeAll(async () => {
  document.head.innerHTML =
    '<script id="app-context" type="application/json">{"user":null,"csrfToken":"csrf-main","brand":"Danza","playerOrigin":"https://www.tiktok.com"}</script>';
  document.body.innerHTML = `
    <a id="login-link" href="/login" data-open-auth="login">Login</a>
    <button id="register-button" data-open-auth="register"><span id="inner">Sign up</span></button>
    <a id="plain" href="#somewhere">Plain</a>`;
  await import("./main");
});

function clickAndCapture(target: Element): { event: MouseEvent; modes: string[] } {
  const modes: string[] = [];
  const listener = (event: Event) => modes.push((event as CustomEvent<{ mode: string }>).detail.mode);
  document.addEventListener("app:open-auth", listener);
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  document.removeEventListener("app:open-auth", listener);
  return { event, modes };
}

describe("main", () => {
  it("opens the auth dialog from any [data-open-auth] element instead of following it", () => {
    const login = clickAndCapture(document.getElementById("login-link") as Element);
    expect(login.modes).toEqual(["login"]);
    expect(login.event.defaultPrevented).toBe(true);

    const register = clickAndCapture(document.getElementById("inner") as Element);
    expect(register.modes).toEqual(["register"]);
  });

  it("leaves other clicks alone", () => {
    const plain = clickAndCapture(document.getElementById("plain") as Element);
    expect(plain.modes).toEqual([]);
    expect(plain.event.defaultPrevented).toBe(false);
  });

  it("swaps 422 validation answers and reports other failures in a toast", () => {
    const handling = (htmx.config as { responseHandling: { code: string; swap: boolean }[] }).responseHandling;
    const rule = (status: string) => handling.find(({ code }) => new RegExp(`^${code}$`).test(status));
    expect(rule("200")?.swap).toBe(true);
    expect(rule("422")?.swap).toBe(true);
    expect(rule("429")?.swap).toBe(false);

    document.body.insertAdjacentHTML("beforeend", '<div id="toast-region"></div>');
    const xhr = { status: 429, responseText: '{"message":"Too many requests. Please wait a moment and try again."}' };
    document.dispatchEvent(new CustomEvent("htmx:responseError", { detail: { xhr } }));
    expect(document.getElementById("toast-region")?.textContent).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
  });

  it("mounts islands inside every htmx swap", () => {
    expect(htmx.onLoad).toHaveBeenCalledTimes(1);
  });

  it("adds the CSRF header to unsafe htmx requests only", () => {
    const headersFor = (verb: string) => {
      const detail = { verb, headers: {} as Record<string, string> };
      document.body.dispatchEvent(new CustomEvent("htmx:configRequest", { bubbles: true, detail }));
      return detail.headers;
    };
    expect(headersFor("post")["X-CSRFToken"]).toBe("csrf-main");
    expect(headersFor("delete")["X-CSRFToken"]).toBe("csrf-main");
    expect(headersFor("get")["X-CSRFToken"]).toBeUndefined();
  });
});
