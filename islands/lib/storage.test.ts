// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CACHED_USER_TTL_MS,
  carryNotice,
  clearAuthStorage,
  forgetProfileSearch,
  getCachedUser,
  getToken,
  isSafeRedirectPath,
  rememberAuthRedirect,
  rememberedProfileSearch,
  rememberProfileSearch,
  setCachedUser,
  setToken,
  takeAuthRedirect,
  takeCarriedNotice,
} from "./storage";
import { makeUser } from "../test/users";

const user = makeUser();

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe("token", () => {
  it("stores the token under 'token'", () => {
    setToken("abc");
    expect(localStorage.getItem("token")).toBe("abc");
    expect(getToken()).toBe("abc");
  });
});

describe("cached user", () => {
  it("uses the spec's keys and is valid for 120 s only", () => {
    setCachedUser(user, 1_000_000);
    expect(JSON.parse(localStorage.getItem("cachedUser") ?? "null")).toEqual(user);
    expect(localStorage.getItem("cachedUserTimestamp")).toBe("1000000");
    expect(getCachedUser(1_000_000 + CACHED_USER_TTL_MS - 1)).toEqual(user);
    expect(getCachedUser(1_000_000 + 120_000)).toBeNull();
  });

  it("ignores a corrupt cache", () => {
    localStorage.setItem("cachedUser", "{not json");
    localStorage.setItem("cachedUserTimestamp", String(Date.now()));
    expect(getCachedUser()).toBeNull();
    localStorage.setItem("cachedUser", JSON.stringify(user));
    localStorage.setItem("cachedUserTimestamp", "yesterday");
    expect(getCachedUser()).toBeNull();
  });

  it("clearAuthStorage removes the token and the cached user", () => {
    setToken("abc");
    setCachedUser(user);
    localStorage.setItem("tiktok-player-settings", "{}");
    clearAuthStorage();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("cachedUser")).toBeNull();
    expect(localStorage.getItem("cachedUserTimestamp")).toBeNull();
    expect(localStorage.getItem("tiktok-player-settings")).toBe("{}");
  });

  it("never throws when storage is unavailable", () => {
    const failure = () => {
      throw new DOMException("Blocked", "SecurityError");
    };
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(failure);
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(failure);
    vi.spyOn(Storage.prototype, "removeItem").mockImplementation(failure);
    expect(() => setToken("abc")).not.toThrow();
    expect(getToken()).toBeNull();
    expect(() => setCachedUser(user)).not.toThrow();
    expect(getCachedUser()).toBeNull();
    expect(() => clearAuthStorage()).not.toThrow();
    expect(rememberAuthRedirect("/following")).toBe(true);
    expect(takeAuthRedirect()).toBeNull();
  });
});

describe("auth redirect", () => {
  it.each(["/", "/following", "/developer-portal?tab=reports", "/user/dancer#top"])("accepts %s", (path) => {
    expect(isSafeRedirectPath(path)).toBe(true);
    expect(rememberAuthRedirect(path)).toBe(true);
    expect(sessionStorage.getItem("authRedirect")).toBe(path);
    expect(takeAuthRedirect()).toBe(path);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "following", "", "/\t/evil.example", "/\n/evil.example"])(
    "rejects %j",
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(false);
      expect(rememberAuthRedirect(path)).toBe(false);
      expect(sessionStorage.getItem("authRedirect")).toBeNull();
    },
  );

  it("is taken once", () => {
    rememberAuthRedirect("/settings");
    expect(takeAuthRedirect()).toBe("/settings");
    expect(takeAuthRedirect()).toBeNull();
  });

  it("rejects an unsafe value written to storage by something else", () => {
    sessionStorage.setItem("authRedirect", "//evil.example");
    expect(takeAuthRedirect()).toBeNull();
    expect(sessionStorage.getItem("authRedirect")).toBeNull();
  });
});

describe("carried notice", () => {
  it("is taken once, by the next page", () => {
    carryNotice({ text: "Done.", link: { href: "/profile/dancer#uploads", label: "See your uploads" } });
    expect(takeCarriedNotice()).toEqual({ text: "Done.", link: { href: "/profile/dancer#uploads", label: "See your uploads" } });
    expect(takeCarriedNotice()).toBeNull();
  });

  it("drops a malformed notice or one linking off the site", () => {
    sessionStorage.setItem("pageNotice", "{not json");
    expect(takeCarriedNotice()).toBeNull();
    carryNotice({ text: "Done.", link: { href: "//evil.example", label: "Go" } });
    expect(takeCarriedNotice()).toBeNull();
    sessionStorage.setItem("pageNotice", JSON.stringify({ text: "" }));
    expect(takeCarriedNotice()).toBeNull();
  });
});

describe("profile search under way", () => {
  it("is kept for this tab until it is forgotten", () => {
    rememberProfileSearch({ username: "dnkhaii", startedAt: 1_700_000_000_000 });
    expect(rememberedProfileSearch()).toEqual({ username: "dnkhaii", startedAt: 1_700_000_000_000 });
    expect(rememberedProfileSearch()).toEqual({ username: "dnkhaii", startedAt: 1_700_000_000_000 }); // read, not taken
    forgetProfileSearch();
    expect(rememberedProfileSearch()).toBeNull();
  });

  it("ignores what is not a search", () => {
    for (const raw of ["{not json", JSON.stringify({ username: "", startedAt: 1 }), JSON.stringify({ username: "a" })]) {
      sessionStorage.setItem("profileSearch", raw);
      expect(rememberedProfileSearch()).toBeNull();
    }
  });
});
