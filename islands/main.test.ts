// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";

const setup = vi.hoisted(() => ({ startHtmx: vi.fn(), replayFirstUse: vi.fn() }));
vi.mock("./htmx-setup", () => setup);

beforeAll(async () => {
  document.head.innerHTML =
    '<script id="app-context" type="application/json">{"user":null,"csrfToken":"csrf-main","brand":"Danza","playerOrigin":"https://www.tiktok.com"}</script>';
  document.body.innerHTML = `
    <a id="login-link" href="/login" data-open-auth="login">Login</a>
    <button id="register-button" data-open-auth="register"><span id="inner">Sign up</span></button>
    <a id="plain" href="#somewhere">Plain</a>
    <input id="search" type="search" hx-get="/partials/user-search" hx-trigger="input changed delay:300ms, search">`;
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

  it("loads htmx only when a visitor first reaches for a server-driven element", async () => {
    expect(setup.startHtmx).not.toHaveBeenCalled();
    document.getElementById("plain")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(setup.startHtmx).not.toHaveBeenCalled();
    const search = document.getElementById("search") as HTMLInputElement;
    search.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    search.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    await vi.waitFor(() => expect(setup.replayFirstUse).toHaveBeenCalledWith(search));
    expect(setup.startHtmx).toHaveBeenCalledTimes(1);
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
