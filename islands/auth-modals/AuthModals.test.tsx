// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onAppEvent, requestAuth } from "../lib/events";
import { goTo, reloadPage } from "../lib/navigation";
import { rememberAuthRedirect } from "../lib/storage";
import { buttonNamed, click, jsonResponse, labelled, pressKey, render, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import AuthModals from "./index";

vi.mock("../lib/navigation", () => ({
  goTo: vi.fn(),
  replaceWith: vi.fn(),
  reloadPage: vi.fn(),
  currentPathAndSearch: () => "/",
}));

type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

let rendered: Rendered | null = null;
let respond: Responder = () => jsonResponse({}, 500);
// A visitor's page carries no CSRF token: the first write asks for one.
const fetchMock = vi.fn((url: string, init: RequestInit) =>
  Promise.resolve(url === "/api/auth/csrf" ? jsonResponse({ csrfToken: "csrf-fetched" }) : respond(url, init)),
);

function writes() {
  return fetchMock.mock.calls.filter(([url]) => url !== "/api/auth/csrf");
}

function mount(): Rendered {
  rendered = render(<AuthModals brand="Danza" />);
  return rendered;
}

function dialog(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!element) throw new Error("Dialog is not open");
  return element;
}

function ask(mode: "login" | "register"): void {
  act(() => requestAuth(mode));
}

function openDialog(mode: "login" | "register"): HTMLElement {
  mount();
  ask(mode);
  return dialog();
}

function form(): HTMLFormElement {
  const element = dialog().querySelector("form");
  if (!element) throw new Error("No form");
  return element;
}

function alertText(): string | null {
  return dialog().querySelector('.alert.alert-error[role="alert"]')?.textContent ?? null;
}

function errorFor(input: HTMLInputElement): string | null {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains("field-error"));
  return error?.textContent ?? null;
}

function requestsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => url.startsWith(path));
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  window.history.replaceState(null, "", "/");
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  fetchMock.mockClear();
  vi.mocked(goTo).mockClear();
  vi.mocked(reloadPage).mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe("dialog", () => {
  it("opens on app:open-auth as a labelled modal dialog with focus inside", () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const element = openDialog("login");

    expect(element.getAttribute("aria-modal")).toBe("true");
    const title = document.getElementById(element.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe("Login to Danza");
    expect(element.textContent).toContain("Welcome back");
    expect(document.activeElement).toBe(labelled(element, "Email"));

    pressKey(document, "Escape");
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it("closes with the Close button and on a backdrop click, not on a click inside", () => {
    openDialog("login");
    click(labelled(dialog(), "Email"));
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    click(dialog().parentElement as HTMLElement);
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    ask("login");
    click(buttonNamed(dialog(), "Close"));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("switches between the login and register views", () => {
    openDialog("login");
    click(buttonNamed(dialog(), "Sign up"));
    expect(dialog().textContent).toContain("Create your account");
    expect(buttonNamed(dialog(), "Register").getAttribute("aria-pressed")).toBe("true");
    click(buttonNamed(dialog(), "Sign in"));
    expect(dialog().textContent).toContain("Welcome back");
  });

  it("opens for ?login=1, remembers a safe next path and cleans the address bar", () => {
    window.history.replaceState(null, "", "/?login=1&next=%2Fdeveloper-portal&tab=x");
    mount();
    expect(dialog().textContent).toContain("Welcome back");
    expect(sessionStorage.getItem("authRedirect")).toBe("/developer-portal");
    expect(window.location.pathname + window.location.search).toBe("/?tab=x");
  });

  it("ignores an unsafe next path", () => {
    window.history.replaceState(null, "", "/?login=1&next=%2F%2Fevil.example");
    mount();
    expect(dialog()).toBeTruthy();
    expect(sessionStorage.getItem("authRedirect")).toBeNull();
  });

  it("honours a request made before the island mounted", () => {
    requestAuth("register");
    mount();
    expect(dialog().textContent).toContain("Create your account");
  });
});

describe("login", () => {
  it("shows required-field errors on submit and clears them as the user fixes them", () => {
    openDialog("login");
    submit(form());
    const email = labelled(dialog(), "Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(errorFor(email)).toBe("Email is required");
    expect(errorFor(labelled(dialog(), "Password"))).toBe("Password is required");
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();

    typeInto(email, "fan@example.com");
    expect(email.getAttribute("aria-invalid")).toBeNull();
    expect(errorFor(email)).toBeNull();
  });

  it("toggles password visibility", () => {
    openDialog("login");
    const password = labelled(dialog(), "Password");
    expect(password.type).toBe("password");
    click(buttonNamed(dialog(), "Show password"));
    expect(password.type).toBe("text");
    click(buttonNamed(dialog(), "Hide password"));
    expect(password.type).toBe("password");
  });

  it("sends a password reset link to the typed address", async () => {
    const sent = "If an account exists for that e-mail address, we have sent a link to reset its password.";
    respond = () => jsonResponse({ success: true, message: sent });
    openDialog("login");
    expect(dialog().querySelector(".auth-forgot-help")).toBeNull();
    typeInto(labelled(dialog(), "Email"), "fan@example.com");
    click(buttonNamed(dialog(), "Forgot password?"));
    expect(labelled(dialog(), "Send a reset link to").value).toBe("fan@example.com");
    click(buttonNamed(dialog(), "Send link"));

    await waitFor(() => expect(dialog().querySelector(".auth-forgot-help [role=status]")?.textContent).toBe(sent));
    const [url, init] = requestsTo("/api/auth/forgot-password")[0] ?? [];
    expect(url).toBe("/api/auth/forgot-password");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "fan@example.com" });
    expect(requestsTo("/api/auth/login")).toHaveLength(0);
  });

  it("says what is wrong with a reset address that is not one, and sends nothing", () => {
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "not-an-email");
    click(buttonNamed(dialog(), "Forgot password?"));
    click(buttonNamed(dialog(), "Send link"));

    const status = dialog().querySelector(".auth-forgot-help [role=status]");
    expect(status?.textContent).toBe("Please enter a valid email address");
    expect(status?.className).toBe("field-error");
    expect(requestsTo("/api/auth/forgot-password")).toHaveLength(0);
  });

  it("asks for the authentication code when the account has two-factor sign-in", async () => {
    const prompt = "Enter the 6-digit code from your authenticator app";
    respond = (_url, init) =>
      JSON.parse(String(init.body)).code === "123456"
        ? jsonResponse({ user: { username: "fan" }, token: "tok" })
        : jsonResponse({ success: false, twoFactorRequired: true, message: prompt }, 401);
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan@example.com");
    typeInto(labelled(dialog(), "Password"), "secret-1");
    submit(form());

    await waitFor(() => expect(labelled(dialog(), "Authentication code")).toBeTruthy());
    const code = labelled(dialog(), "Authentication code");
    // The right password's next step, asked under the code's field: not an error.
    expect(document.getElementById(code.getAttribute("aria-describedby") ?? "")?.textContent).toBe(prompt);
    expect(dialog().querySelector("[role=alert]")).toBeNull();
    typeInto(labelled(dialog(), "Email"), "fan@example.com");
    typeInto(code, "654321");
    submit(form());
    await waitFor(() => expect(alertText()).toBe(prompt)); // a wrong code is a failure
    typeInto(labelled(dialog(), "Authentication code"), "123456");
    submit(form());
    await waitFor(() => expect(requestsTo("/api/auth/login")).toHaveLength(3));
    expect(JSON.parse(String(requestsTo("/api/auth/login")[2]?.[1].body)).code).toBe("123456");
  });

  it("shows the server's message and field errors when sign-in fails", async () => {
    respond = () =>
      jsonResponse({ success: false, message: "Invalid email or password", errors: { password: "Wrong password" } }, 401);
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan@example.com");
    typeInto(labelled(dialog(), "Password"), "nope-1");
    submit(form());
    expect(buttonNamed(dialog(), "Signing In...").disabled).toBe(true);

    await waitFor(() => expect(alertText()).toBe("Invalid email or password"));
    expect(errorFor(labelled(dialog(), "Password"))).toBe("Wrong password");
    expect(buttonNamed(dialog(), "Sign In").disabled).toBe(false);
    const [url, init] = writes()[0] ?? [];
    expect(url).toBe("/api/auth/login");
    expect((init?.headers as Record<string, string>)["X-CSRFToken"]).toBe("csrf-fetched");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "fan@example.com", password: "nope-1", remember: false });
  });

  it("falls back to 'Login failed' without a server message", async () => {
    respond = () => new Response("", { status: 500 });
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan2@example.com");
    typeInto(labelled(dialog(), "Password"), "secret");
    submit(form());
    await waitFor(() => expect(alertText()).toBe("Login failed"));
  });

  it("stores the token and user, announces the sign-in and reloads", async () => {
    const user = { _id: "1", username: "fan", email: "fan@example.com", role: "user" };
    respond = () => jsonResponse({ user, token: "tok-9" });
    const announced = vi.fn();
    const stop = onAppEvent("app:auth-changed", announced);
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan3@example.com");
    typeInto(labelled(dialog(), "Password"), "secret");
    click(dialog().querySelector('input[type="checkbox"]') as HTMLInputElement);
    submit(form());

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem("token")).toBe("tok-9");
    expect(JSON.parse(localStorage.getItem("cachedUser") ?? "null")).toEqual(user);
    expect(announced).toHaveBeenCalledWith({ user }, expect.anything());
    expect(JSON.parse(String(writes()[0]?.[1].body)).remember).toBe(true);
    stop();
  });

  it("goes to the remembered page instead of reloading", async () => {
    rememberAuthRedirect("/following?tab=all");
    respond = () => jsonResponse({ user: { username: "fan" }, token: "tok" });
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan4@example.com");
    typeInto(labelled(dialog(), "Password"), "secret");
    submit(form());
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/following?tab=all"));
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe("signing in on the sign-in page", () => {
  function signInThere(referrer: string) {
    window.history.replaceState(null, "", "/login");
    Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
    respond = () => jsonResponse({ user: { username: "fan" }, token: "tok" });
    openDialog("login");
    typeInto(labelled(dialog(), "Email"), "fan5@example.com");
    typeInto(labelled(dialog(), "Password"), "secret");
    submit(form());
  }

  afterEach(() => {
    Object.defineProperty(document, "referrer", { value: "", configurable: true });
    window.history.replaceState(null, "", "/");
  });

  it("returns to the page of this site the visitor came from, rather than saying 'You're signed in'", async () => {
    signInThere(`${window.location.origin}/dance-trends?search=hoa`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/dance-trends?search=hoa"));
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("goes home when the visitor came from another site", async () => {
    signInThere("https://elsewhere.example/dance-trends");
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
  });

  it("goes home from a page of this site whose path would lead to another site", async () => {
    signInThere(`${window.location.origin}//evil.example/x`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
  });

  it("goes home when the visitor came from the other sign-in page", async () => {
    signInThere(`${window.location.origin}/register`);
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"));
  });
});

describe("register", () => {
  function fillValidRegistration(username: string) {
    typeInto(labelled(dialog(), "Username"), username);
    typeInto(labelled(dialog(), "Email"), `${username}@example.com`);
    typeInto(labelled(dialog(), "Password"), "secret1");
    typeInto(labelled(dialog(), "Confirm Password"), "secret1");
  }

  it("reports bad username characters while typing", () => {
    openDialog("register");
    const username = labelled(dialog(), "Username");
    typeInto(username, "bad name");
    expect(errorFor(username)).toBe("Username cannot contain spaces");
    typeInto(username, "bad!");
    expect(errorFor(username)).toBe("Username can only contain letters, numbers, and underscores");
    typeInto(username, "ok");
    expect(errorFor(username)).toBeNull();
    submit(form());
    expect(errorFor(username)).toBe("Username must be at least 3 characters long");
  });

  it("shows mismatched and short passwords on submit", () => {
    openDialog("register");
    typeInto(labelled(dialog(), "Password"), "12345");
    typeInto(labelled(dialog(), "Confirm Password"), "12344");
    submit(form());
    expect(errorFor(labelled(dialog(), "Password"))).toBe("Password must be at least 6 characters long");
    expect(errorFor(labelled(dialog(), "Confirm Password"))).toBe("Passwords do not match");
  });

  it("checks availability 500 ms after typing and blocks a taken username", async () => {
    respond = (url) =>
      url.startsWith("/api/auth/check-username") ? jsonResponse({ exists: true }) : jsonResponse({}, 500);
    openDialog("register");
    fillValidRegistration("taken_name");
    expect(requestsTo("/api/auth/check-username")).toHaveLength(0);

    await waitFor(() => expect(errorFor(labelled(dialog(), "Username"))).toBe("Username already exists"));
    expect(requestsTo("/api/auth/check-username").map(([url]) => url)).toEqual([
      "/api/auth/check-username?username=taken_name",
    ]);
    submit(form());
    expect(alertText()).toBe("Please fix username errors before submitting");
    expect(requestsTo("/api/auth/register")).toHaveLength(0);
  });

  it("takes the refusal away as soon as another name is typed, while that name is still being checked", async () => {
    respond = (url) =>
      url.startsWith("/api/auth/check-username") ? jsonResponse({ exists: url.endsWith("taken_name") }) : jsonResponse({}, 500);
    openDialog("register");
    fillValidRegistration("taken_name");
    await waitFor(() => expect(errorFor(labelled(dialog(), "Username"))).toBe("Username already exists"));
    submit(form());
    expect(alertText()).toBe("Please fix username errors before submitting");
    typeInto(labelled(dialog(), "Username"), "other_name");
    expect(alertText()).toBeNull();
    await waitFor(() => expect(dialog().querySelector(".field-ok")?.textContent).toBe("Username is available"));
    expect(alertText()).toBeNull();
  });

  it("shows 'Checking availability...' while the check runs, then 'Username is available'", async () => {
    let answer: (response: Response) => void = () => {};
    respond = (url) =>
      url.startsWith("/api/auth/check-username") ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse({}, 500);
    openDialog("register");
    typeInto(labelled(dialog(), "Username"), "free_name");
    submit(form());
    await waitFor(() => expect(dialog().textContent).toContain("Checking availability..."));
    answer(jsonResponse({ exists: false }));
    await waitFor(() => expect(dialog().querySelector(".field-ok")?.textContent).toBe("Username is available"));
  });

  it("sends a submit made before the availability check has finished, rather than swallowing it", async () => {
    const sent = "Almost done! We sent a link to quick_name@example.com.";
    respond = (url) =>
      url.startsWith("/api/auth/check-username")
        ? jsonResponse({ exists: false })
        : jsonResponse({ success: true, pending: true, message: sent }, 202);
    openDialog("register");
    fillValidRegistration("quick_name");
    submit(form());  // an autofilled form sent at once: the check has not answered yet
    expect(alertText()).toBeNull();
    await waitFor(() => expect(requestsTo("/api/auth/register")).toHaveLength(1));
    await waitFor(() => expect(dialog().textContent).toContain(sent));
  });

  it("shows a username the server found taken once, at its field, instead of 'available'", async () => {
    respond = (url) =>
      url.startsWith("/api/auth/check-username")
        ? jsonResponse({ exists: false })
        : jsonResponse({ success: false, message: "Username already exists", errors: { username: "Username already exists" } }, 409);
    openDialog("register");
    fillValidRegistration("new_dancer");
    await waitFor(() => expect(dialog().textContent).toContain("Username is available"));
    submit(form());
    expect(buttonNamed(dialog(), "Creating Account...").disabled).toBe(true);

    await waitFor(() => expect(errorFor(labelled(dialog(), "Username"))).toBe("Username already exists"));
    expect(alertText()).toBeNull();
    expect(dialog().textContent).not.toContain("Username is available");
    expect(document.activeElement).toBe(labelled(dialog(), "Username"));
    expect(buttonNamed(dialog(), "Create Account").disabled).toBe(false);
    const [, init] = requestsTo("/api/auth/register")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      username: "new_dancer",
      email: "new_dancer@example.com",
      password: "secret1",
    });
  });

  it("falls back to 'Registration failed' without a server message, or when the answer is not a pending one", async () => {
    let answer: Response = new Response("", { status: 500 });
    respond = (url) => (url.startsWith("/api/auth/check-username") ? jsonResponse({ exists: false }) : answer);
    openDialog("register");
    fillValidRegistration("quiet_one");
    await waitFor(() => expect(dialog().textContent).toContain("Username is available"));
    submit(form());
    await waitFor(() => expect(alertText()).toBe("Registration failed"));

    answer = jsonResponse({ user: { username: "quiet_one" }, token: "tok" }, 201);
    submit(form());
    await waitFor(() => expect(requestsTo("/api/auth/register")).toHaveLength(2));
    await waitFor(() => expect(buttonNamed(dialog(), "Create Account").disabled).toBe(false));
    expect(alertText()).toBe("Registration failed");
    expect(localStorage.getItem("token")).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  describe("once the link is mailed", () => {
    const sent = "Almost done! We sent a link to brand_new@example.com. Open it within 24 hours to finish creating your account.";

    async function registerPending(): Promise<HTMLElement> {
      respond = (url) =>
        url.startsWith("/api/auth/check-username")
          ? jsonResponse({ exists: false })
          : jsonResponse({ success: true, pending: true, message: sent }, 202);
      openDialog("register");
      fillValidRegistration("brand_new");
      await waitFor(() => expect(dialog().textContent).toContain("Username is available"));
      submit(form());
      await waitFor(() => expect(dialog().querySelector(".auth-sent")).not.toBeNull());
      return dialog().querySelector<HTMLElement>(".auth-sent") as HTMLElement;
    }

    it("replaces the form with 'Check your e-mail' and the server's message, focused and not signed in", async () => {
      const state = await registerPending();
      expect(dialog().querySelector("form")).toBeNull();
      expect(state.tagName).toBe("SECTION");
      expect(document.getElementById(state.getAttribute("aria-labelledby") ?? "")?.textContent).toBe("Check your e-mail");
      expect(document.getElementById(state.getAttribute("aria-describedby") ?? "")?.textContent).toBe(sent);
      expect(document.activeElement).toBe(state);
      expect(localStorage.getItem("token")).toBeNull();
      expect(localStorage.getItem("cachedUser")).toBeNull();
      expect(reloadPage).not.toHaveBeenCalled();
      expect(goTo).not.toHaveBeenCalled();
    });

    it("goes back to sign in", async () => {
      await registerPending();
      click(buttonNamed(dialog(), "Back to sign in"));
      expect(dialog().textContent).toContain("Welcome back");
      expect(document.activeElement).toBe(labelled(dialog(), "Email"));
    });

    it("goes back to the filled form to correct the details", async () => {
      await registerPending();
      click(buttonNamed(dialog(), "correct your details"));
      expect(labelled(dialog(), "Email").value).toBe("brand_new@example.com");
      expect(buttonNamed(dialog(), "Create Account").disabled).toBe(false);
    });
  });
});
