// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { onAppEvent } from "../lib/events";
import { goTo } from "../lib/navigation";
import { click, jsonResponse, pressKey, render, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { makeUser } from "../test/users";
import UserMenu from "./index";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

const user = makeUser({ username: "zoe_moves", email: "zoe@example.com", subscribers: 3 });

let rendered: Rendered;
const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(jsonResponse({ success: true })));

function trigger(): HTMLButtonElement {
  return rendered.container.querySelector<HTMLButtonElement>(".user-menu-trigger") as HTMLButtonElement;
}

function menu(): HTMLElement | null {
  return rendered.container.querySelector('[role="menu"]');
}

function item(name: string): HTMLElement {
  const found = Array.from(rendered.container.querySelectorAll<HTMLElement>('[role="menuitem"]')).find(
    (element) => element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`No menu item "${name}"`);
  return found;
}

beforeAll(() => {
  const context = document.createElement("script");
  context.id = "app-context";
  context.type = "application/json";
  context.textContent = JSON.stringify(pageContext(user, { csrfToken: "csrf-abc" }));
  document.head.append(context);
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  rendered = render(<UserMenu user={user} />);
});

afterEach(() => {
  rendered.unmount();
  fetchMock.mockClear();
  vi.mocked(goTo).mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("user menu", () => {
  it("shows the initial and username on a collapsed menu button", () => {
    expect(trigger().querySelector(".avatar")?.textContent).toBe("Z");
    expect(trigger().textContent).toContain("zoe_moves");
    expect(trigger().getAttribute("aria-haspopup")).toBe("menu");
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(menu()).toBeNull();
  });

  it("opens with the username, e-mail, Profile and Logout, focusing the first item", () => {
    click(trigger());
    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(menu()?.textContent).toContain("zoe@example.com");
    expect(item("Profile").getAttribute("href")).toBe("/profile/zoe_moves");
    expect(document.activeElement).toBe(item("Profile"));
    pressKey(document.activeElement as Element, "ArrowDown");
    expect(document.activeElement).toBe(item("Logout"));
  });

  it("closes on an outside click", () => {
    click(trigger());
    act(() => {
      document.body.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    });
    expect(menu()).toBeNull();
  });

  it("closes on Escape and returns focus to the button", () => {
    click(trigger());
    pressKey(document, "Escape");
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it("closes after choosing Profile", () => {
    const stopNavigation = (event: Event) => event.preventDefault();
    document.addEventListener("click", stopNavigation);
    click(trigger());
    click(item("Profile"));
    expect(menu()).toBeNull();
    document.removeEventListener("click", stopNavigation);
  });

  it("logs out with the CSRF header, clears stored auth and goes home", async () => {
    localStorage.setItem("token", "tok");
    localStorage.setItem("cachedUser", "{}");
    localStorage.setItem("cachedUserTimestamp", "1");
    const announced = vi.fn();
    const stop = onAppEvent("app:auth-changed", announced);
    click(trigger());
    click(item("Logout"));

    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/logout");
    expect(init?.method).toBe("POST");
    expect((init?.headers as Record<string, string>)["X-CSRFToken"]).toBe("csrf-abc");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("cachedUser")).toBeNull();
    expect(announced).toHaveBeenCalledWith({ user: null }, expect.anything());
    stop();
  });

  it("still leaves when the logout call fails, logging the failure", async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError("Failed to fetch")));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem("token", "tok");
    click(trigger());
    click(item("Logout"));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
    expect(logged).toHaveBeenCalledWith("Logout failed", expect.any(TypeError));
    expect(localStorage.getItem("token")).toBeNull();
  });
});
