// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { goTo } from "../lib/navigation";
import { takeCarriedNotice } from "../lib/storage";
import { buttonNamed, click, jsonResponse, labelled, pressKey, render, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import { makeUser } from "../test/users";
import { changeValue, controlLabelled, routedFetch } from "../ui/test-support";
import Profile from "./index";
import type { OwnUploads, PublicProfile } from "./profile-data";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

const page = vi.hoisted(() => ({ user: null as unknown, csrfToken: "csrf-1" }));
vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: page.user, csrfToken: page.csrfToken, brand: "Danza", playerOrigin: "", playerSettings: null }),
  setCsrfToken: (token: string) => {
    page.csrfToken = token;
  },
}));

const account = makeUser({
  _id: "7",
  subscribedTo: ["salsa_sam", "tango_tia"],
  createdAt: "2026-01-05T10:00:00+00:00",
  bio: "Salsa on Sundays",
});

const ownProfile: PublicProfile = {
  username: "dancer",
  avatar: null,
  bio: "Salsa on Sundays",
  createdAt: "2026-01-05T10:00:00+00:00",
  followingCount: 2,
};

const following = [
  { _id: "1", username: "salsa_sam", displayName: "Sam" },
  { _id: "2", username: "tango_tia", displayName: null },
];

const NO_UPLOADS: OwnUploads = { newest: [], total: 0 };

let rendered: Rendered | null = null;

function mount(profile: PublicProfile, isOwn: boolean, uploads: OwnUploads | null = isOwn ? NO_UPLOADS : null): HTMLElement {
  rendered = render(<Profile profile={profile} isOwn={isOwn} uploads={uploads} />);
  return rendered.container;
}

function serve(routes: Parameters<typeof routedFetch>[0]) {
  const fake = routedFetch(routes);
  vi.stubGlobal("fetch", vi.fn(fake.fetch));
  return fake.calls;
}

function panel(container: HTMLElement, label: string): HTMLElement {
  click(buttonNamed(container, label));
  const tab = Array.from(container.querySelectorAll('[role="tab"]')).find((element) => element.textContent === label);
  const element = document.getElementById(tab?.getAttribute("aria-controls") ?? "");
  if (!element || element.hidden) throw new Error(`The ${label} panel is not shown`);
  return element;
}

function alertIn(container: HTMLElement): string | null {
  return container.querySelector(".alert-error, .alert-success")?.textContent ?? null;
}

beforeEach(() => {
  page.user = account;
  page.csrfToken = "csrf-1";
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.mocked(goTo).mockClear();
  localStorage.clear();
});

describe("someone else's profile", () => {
  it("shows the header only, with the followed creators and no Unfollow", () => {
    const container = mount(
      { username: "salsa_queen", bio: "Dancing daily", createdAt: "2025-03-09T00:00:00+00:00", followingCount: 2, following },
      false,
    );
    expect(container.querySelector("h1")?.textContent).toBe("salsa_queen");
    expect(container.textContent).toContain("Joined March 9, 2025");
    expect(container.textContent).toContain("Dancing daily");
    expect(container.querySelector(".avatar")?.textContent).toBe("S");
    expect(container.querySelector('[role="tablist"]')).toBeNull();

    const toggle = buttonNamed(container, "2 following");
    click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const links = Array.from(container.querySelectorAll<HTMLAnchorElement>(".following-link"));
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/user/salsa_sam", "/user/tango_tia"]);
    expect(container.querySelectorAll(".following-unfollow")).toHaveLength(0);

    pressKey(document, "Escape");
    expect(container.querySelector(".following-panel")).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("shows only the username of a private profile", () => {
    const container = mount({ username: "shy_one", isPrivate: true }, false);
    expect(container.querySelector("h1")?.textContent).toBe("shy_one");
    expect(container.textContent).not.toContain("following");
    expect(container.textContent).not.toContain("Joined");
  });

  it("says when nobody is followed", () => {
    const container = mount({ username: "newbie", createdAt: "2026-01-05T00:00:00+00:00", following: [] }, false);
    click(buttonNamed(container, "0 following"));
    expect(container.textContent).toContain("Not following anyone yet");
  });
});

describe("own profile header", () => {
  it("loads the following list when opened and unfollows, counting down", async () => {
    const calls = serve({
      "GET /api/tiktok/following-list": () => jsonResponse({ followingUsers: following }),
      "POST /api/tiktok/toggle-follow": () => jsonResponse({ isFollowing: false, subscribedTo: ["tango_tia"] }),
    });
    localStorage.setItem("token", "bearer-1");
    const container = mount(ownProfile, true);
    click(buttonNamed(container, "2 following"));
    expect(container.textContent).toContain("Loading...");
    await waitFor(() => expect(buttonNamed(container, "Unfollow salsa_sam")).toBeTruthy());

    click(buttonNamed(container, "Unfollow salsa_sam"));
    await waitFor(() => expect(buttonNamed(container, "1 following")).toBeTruthy());
    expect(() => buttonNamed(container, "Unfollow salsa_sam")).toThrow();
    const toggle = calls.find((call) => call.url === "/api/tiktok/toggle-follow");
    expect(toggle?.body).toEqual({ username: "salsa_sam" });
    expect(toggle?.headers.Authorization).toBe("Bearer bearer-1");
  });

  it("only logs a failed unfollow", async () => {
    serve({
      "GET /api/tiktok/following-list": () => jsonResponse({ followingUsers: following }),
      "POST /api/tiktok/toggle-follow": () => jsonResponse({ message: "down" }, 500),
    });
    const container = mount(ownProfile, true);
    click(buttonNamed(container, "2 following"));
    await waitFor(() => buttonNamed(container, "Unfollow salsa_sam"));
    click(buttonNamed(container, "Unfollow salsa_sam"));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    await waitFor(() => expect(buttonNamed(container, "Unfollow salsa_sam").disabled).toBe(false));
    expect(buttonNamed(container, "2 following")).toBeTruthy();
  });
});

describe("own uploads", () => {
  it("lists the owner's uploads as pending review, under the header and above the account sections", () => {
    const uploads: OwnUploads = {
      newest: [{ title: "Friday routine", fileName: "routine.mp4", uploadedAt: "2026-01-05T10:00:00+00:00", status: "pending" }],
      total: 21,
    };
    const container = mount(ownProfile, true, uploads);
    const section = container.querySelector<HTMLElement>("#uploads")!;
    expect(section.textContent).toContain("Friday routine");
    expect(section.textContent).toContain("routine.mp4 · Uploaded January 5, 2026");
    expect(section.querySelector(".status-badge")?.textContent).toBe("Pending review");
    expect(section.textContent).toContain("The newest 1 of your 21 uploads.");
    expect(section.compareDocumentPosition(container.querySelector(".account-menu")!)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("shows no section without uploads", () => {
    expect(mount(ownProfile, true).querySelector("#uploads")).toBeNull();
  });
});

describe("account sections", () => {
  it("shows the spec's six sections and Your Data as tabs, moved through with the arrow keys", () => {
    const container = mount(ownProfile, true);
    const tabs = Array.from(container.querySelectorAll<HTMLElement>('[role="tab"]'));
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Account Details",
      "Password & Security",
      "Privacy",
      "Change Username",
      "Your Data",
      "Delete Account",
      "Log Out",
    ]);
    expect(tabs[0]?.getAttribute("aria-selected")).toBe("true");
    tabs[0]?.focus();
    pressKey(tabs[0] as HTMLElement, "ArrowDown");
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true");
    pressKey(tabs[1] as HTMLElement, "End");
    expect(document.activeElement).toBe(tabs[tabs.length - 1]);
  });

  it("saves the bio, showing the spec's texts", async () => {
    const calls = serve({
      "PUT /api/auth/profile": () =>
        jsonResponse({ success: true, message: "Profile updated successfully!", user: { ...account, bio: "Bachata too" } }),
    });
    const container = mount(ownProfile, true);
    const details = panel(container, "Account Details");
    expect(labelled(details, "Username").readOnly).toBe(true);
    expect(labelled(details, "Email").value).toBe("dancer@example.com");
    changeValue(controlLabelled<HTMLTextAreaElement>(details, "Bio"), "Bachata too");
    click(buttonNamed(details, "Save Changes"));

    await waitFor(() => expect(alertIn(details)).toBe("Profile updated successfully!"));
    expect(calls[0]?.body).toEqual({ username: "dancer", email: "dancer@example.com", bio: "Bachata too" });
    expect(container.querySelector(".profile-bio")?.textContent).toBe("Bachata too");
  });

  it("says under the e-mail which new address waits for its link, and cancels it in place", async () => {
    page.user = { ...account, pendingEmail: "new@example.com" };
    const calls = serve({
      "DELETE /api/auth/email-change": () => jsonResponse({ success: true, message: "E-mail change cancelled", user: account }),
    });
    const details = panel(mount(ownProfile, true), "Account Details");
    expect(details.textContent).toContain("new@example.com is used once you open the link we sent to it.");
    click(buttonNamed(details, "Cancel the e-mail change"));
    await waitFor(() => expect(alertIn(details)).toBe("E-mail change cancelled"));
    expect(calls).toHaveLength(1);
    expect(details.textContent).not.toContain("new@example.com");
    expect(() => buttonNamed(details, "Cancel the e-mail change")).toThrow('No button named "Cancel the e-mail change"');
  });

  it("shows the server's message, else 'Failed to update profile'", async () => {
    serve({ "PUT /api/auth/profile": () => jsonResponse({ success: false, message: "Bio must be at most 500 characters long" }, 400) });
    const container = mount(ownProfile, true);
    const details = panel(container, "Account Details");
    click(buttonNamed(details, "Save Changes"));
    await waitFor(() => expect(alertIn(details)).toBe("Bio must be at most 500 characters long"));

    serve({ "PUT /api/auth/profile": () => new Response("", { status: 502 }) });
    click(buttonNamed(details, "Save Changes"));
    await waitFor(() => expect(alertIn(details)).toBe("Failed to update profile"));
  });
});

describe("password & security", () => {
  function fill(section: HTMLElement, current: string, next: string, confirm: string) {
    typeInto(labelled(section, "Current Password"), current);
    typeInto(labelled(section, "New Password"), next);
    typeInto(labelled(section, "Confirm New Password"), confirm);
  }

  it("checks the fields before calling the server", () => {
    const calls = serve({});
    const container = mount(ownProfile, true);
    const security = panel(container, "Password & Security");
    fill(security, "old-secret", "12345", "12346");
    submit(security.querySelector("form") as HTMLFormElement);
    expect(security.textContent).toContain("New password must be at least 6 characters long");
    expect(security.textContent).toContain("New passwords do not match");
    fill(security, "", "", "");
    expect(security.textContent).toContain("Current password is required");
    expect(calls).toHaveLength(0);
  });

  it("changes the password, clears the form and keeps this browser signed in", async () => {
    const calls = serve({
      "PUT /api/auth/password": () =>
        jsonResponse({ success: true, message: "Password updated successfully!", user: account, token: "tok-2", csrfToken: "csrf-2" }),
      "PUT /api/auth/profile": () => jsonResponse({ success: true, user: account }),
    });
    const container = mount(ownProfile, true);
    const security = panel(container, "Password & Security");
    fill(security, "old-secret", "new-secret", "new-secret");
    click(buttonNamed(security, "Change Password"));

    await waitFor(() => expect(alertIn(security)).toBe("Password updated successfully!"));
    expect(calls[0]?.body).toEqual({ currentPassword: "old-secret", newPassword: "new-secret" });
    expect(labelled(security, "Current Password").value).toBe("");
    expect(labelled(security, "New Password").value).toBe("");
    expect(localStorage.getItem("token")).toBe("tok-2");

    const details = panel(container, "Account Details");
    click(buttonNamed(details, "Save Changes"));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.headers["X-CSRFToken"]).toBe("csrf-2");
  });

  it("shows the server's message, else 'Failed to update password'", async () => {
    serve({
      "PUT /api/auth/password": () =>
        jsonResponse({ success: false, message: "Current password is incorrect", errors: { currentPassword: "Current password is incorrect" } }, 400),
    });
    const container = mount(ownProfile, true);
    const security = panel(container, "Password & Security");
    fill(security, "wrong", "new-secret", "new-secret");
    click(buttonNamed(security, "Change Password"));
    await waitFor(() => expect(labelled(security, "Current Password").getAttribute("aria-invalid")).toBe("true"));
    expect(security.querySelector(".field-error")?.textContent).toBe("Current password is incorrect");
    expect(alertIn(security)).toBeNull(); // said once, beside its field

    serve({ "PUT /api/auth/password": () => new Response("", { status: 500 }) });
    typeInto(labelled(security, "Current Password"), "again");
    click(buttonNamed(security, "Change Password"));
    await waitFor(() => expect(alertIn(security)).toBe("Failed to update password"));
  });
});

describe("privacy", () => {
  it("saves visibility and e-mail notifications", async () => {
    const calls = serve({
      "PUT /api/auth/privacy": () =>
        jsonResponse({ success: true, message: "Privacy settings saved", user: { ...account, profileVisibility: "friends" } }),
    });
    const container = mount(ownProfile, true);
    const privacy = panel(container, "Privacy");
    const visibility = controlLabelled<HTMLSelectElement>(privacy, "Profile Visibility");
    expect(Array.from(visibility.options).map((option) => option.textContent)).toEqual(["Public", "Private", "Friends Only"]);
    const notifications = privacy.querySelector<HTMLInputElement>('input[name="emailNotifications"]');
    expect(notifications?.checked).toBe(true);

    changeValue(visibility, "friends");
    click(notifications as HTMLInputElement);
    click(buttonNamed(privacy, "Save Privacy Settings"));
    await waitFor(() => expect(alertIn(privacy)).toBe("Privacy settings saved"));
    expect(calls[0]?.body).toEqual({ profileVisibility: "friends", emailNotifications: false });
  });
});

describe("two-factor sign-in", () => {
  const setup = { secret: "JBSWY3DPEHPK3PXP", otpauthUrl: "otpauth://totp/Danza:dancer", qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' };
  const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

  it("enables with a code and the password, shows the recovery codes once, then disables with the password", async () => {
    const calls = serve({
      "POST /api/auth/2fa/setup": () => jsonResponse(setup),
      "POST /api/auth/2fa/enable": () => jsonResponse({ success: true, message: "Two-factor authentication enabled", recoveryCodes }),
      "POST /api/auth/2fa/disable": () => jsonResponse({ success: true, message: "Two-factor authentication disabled" }),
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const container = mount(ownProfile, true);
    const privacy = panel(container, "Privacy");
    click(buttonNamed(privacy, "Enable"));

    await waitFor(() => expect(privacy.querySelector("img.two-factor-qr")).not.toBeNull());
    const qr = privacy.querySelector<HTMLImageElement>("img.two-factor-qr");
    expect(qr?.getAttribute("src")).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`);
    expect(privacy.querySelector("svg rect")).toBeNull();
    expect(privacy.textContent).toContain("JBSW Y3DP EHPK 3PXP");

    typeInto(labelled(privacy, "Authentication Code"), "12");
    click(buttonNamed(privacy, "Verify and Enable"));
    expect(privacy.textContent).toContain("Enter the 6-digit code from your authenticator app");
    expect(privacy.textContent).toContain("Password is required");
    expect(document.activeElement).toBe(labelled(privacy, "Authentication Code"));
    typeInto(labelled(privacy, "Authentication Code"), "123 456");
    click(buttonNamed(privacy, "Verify and Enable"));
    expect(document.activeElement).toBe(labelled(privacy, "Password"));
    expect(labelled(privacy, "Password").type).toBe("password");
    click(buttonNamed(privacy, "Show password"));
    expect(labelled(privacy, "Password").type).toBe("text");
    expect(calls.filter((call) => call.url === "/api/auth/2fa/enable")).toHaveLength(0);
    typeInto(labelled(privacy, "Password"), "secret123");
    click(buttonNamed(privacy, "Verify and Enable"));
    await waitFor(() => expect(privacy.querySelectorAll(".recovery-codes li")).toHaveLength(10));
    expect(calls.find((call) => call.url === "/api/auth/2fa/enable")?.body).toEqual({ code: "123456", password: "secret123" });

    click(buttonNamed(privacy, "Copy Codes"));
    await waitFor(() => expect(buttonNamed(privacy, "Copied!")).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(recoveryCodes.join("\n"));

    click(buttonNamed(privacy, "Done"));
    expect(privacy.querySelector(".recovery-codes")).toBeNull();
    click(buttonNamed(privacy, "Disable"));
    typeInto(labelled(privacy, "Password"), "secret123");
    click(buttonNamed(privacy, "Disable Two-Factor"));
    await waitFor(() => expect(buttonNamed(privacy, "Enable")).toBeTruthy());
    expect(calls.find((call) => call.url === "/api/auth/2fa/disable")?.body).toEqual({ password: "secret123" });
  });

  it("shows 'Invalid code' from the server", async () => {
    serve({
      "POST /api/auth/2fa/setup": () => jsonResponse(setup),
      "POST /api/auth/2fa/enable": () => jsonResponse({ success: false, message: "Invalid code" }, 400),
    });
    const container = mount(ownProfile, true);
    const privacy = panel(container, "Privacy");
    click(buttonNamed(privacy, "Enable"));
    await waitFor(() => labelled(privacy, "Authentication Code"));
    typeInto(labelled(privacy, "Authentication Code"), "000000");
    typeInto(labelled(privacy, "Password"), "secret123");
    click(buttonNamed(privacy, "Verify and Enable"));
    await waitFor(() => expect(privacy.querySelector(".two-factor-step .alert-error")?.textContent).toBe("Invalid code"));
  });

  it("shows the server's field errors for the code and the password next to them", async () => {
    let answer = jsonResponse({ success: false, message: "Password is incorrect", errors: { password: "Password is incorrect" } }, 400);
    serve({
      "POST /api/auth/2fa/setup": () => jsonResponse(setup),
      "POST /api/auth/2fa/enable": () => answer,
    });
    const container = mount(ownProfile, true);
    const privacy = panel(container, "Privacy");
    click(buttonNamed(privacy, "Enable"));
    await waitFor(() => labelled(privacy, "Authentication Code"));
    typeInto(labelled(privacy, "Authentication Code"), "123456");
    typeInto(labelled(privacy, "Password"), "not-it");
    click(buttonNamed(privacy, "Verify and Enable"));
    await waitFor(() => expect(labelled(privacy, "Password").getAttribute("aria-invalid")).toBe("true"));
    expect(privacy.querySelector(".two-factor-step .field-error")?.textContent).toBe("Password is incorrect");
    expect(labelled(privacy, "Authentication Code").getAttribute("aria-invalid")).toBeNull();
    expect(privacy.querySelector(".two-factor-step .alert-error")).toBeNull();

    answer = jsonResponse({ success: false, message: "Invalid code", errors: { code: "Invalid code" } }, 400);
    typeInto(labelled(privacy, "Password"), "secret123");
    expect(labelled(privacy, "Password").getAttribute("aria-invalid")).toBeNull();
    click(buttonNamed(privacy, "Verify and Enable"));
    await waitFor(() => expect(labelled(privacy, "Authentication Code").getAttribute("aria-invalid")).toBe("true"));
    expect(privacy.querySelector(".two-factor-step .field-error")?.textContent).toBe("Invalid code");
    expect(privacy.querySelector(".two-factor-step .alert-error")).toBeNull(); // said once, under its field
  });

  it("shows a wrong password when disabling next to its field", async () => {
    page.user = { ...account, twoFactorEnabled: true };
    serve({
      "POST /api/auth/2fa/disable": () =>
        jsonResponse({ success: false, message: "Password is incorrect", errors: { password: "Password is incorrect" } }, 400),
    });
    const container = mount(ownProfile, true);
    const privacy = panel(container, "Privacy");
    click(buttonNamed(privacy, "Disable"));
    typeInto(labelled(privacy, "Password"), "not-it");
    click(buttonNamed(privacy, "Disable Two-Factor"));
    await waitFor(() => expect(labelled(privacy, "Password").getAttribute("aria-invalid")).toBe("true"));
    expect(privacy.querySelector(".two-factor-step .field-error")?.textContent).toBe("Password is incorrect");
    expect(privacy.querySelector(".two-factor-step .alert-error")).toBeNull();
  });
});

describe("change username", () => {
  it("checks availability after typing and moves to the new profile address", async () => {
    const calls = serve({
      "GET /api/auth/check-username?username=taken_one": () => jsonResponse({ exists: true }),
      "GET /api/auth/check-username?username=dancer_pro": () => jsonResponse({ exists: false }),
      "PUT /api/auth/profile": () => jsonResponse({ success: true, user: { ...account, username: "dancer_pro" } }),
    });
    const container = mount(ownProfile, true);
    const section = panel(container, "Change Username");
    expect(labelled(section, "Current Username").value).toBe("dancer");
    expect(section.textContent).toContain("followers may be affected");
    expect(section.textContent).toContain("/profile/new_username"); // an example, in the page's language, until one is typed

    const input = labelled(section, "New Username");
    typeInto(input, "bad name");
    expect(section.textContent).toContain("Username cannot contain spaces");
    typeInto(input, "taken_one");
    await waitFor(() => expect(section.textContent).toContain("Username already exists"));
    click(buttonNamed(section, "Change Username"));
    expect(alertIn(section)).toBe("Please fix username errors before submitting");

    typeInto(input, "dancer_pro");
    await waitFor(() => expect(section.textContent).toContain("Username is available"));
    expect(section.textContent).toContain("/profile/dancer_pro");
    click(buttonNamed(section, "Change Username"));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/profile/dancer_pro"));
    expect(takeCarriedNotice()).toEqual({ text: "Your username is now @dancer_pro." });
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      username: "dancer_pro",
      email: "dancer@example.com",
      bio: "Salsa on Sundays",
    });
  });
});

describe("delete account", () => {
  function deletionDialog(): HTMLElement {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error("No deletion dialog");
    return dialog;
  }

  it("unlocks the button only for DELETE, asks for the password, deletes and leaves", async () => {
    const calls = serve({ "DELETE /api/auth/account": () => jsonResponse({ success: true, message: "Account deleted" }) });
    localStorage.setItem("token", "tok");
    const container = mount(ownProfile, true);
    const section = panel(container, "Delete Account");
    expect(section.textContent).toContain("cannot be undone");
    const button = buttonNamed(section, "Permanently Delete Account");
    expect(button.disabled).toBe(true);
    typeInto(labelled(section, "Type DELETE to confirm"), "delete");
    expect(button.disabled).toBe(true);
    typeInto(labelled(section, "Type DELETE to confirm"), "DELETE");
    expect(button.disabled).toBe(false);

    click(button);
    expect(deletionDialog().textContent).toContain("Are you sure you want to delete your account? This action cannot be undone.");
    click(buttonNamed(deletionDialog(), "Cancel"));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(calls).toHaveLength(0);

    submit(section.querySelector("form") as HTMLFormElement);
    const password = labelled(deletionDialog(), "Password");
    expect(password.value).toBe("");
    expect(document.activeElement).toBe(password);
    typeInto(password, "secret123");
    click(buttonNamed(deletionDialog(), "Delete My Account"));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
    expect(calls[0]).toMatchObject({ method: "DELETE", url: "/api/auth/account", body: { password: "secret123" } });
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("stays with the password's error and the server's message, else 'Failed to delete account'", async () => {
    let answer = jsonResponse({ success: false, message: "Password is required", errors: { password: "Password is required" } }, 400);
    serve({ "DELETE /api/auth/account": () => answer });
    const container = mount(ownProfile, true);
    const section = panel(container, "Delete Account");
    typeInto(labelled(section, "Type DELETE to confirm"), "DELETE");
    click(buttonNamed(section, "Permanently Delete Account"));
    const dialog = deletionDialog();
    typeInto(labelled(dialog, "Password"), "   ");
    click(buttonNamed(dialog, "Delete My Account"));
    await waitFor(() => expect(dialog.querySelector(".field-error")?.textContent).toBe("Password is required"));
    expect(labelled(dialog, "Password").getAttribute("aria-invalid")).toBe("true");

    answer = new Response("", { status: 500 });
    typeInto(labelled(dialog, "Password"), "secret123");
    expect(dialog.querySelector(".field-error")).toBeNull();
    click(buttonNamed(dialog, "Delete My Account"));
    await waitFor(() => expect(alertIn(dialog)).toBe("Failed to delete account"));
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe("log out", () => {
  it("signs out of every device and goes home", async () => {
    const calls = serve({ "POST /api/auth/logout-all": () => jsonResponse({ success: true, message: "Logged out of all devices" }) });
    localStorage.setItem("token", "tok");
    localStorage.setItem("cachedUser", "{}");
    const container = mount(ownProfile, true);
    const section = panel(container, "Log Out");
    click(buttonNamed(section, "Log Out"));
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
    expect(calls[0]?.url).toBe("/api/auth/logout-all");
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("cachedUser")).toBeNull();
  });
});
