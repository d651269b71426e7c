// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../lib/api-types";
import { replaceWith } from "../lib/navigation";
import { jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { makeUser } from "../test/users";
import { hasRole } from "./access";
import AccessGuard from "./index";

vi.mock("../lib/navigation", () => ({
  goTo: vi.fn(),
  replaceWith: vi.fn(),
  reloadPage: vi.fn(),
  currentPathAndSearch: () => "/developer-portal?tab=reports",
}));

const admin = makeUser({ _id: "a", username: "boss", email: "boss@example.com", role: "admin" });
const member: User = { ...admin, _id: "m", username: "member", role: "user" };

let rendered: Rendered | null = null;
let protectedContent: HTMLElement;

function answerMe(body: unknown, status = 200) {
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse(body, status))));
}

beforeEach(() => {
  protectedContent = document.createElement("section");
  protectedContent.id = "portal";
  protectedContent.hidden = true;
  document.body.append(protectedContent);
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  protectedContent.remove();
  vi.mocked(replaceWith).mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

describe("hasRole", () => {
  it("treats 'user' as any signed-in account and other roles exactly", () => {
    expect(hasRole(null, "user")).toBe(false);
    expect(hasRole(member, "user")).toBe(true);
    expect(hasRole(member, "admin")).toBe(false);
    expect(hasRole(admin, "admin")).toBe(true);
  });
});

describe("access guard", () => {
  it("shows 'Checking access...' and then reveals the content for the right role", async () => {
    answerMe({ user: admin });
    rendered = render(<AccessGuard role="admin" target="portal" />);
    expect(rendered.container.textContent).toBe("Checking access...");
    expect(rendered.container.querySelector(".spinner")).not.toBeNull();

    await waitFor(() => expect(protectedContent.hidden).toBe(false));
    expect(rendered.container.textContent).toBe("");
    expect(replaceWith).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem("cachedUser") ?? "null")).toEqual(admin);
  });

  it("brings the section the address names into view once revealed (hidden, the browser could not jump to it)", async () => {
    const section = document.createElement("section");
    section.id = "at-a-glance";
    protectedContent.append(section);
    const scrolled = vi.fn();
    section.scrollIntoView = scrolled;
    window.history.replaceState(null, "", "/developer-portal?days=90#at-a-glance");
    answerMe({ user: admin });
    rendered = render(<AccessGuard role="admin" target="portal" />);
    await waitFor(() => expect(protectedContent.hidden).toBe(false));
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it("reveals the content whatever the address's #fragment holds", async () => {
    window.history.replaceState(null, "", "/developer-portal#%E0%A4");
    answerMe({ user: admin });
    rendered = render(<AccessGuard role="admin" target="portal" />);
    await waitFor(() => expect(protectedContent.hidden).toBe(false));
    expect(rendered.container.textContent).toBe(""); // not "Could not check access."
  });

  it("sends a visitor home to sign in, remembering where they were", async () => {
    answerMe({ user: null });
    rendered = render(<AccessGuard role="user" target="portal" />);
    await waitFor(() => expect(replaceWith).toHaveBeenCalledWith("/?login=1"));
    expect(sessionStorage.getItem("authRedirect")).toBe("/developer-portal?tab=reports");
    expect(protectedContent.hidden).toBe(true);
  });

  it("treats a 401 from the current-user call as an anonymous visitor", async () => {
    answerMe({ success: false, message: "Not authenticated" }, 401);
    rendered = render(<AccessGuard role="admin" target="portal" />);
    await waitFor(() => expect(replaceWith).toHaveBeenCalledWith("/?login=1"));
  });

  it("sends a signed-in account without the role home", async () => {
    answerMe({ user: member });
    rendered = render(<AccessGuard role="admin" target="portal" />);
    await waitFor(() => expect(replaceWith).toHaveBeenCalledWith("/"));
    expect(protectedContent.hidden).toBe(true);
  });

  it("offers a retry when the check itself fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    answerMe({ message: "boom" }, 500);
    rendered = render(<AccessGuard role="admin" target="portal" />);
    await waitFor(() => expect(rendered?.container.querySelector('[role="alert"]')).not.toBeNull());
    expect(protectedContent.hidden).toBe(true);
    expect(replaceWith).not.toHaveBeenCalled();
  });
});
