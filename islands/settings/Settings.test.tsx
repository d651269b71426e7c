// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../lib/context";
import { goTo, reloadPage } from "../lib/navigation";
import { buttonNamed, click, jsonResponse, labelled, render, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import { changeValue, controlLabelled, routedFetch } from "../ui/test-support";
import Settings from "./index";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

const page = vi.hoisted(() => ({ user: null as unknown }));
vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: page.user, csrfToken: "csrf-1", brand: "Danza", playerOrigin: "", playerSettings: null }),
  setCsrfToken: vi.fn(),
}));

const account: User = {
  _id: "7",
  username: "dancer",
  email: "dancer@example.com",
  role: "user",
  avatar: null,
  subscribers: 0,
  subscribedTo: [],
  createdAt: "2026-01-05T10:00:00+00:00",
  bio: "",
};

let rendered: Rendered | null = null;

function mount(): HTMLElement {
  rendered = render(<Settings />);
  return rendered.container;
}

function card(container: HTMLElement, title: string): HTMLElement {
  const heading = Array.from(container.querySelectorAll("h2")).find((element) => element.textContent === title);
  const section = heading?.closest("section");
  if (!section) throw new Error(`No "${title}" card`);
  return section;
}

function serve(routes: Parameters<typeof routedFetch>[0]) {
  const fake = routedFetch(routes);
  vi.stubGlobal("fetch", vi.fn(fake.fetch));
  return fake.calls;
}

beforeEach(() => {
  page.user = account;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.mocked(goTo).mockClear();
  vi.mocked(reloadPage).mockClear();
});

describe("settings", () => {
  it("renders nothing for a visitor (the page keeps its sign-in prompt)", () => {
    page.user = null;
    expect(mount().textContent).toBe("");
  });

  it("has the three cards", () => {
    const container = mount();
    expect(Array.from(container.querySelectorAll("h2")).map((heading) => heading.textContent)).toEqual([
      "Profile Information",
      "Change Password",
      "Danger Zone",
    ]);
    const profile = card(container, "Profile Information");
    expect(profile.querySelector(".avatar")?.textContent).toBe("D");
    expect(controlLabelled<HTMLTextAreaElement>(profile, "Bio").placeholder).toBe("Tell us about yourself...");
    const password = card(container, "Change Password");
    expect(password.querySelectorAll('button[aria-label="Show password"]')).toHaveLength(3);
  });

  it("checks username and e-mail, saves, then reloads", async () => {
    const calls = serve({
      "PUT /api/auth/profile": () => jsonResponse({ success: true, message: "Profile updated successfully!", user: { ...account, bio: "Hi" } }),
    });
    const container = mount();
    const profile = card(container, "Profile Information");
    typeInto(labelled(profile, "Username"), "");
    typeInto(labelled(profile, "Email"), "not-an-email");
    submit(profile.querySelector("form") as HTMLFormElement);
    expect(profile.textContent).toContain("Username is required");
    expect(profile.textContent).toContain("Please enter a valid email address");
    expect(calls).toHaveLength(0);

    typeInto(labelled(profile, "Username"), "dancer");
    typeInto(labelled(profile, "Email"), " dancer@example.com ");
    changeValue(controlLabelled<HTMLTextAreaElement>(profile, "Bio"), "Hi");
    click(buttonNamed(profile, "Save Profile"));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ username: "dancer", email: "dancer@example.com", bio: "Hi" });
  });

  it("shows a taken username next to its field", async () => {
    serve({
      "PUT /api/auth/profile": () =>
        jsonResponse({ success: false, message: "Username already exists", errors: { username: "Username already exists" } }, 409),
    });
    const container = mount();
    const profile = card(container, "Profile Information");
    typeInto(labelled(profile, "Username"), "salsa_queen");
    click(buttonNamed(profile, "Save Profile"));
    await waitFor(() => expect(labelled(profile, "Username").getAttribute("aria-invalid")).toBe("true"));
    expect(profile.querySelector(".alert-error")?.textContent).toBe("Username already exists");
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("updates the password with 'Update Password'", async () => {
    serve({ "PUT /api/auth/password": () => jsonResponse({ success: true, user: account, token: "t", csrfToken: "c" }) });
    const container = mount();
    const password = card(container, "Change Password");
    typeInto(labelled(password, "Current Password"), "old-secret");
    typeInto(labelled(password, "New Password"), "new-secret");
    typeInto(labelled(password, "Confirm New Password"), "new-secret");
    click(buttonNamed(password, "Update Password"));
    await waitFor(() => expect(password.querySelector(".alert-success")?.textContent).toBe("Password updated successfully!"));
    expect(labelled(password, "Confirm New Password").value).toBe("");
  });

  it("deletes the account after the confirmation and goes home", async () => {
    const calls = serve({ "DELETE /api/auth/account": () => jsonResponse({ success: true }) });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const container = mount();
    click(buttonNamed(card(container, "Danger Zone"), "Delete Account"));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete your account? This action cannot be undone.");
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
    expect(calls[0]?.url).toBe("/api/auth/account");
  });

  it("shows the server's refusal to delete", async () => {
    serve({ "DELETE /api/auth/account": () => jsonResponse({ success: false, message: "Admins cannot delete themselves" }, 403) });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const container = mount();
    const danger = card(container, "Danger Zone");
    click(buttonNamed(danger, "Delete Account"));
    await waitFor(() => expect(danger.querySelector(".alert-error")?.textContent).toBe("Admins cannot delete themselves"));
    expect(goTo).not.toHaveBeenCalled();
  });
});
