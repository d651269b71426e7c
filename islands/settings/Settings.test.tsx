// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { goTo, reloadPage } from "../lib/navigation";
import { takeCarriedNotice } from "../lib/storage";
import { buttonNamed, click, jsonResponse, labelled, pressKey, render, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import { makeUser } from "../test/users";
import { changeValue, controlLabelled, routedFetch } from "../ui/test-support";
import Settings from "./index";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

const page = vi.hoisted(() => ({ user: null as unknown }));
vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: page.user, csrfToken: "csrf-1", brand: "Danza", playerOrigin: "", playerSettings: null }),
  setCsrfToken: vi.fn(),
}));

const account = makeUser({ _id: "7", createdAt: "2026-01-05T10:00:00+00:00" });

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

  it("says which new e-mail address waits for its link", () => {
    page.user = { ...account, pendingEmail: "new@example.com" };
    const profile = card(mount(), "Profile Information");
    expect(profile.textContent).toContain("new@example.com is used once you open the link we sent to it.");
    expect((labelled(profile, "Email") as HTMLInputElement).value).toBe("dancer@example.com");
  });

  it("cancels a waiting e-mail change, then reloads saying so", async () => {
    page.user = { ...account, pendingEmail: "typo@exmaple.com" };
    const calls = serve({ "DELETE /api/auth/email-change": () => jsonResponse({ success: true, user: account }) });
    const profile = card(mount(), "Profile Information");
    click(buttonNamed(profile, "Cancel the e-mail change"));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(1);
    expect(takeCarriedNotice()).toEqual({ text: "E-mail change cancelled" });
  });

  it("offers no cancelling when no e-mail change waits", () => {
    const profile = card(mount(), "Profile Information");
    expect(buttonNamed(profile, "Save Profile")).not.toBeNull();
    expect(() => buttonNamed(profile, "Cancel the e-mail change")).toThrow('No button named "Cancel the e-mail change"');
  });

  it("says when a waiting e-mail change could not be cancelled", async () => {
    page.user = { ...account, pendingEmail: "typo@exmaple.com" };
    serve({ "DELETE /api/auth/email-change": () => jsonResponse({ success: false, message: "Server unavailable" }, 503) });
    const profile = card(mount(), "Profile Information");
    click(buttonNamed(profile, "Cancel the e-mail change"));
    await waitFor(() => expect(profile.querySelector(".alert-error")?.textContent).toBe("Server unavailable"));
    expect(reloadPage).not.toHaveBeenCalled();
    expect(buttonNamed(profile, "Save Profile").disabled).toBe(false);
  });

  it("has the spec's three cards and the feed reader's", () => {
    const container = mount();
    expect(Array.from(container.querySelectorAll("h2")).map((heading) => heading.textContent)).toEqual([
      "Profile Information",
      "Change Password",
      "Language",
      "Feed Reader",
      "Danger Zone",
    ]);
    const profile = card(container, "Profile Information");
    expect(profile.querySelector(".avatar")?.textContent).toBe("D");
    expect(controlLabelled<HTMLTextAreaElement>(profile, "Bio").placeholder).toBe("Tell us about yourself...");
    const password = card(container, "Change Password");
    expect(password.querySelectorAll('button[aria-label="Show password"]')).toHaveLength(3);
  });

  it("keeps the chosen language in the account, then reloads in it", async () => {
    const calls = serve({ "PUT /api/auth/language": () => jsonResponse({ success: true, user: { ...account, language: "vi" } }) });
    const language = controlLabelled<HTMLSelectElement>(card(mount(), "Language"), "Language");
    expect(language.value).toBe("en");
    expect(Array.from(language.options).map((option) => option.textContent)).toEqual(["English", "Tiếng Việt"]);
    changeValue(language, "vi");
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/auth/language", body: { language: "vi" } });
  });

  it("says so when the language cannot be saved, and stays", async () => {
    serve({ "PUT /api/auth/language": () => new Response("", { status: 500 }) });
    const settings = card(mount(), "Language");
    changeValue(controlLabelled<HTMLSelectElement>(settings, "Language"), "vi");
    await waitFor(() => expect(settings.querySelector(".alert-error")?.textContent).toBe("Failed to save the language"));
    expect(reloadPage).not.toHaveBeenCalled();
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
    expect(takeCarriedNotice()).toEqual({ text: "Profile updated successfully!" }); // said on the reloaded page
  });

  it("warns, as Change Username does, that a new username changes the profile's address", () => {
    const container = mount();
    const profile = card(container, "Profile Information");
    expect(profile.querySelector(".alert-warning")).toBeNull();
    typeInto(labelled(profile, "Username"), "salsa_queen");
    expect(profile.querySelector(".alert-warning")?.textContent).toBe(
      "Your profile URL will change to /profile/salsa_queen, and your followers may be affected.",
    );
    typeInto(labelled(profile, "Username"), "x"); // too short: no address to show
    expect(profile.querySelector(".alert-warning")).toBeNull();
    typeInto(labelled(profile, "Username"), account.username);
    expect(profile.querySelector(".alert-warning")).toBeNull();
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
    expect(profile.querySelector(".alert-error")).toBeNull(); // said once, beside its field
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

  it("asks for the current password only while the e-mail differs from the saved one, and sends it", async () => {
    const calls = serve({
      "PUT /api/auth/profile": () => jsonResponse({ success: true, user: { ...account, pendingEmail: "moved@example.com" } }),
    });
    const container = mount();
    const profile = card(container, "Profile Information");
    const email = labelled(profile, "Email");
    expect(() => labelled(profile, "Current Password")).toThrow();
    typeInto(email, " Dancer@Example.COM ");
    expect(() => labelled(profile, "Current Password")).toThrow();

    typeInto(email, "moved@example.com");
    const current = labelled(profile, "Current Password");
    expect(current.type).toBe("password");
    expect(current.autocomplete).toBe("current-password");
    expect(profile.textContent).toContain("Enter your current password to change your e-mail address.");
    click(buttonNamed(profile, "Show password"));
    expect(current.type).toBe("text");

    click(buttonNamed(profile, "Save Profile"));
    expect(profile.textContent).toContain("Current password is required");
    expect(current.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(current);
    expect(calls).toHaveLength(0);

    typeInto(current, "secret123");
    click(buttonNamed(profile, "Save Profile"));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toEqual({ username: "dancer", email: "moved@example.com", bio: "", currentPassword: "secret123" });
    expect(takeCarriedNotice()).toEqual({
      text: "We sent a link to moved@example.com. Your e-mail address changes when you open it.",
    });

    typeInto(email, "dancer@example.com");
    expect(() => labelled(profile, "Current Password")).toThrow();
  });

  it("shows a wrong current password next to its field", async () => {
    serve({
      "PUT /api/auth/profile": () =>
        jsonResponse({ success: false, message: "Current password is incorrect", errors: { currentPassword: "Current password is incorrect" } }, 400),
    });
    const container = mount();
    const profile = card(container, "Profile Information");
    typeInto(labelled(profile, "Email"), "moved@example.com");
    typeInto(labelled(profile, "Current Password"), "not-it");
    click(buttonNamed(profile, "Save Profile"));
    await waitFor(() => expect(labelled(profile, "Current Password").getAttribute("aria-invalid")).toBe("true"));
    expect(profile.querySelector(".field-error")?.textContent).toBe("Current password is incorrect");
    expect(profile.querySelector(".alert-error")).toBeNull(); // said once, beside its field

    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("shows the field when the server asks for it for an address the form took for the same one", async () => {
    serve({
      "PUT /api/auth/profile": () =>
        jsonResponse({ success: false, message: "Current password is required", errors: { currentPassword: "Current password is required" } }, 400),
    });
    const container = mount();
    const profile = card(container, "Profile Information");
    click(buttonNamed(profile, "Save Profile"));
    await waitFor(() => expect(labelled(profile, "Current Password").getAttribute("aria-invalid")).toBe("true"));
    expect(profile.querySelector(".field-error")?.textContent).toBe("Current password is required");
    typeInto(labelled(profile, "Email"), "dancer@example.co");
    typeInto(labelled(profile, "Email"), "dancer@example.com");
    expect(() => labelled(profile, "Current Password")).toThrow();
  });

  describe("deleting the account", () => {
    function openDeletion(): HTMLElement {
      const container = mount();
      click(buttonNamed(card(container, "Danger Zone"), "Delete Account"));
      const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
      if (!dialog) throw new Error("No deletion dialog");
      return dialog;
    }

    it("asks the spec's question and the password in a dialog, then deletes and goes home", async () => {
      const calls = serve({ "DELETE /api/auth/account": () => jsonResponse({ success: true, message: "Account deleted" }) });
      const dialog = openDeletion();
      expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe("Delete Account");
      expect(dialog.textContent).toContain("Are you sure you want to delete your account? This action cannot be undone.");
      const password = labelled(dialog, "Password");
      expect(document.activeElement).toBe(password);
      expect(password.type).toBe("password");

      click(buttonNamed(dialog, "Delete My Account"));
      expect(dialog.textContent).toContain("Password is required");
      expect(calls).toHaveLength(0);
      typeInto(password, "secret123");
      submit(dialog.querySelector("form") as HTMLFormElement);
      await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
      expect(calls[0]).toMatchObject({ method: "DELETE", url: "/api/auth/account", body: { password: "secret123" } });
    });

    it("shows a wrong password next to its field and stays", async () => {
      serve({
        "DELETE /api/auth/account": () =>
          jsonResponse({ success: false, message: "Password is incorrect", errors: { password: "Password is incorrect" } }, 400),
      });
      const dialog = openDeletion();
      typeInto(labelled(dialog, "Password"), "not-it");
      buttonNamed(dialog, "Delete My Account").focus();
      click(buttonNamed(dialog, "Delete My Account"));
      await waitFor(() => expect(labelled(dialog, "Password").getAttribute("aria-invalid")).toBe("true"));
      expect(document.activeElement).toBe(labelled(dialog, "Password"));
      expect(dialog.querySelector(".field-error")?.textContent).toBe("Password is incorrect");
      expect(dialog.querySelector(".alert-error")).toBeNull(); // said once, beside its field
      expect(goTo).not.toHaveBeenCalled();
    });

    it("shows the server's refusal, else 'Failed to delete account'", async () => {
      let answer = jsonResponse({ success: false, message: "Admins cannot delete themselves" }, 403);
      serve({ "DELETE /api/auth/account": () => answer });
      const dialog = openDeletion();
      typeInto(labelled(dialog, "Password"), "secret123");
      click(buttonNamed(dialog, "Delete My Account"));
      await waitFor(() => expect(dialog.querySelector(".alert-error")?.textContent).toBe("Admins cannot delete themselves"));
      answer = new Response("", { status: 500 });
      typeInto(labelled(dialog, "Password"), "secret1234");
      click(buttonNamed(dialog, "Delete My Account"));
      await waitFor(() => expect(dialog.querySelector(".alert-error")?.textContent).toBe("Failed to delete account"));
      expect(goTo).not.toHaveBeenCalled();
    });

    it("closes with Cancel or Escape, giving focus back to the button", () => {
      const container = mount();
      const opener = buttonNamed(card(container, "Danger Zone"), "Delete Account");
      opener.focus();
      click(opener);
      click(buttonNamed(document.querySelector('[role="dialog"]') as HTMLElement, "Cancel"));
      expect(document.querySelector('[role="dialog"]')).toBeNull();
      expect(document.activeElement).toBe(opener);
      click(opener);
      pressKey(document, "Escape");
      expect(document.querySelector('[role="dialog"]')).toBeNull();
    });
  });

  it("shows the private feed address only when asked, copies it, and resets it after a confirm", async () => {
    const first = "http://localhost/feeds/following/first-key.atom";
    const second = "http://localhost/feeds/following/second-key.atom";
    const calls = serve({
      "GET /api/following-feed": () => jsonResponse({ url: first }),
      "POST /api/following-feed/reset": () => jsonResponse({ url: second }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const feed = card(mount(), "Feed Reader");
    expect(calls).toEqual([]);

    click(buttonNamed(feed, "Show Feed Address"));
    await waitFor(() => expect(controlLabelled<HTMLInputElement>(feed, "Your Following feed (Atom)").value).toBe(first));
    click(buttonNamed(feed, "Copy"));
    await waitFor(() => expect(buttonNamed(feed, "Copied!")).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(first);

    vi.spyOn(window, "confirm").mockReturnValueOnce(false);
    click(buttonNamed(feed, "Reset Address"));
    expect(calls.map((call) => call.method)).toEqual(["GET"]);
    vi.spyOn(window, "confirm").mockReturnValueOnce(true);
    click(buttonNamed(feed, "Reset Address"));
    await waitFor(() => expect(controlLabelled<HTMLInputElement>(feed, "Your Following feed (Atom)").value).toBe(second));
  });
});
