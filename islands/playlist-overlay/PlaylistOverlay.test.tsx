// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { onAppEvent, requestPlaylists } from "../lib/events";
import { buttonNamed, click, jsonResponse, labelled, pressKey, render, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import { changeValue, controlLabelled, routedFetch } from "../ui/test-support";
import { formatOfFile } from "./ImportPlaylistForm";
import PlaylistOverlay from "./index";

const page = vi.hoisted(() => ({ user: null as { username: string } | null }));
vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: page.user, csrfToken: "csrf-1", brand: "Danza", playerOrigin: "", playerSettings: null }),
}));

const VIDEO = "7301234567890123456";
const salsa = { _id: "1", name: "Salsa", description: "", isPublic: false, videoCount: 2, createdBy: { username: "dancer" } };
const tango = { _id: "2", name: "Tango", description: "", isPublic: true, videoCount: 1, createdBy: { username: "dancer" } };

let rendered: Rendered | null = null;

function open(videoId = VIDEO): HTMLElement {
  rendered ??= render(<PlaylistOverlay />);
  act(() => requestPlaylists(videoId));
  const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error("The overlay did not open");
  return dialog;
}

function dialog(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!element) throw new Error("The overlay is closed");
  return element;
}

function serve(routes: Parameters<typeof routedFetch>[0]) {
  const fake = routedFetch({
    "GET /api/playlists/my": () => jsonResponse({ playlists: [salsa, tango] }),
    [`GET /api/videos/${VIDEO}/playlists`]: () => jsonResponse({ playlists: [tango] }),
    ...routes,
  });
  vi.stubGlobal("fetch", vi.fn(fake.fetch));
  return fake.calls;
}

beforeEach(() => {
  page.user = { username: "dancer" };
  vi.spyOn(window, "alert").mockImplementation(() => {});
  vi.spyOn(window, "confirm").mockImplementation(() => true);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

describe("visitor", () => {
  it("offers Login, Register and Close, and hands Login to the auth dialog", () => {
    page.user = null;
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const authRequests = vi.fn();
    const stop = onAppEvent("app:open-auth", (detail, event) => {
      event.preventDefault();
      authRequests(detail.mode);
    });

    const element = open();
    expect(document.getElementById(element.getAttribute("aria-labelledby") ?? "")?.textContent).toBe("Add to Playlist");
    buttonNamed(element, "Register");
    click(buttonNamed(element, "Login"));
    expect(authRequests).toHaveBeenCalledWith("login");
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    click(buttonNamed(open(), "Close"));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    stop();
  });
});

describe("signed in", () => {
  it("shows 'Loading playlists...', then Add or Remove by membership", async () => {
    serve({});
    const element = open();
    expect(element.textContent).toContain("Loading playlists...");
    await waitFor(() => expect(buttonNamed(element, "Add to Salsa")).toBeTruthy());
    expect(buttonNamed(element, "Add to Salsa").textContent).toBe("Add");
    expect(buttonNamed(element, "Remove from Tango").textContent).toBe("Remove");
    expect(element.textContent).toContain("Private · 2 videos");
    expect(element.textContent).toContain("Public · 1 video");
  });

  it("says 'No playlists yet' when there are none, and when loading fails (only logged)", async () => {
    serve({ "GET /api/playlists/my": () => jsonResponse({ playlists: [] }), [`GET /api/videos/${VIDEO}/playlists`]: () => jsonResponse({ playlists: [] }) });
    const empty = open();
    await waitFor(() => expect(empty.textContent).toContain("No playlists yet"));
    pressKey(document, "Escape");
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    serve({ "GET /api/playlists/my": () => jsonResponse({ message: "boom" }, 500) });
    const element = open();
    await waitFor(() => expect(element.textContent).toContain("No playlists yet"));
    expect(window.alert).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
  });

  it("adds and removes the video, keeping the server's count, and tells the page", async () => {
    const calls = serve({
      "POST /api/playlists/1/videos": () => jsonResponse({ ...salsa, videoCount: 3 }),
      [`DELETE /api/playlists/2/videos/${VIDEO}`]: () => jsonResponse({ ...tango, videoCount: 0 }),
    });
    const told: Array<[string, number]> = [];
    const stop = onAppEvent("app:playlist-changed", ({ playlist }) => told.push([playlist._id, playlist.videoCount]));
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));

    click(buttonNamed(element, "Add to Salsa"));
    await waitFor(() => expect(buttonNamed(element, "Remove from Salsa")).toBeTruthy());
    expect(element.textContent).toContain("Private · 3 videos");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ videoId: VIDEO });

    click(buttonNamed(element, "Remove from Tango"));
    await waitFor(() => expect(buttonNamed(element, "Add to Tango")).toBeTruthy());
    expect(element.textContent).toContain("Public · 0 videos");
    expect(told).toEqual([["1", 3], ["2", 0]]);
    stop();
  });

  it("alerts when adding fails", async () => {
    serve({ "POST /api/playlists/1/videos": () => jsonResponse({ message: "nope" }, 500) });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Add to Salsa"));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Error updating playlist. Please try again."));
    expect(buttonNamed(element, "Add to Salsa").disabled).toBe(false);
  });

  it("creates a private playlist from a trimmed name, holding the video it was opened on; the button waits for a name", async () => {
    const calls = serve({
      "POST /api/playlists": () => jsonResponse({ ...salsa, _id: "3", name: "Bachata", videoCount: 0 }, 201),
      "POST /api/playlists/3/videos": () => jsonResponse({ ...salsa, _id: "3", name: "Bachata", videoCount: 1 }),
    });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Create New Playlist"));
    expect(buttonNamed(element, "Cancel").getAttribute("aria-expanded")).toBe("true");
    const name = labelled(element, "Playlist Name");
    expect(document.activeElement).toBe(name);
    expect(name.maxLength).toBe(100);
    expect(buttonNamed(element, "Create Playlist").disabled).toBe(true);

    typeInto(name, "   ");
    submit(element.querySelector("form") as HTMLFormElement);
    expect(window.alert).toHaveBeenCalledWith("Please enter a playlist name");
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    typeInto(name, "  Bachata ");
    expect(buttonNamed(element, "Create Playlist").disabled).toBe(false);
    click(buttonNamed(element, "Create Playlist"));
    await waitFor(() => expect(buttonNamed(element, "Remove from Bachata")).toBeTruthy());
    expect(calls.filter((call) => call.method === "POST").map((call) => [new URL(call.url, "http://x").pathname, call.body])).toEqual([
      ["/api/playlists", { name: "Bachata", description: "", isPublic: false }],
      ["/api/playlists/3/videos", { videoId: VIDEO }],
    ]);
    expect(buttonNamed(element, "Create New Playlist")).toBeTruthy();
    expect(element.querySelectorAll(".playlist-row")[0]?.textContent).toContain("Bachata");
    expect(element.querySelectorAll(".playlist-row")[0]?.textContent).toContain("1 video");
  });

  it("alerts when creating fails", async () => {
    serve({ "POST /api/playlists": () => jsonResponse({ message: "Name must be at most 100 characters long" }, 400) });
    const element = open();
    click(buttonNamed(element, "Create New Playlist"));
    typeInto(labelled(element, "Playlist Name"), "Salsa");
    click(buttonNamed(element, "Create Playlist"));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Error creating playlist. Please try again."));
  });

  it("in edit mode shares a public playlist's page, and only a public one's", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    serve({ "PATCH /api/playlists/1": () => jsonResponse({ ...salsa, isPublic: true }) });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Edit"));
    expect(() => buttonNamed(element, "Share Salsa")).toThrow();
    click(buttonNamed(element, "Public: Salsa"));
    await waitFor(() => expect(buttonNamed(element, "Share Salsa")).toBeTruthy());
    click(buttonNamed(element, "Share Salsa"));
    await waitFor(() => expect(buttonNamed(element, "Share Salsa").textContent).toBe("Copied!"));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/categories?playlist=1`);
  });

  it("in edit mode toggles privacy and deletes after the confirmation", async () => {
    const calls = serve({
      "PATCH /api/playlists/1": () => jsonResponse({ ...salsa, isPublic: true }),
      "DELETE /api/playlists/2": () => jsonResponse({ success: true }),
    });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Edit"));
    expect(buttonNamed(element, "Done").getAttribute("aria-pressed")).toBe("true");
    expect(() => buttonNamed(element, "Add to Salsa")).toThrow();

    const toggle = buttonNamed(element, "Public: Salsa");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    click(toggle);
    await waitFor(() => expect(buttonNamed(element, "Public: Salsa").getAttribute("aria-checked")).toBe("true"));
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ isPublic: true });

    vi.mocked(window.confirm).mockReturnValueOnce(false);
    click(buttonNamed(element, "Delete Tango"));
    expect(window.confirm).toHaveBeenCalledWith("Are you sure you want to delete this playlist? This action cannot be undone.");
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    click(buttonNamed(element, "Delete Tango"));
    await waitFor(() => expect(() => buttonNamed(element, "Delete Tango")).toThrow());
    click(buttonNamed(element, "Done"));
    expect(buttonNamed(element, "Edit")).toBeTruthy();
  });

  it("in edit mode renames a playlist and sets its description in its row, or leaves it on Cancel", async () => {
    const calls = serve({
      "PATCH /api/playlists/1": () => jsonResponse({ ...salsa, name: "Salsa nights", description: "Fridays" }),
    });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Edit"));
    click(buttonNamed(element, "Rename Salsa"));
    const name = labelled(element, "Playlist Name");
    expect(name.value).toBe("Salsa");
    expect(document.activeElement).toBe(name);
    click(buttonNamed(element, "Cancel"));
    expect(() => labelled(element, "Playlist Name")).toThrow();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    click(buttonNamed(element, "Rename Salsa"));
    click(buttonNamed(element, "Done")); // leaves the rename unsaved
    click(buttonNamed(element, "Edit"));
    expect(() => labelled(element, "Playlist Name")).toThrow();
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);

    click(buttonNamed(element, "Rename Salsa"));
    typeInto(labelled(element, "Playlist Name"), "   ");
    expect(buttonNamed(element, "Save").disabled).toBe(true);
    typeInto(labelled(element, "Playlist Name"), " Salsa nights ");
    changeValue(controlLabelled<HTMLTextAreaElement>(element, "Description (optional)"), "Fridays");
    click(buttonNamed(element, "Save"));
    await waitFor(() => expect(buttonNamed(element, "Rename Salsa nights")).toBeTruthy());
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ name: "Salsa nights", description: "Fridays" });
    expect(() => labelled(element, "Playlist Name")).toThrow();
  });

  it("alerts the spec's text when renaming fails, keeping what was typed", async () => {
    serve({ "PATCH /api/playlists/1": () => jsonResponse({}, 500) });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Edit"));
    click(buttonNamed(element, "Rename Salsa"));
    typeInto(labelled(element, "Playlist Name"), "Salsa nights");
    click(buttonNamed(element, "Save"));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Error updating playlist. Please try again."));
    expect(labelled(element, "Playlist Name").value).toBe("Salsa nights");
  });

  it("alerts the spec's texts when privacy or deletion fail", async () => {
    serve({
      "PATCH /api/playlists/1": () => jsonResponse({}, 500),
      "DELETE /api/playlists/1": () => jsonResponse({}, 500),
    });
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    click(buttonNamed(element, "Edit"));
    click(buttonNamed(element, "Public: Salsa"));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Error updating playlist privacy. Please try again."));
    click(buttonNamed(element, "Delete Salsa"));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith("Error deleting playlist. Please try again."));
    expect(buttonNamed(element, "Delete Salsa")).toBeTruthy();
  });

  it("traps focus, closes on the backdrop and returns focus to the opener", async () => {
    serve({});
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    const element = open();
    await waitFor(() => buttonNamed(element, "Add to Salsa"));
    expect(document.activeElement).toBe(buttonNamed(element, "Close"));

    const last = buttonNamed(element, "Remove from Tango");
    last.focus();
    pressKey(last, "Tab");
    expect(document.activeElement).toBe(buttonNamed(element, "Close"));

    click(dialog().parentElement as HTMLElement);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});

describe("import and export", () => {
  it("offers each playlist's JSON and CSV export while editing", async () => {
    serve({});
    const element = open();
    await waitFor(() => expect(buttonNamed(element, "Edit")).toBeTruthy());
    click(buttonNamed(element, "Edit"));
    const json = element.querySelector<HTMLAnchorElement>('a[aria-label="Export Salsa as JSON"]');
    const csv = element.querySelector<HTMLAnchorElement>('a[aria-label="Export Salsa as CSV"]');
    expect(json?.getAttribute("href")).toBe("/api/playlists/1/export?format=json");
    expect(csv?.getAttribute("href")).toBe("/api/playlists/1/export?format=csv");
    expect(json?.hasAttribute("download")).toBe(true);
  });

  it("imports pasted links into a new private playlist and says what it could not add", async () => {
    const imported = { ...salsa, _id: "9", name: "From links", videoCount: 1 };
    const calls = serve({
      "POST /api/playlists/import": () =>
        jsonResponse(
          {
            success: true,
            message: "Imported 1 of 2 videos",
            playlist: imported,
            added: 1,
            unknown: ["https://www.tiktok.com/@someone/video/7000000000000000001"],
            unknownCount: 1,
            invalid: ["not a link", "https://example.com/x"],
            invalidCount: 2,
          },
          201,
        ),
    });
    const element = open();
    await waitFor(() => expect(buttonNamed(element, "Edit")).toBeTruthy());
    click(buttonNamed(element, "Import"));
    await waitFor(() => expect(element.querySelector("form.playlist-import")).not.toBeNull());
    const form = element.querySelector<HTMLFormElement>("form.playlist-import");
    if (!form) throw new Error("No import form");
    submit(form);
    expect(form.textContent).toContain("Choose an exported file or paste TikTok links");

    changeValue(controlLabelled<HTMLTextAreaElement>(form, "Or paste TikTok links, one per line"), `https://www.tiktok.com/@a/video/${VIDEO}\nhttps://www.tiktok.com/@someone/video/7000000000000000001`);
    typeInto(labelled(form, "Name (optional)"), "From links");
    submit(form);
    await waitFor(() => expect(form.textContent).toContain("Imported 1 of 2 videos into “From links”."));
    const outcome = Array.from(form.querySelector("[role=status]")?.children ?? [], (child) => child.textContent);
    expect(outcome.slice(1)).toEqual([
      "1 link is not in the catalog yet:",
      "https://www.tiktok.com/@someone/video/7000000000000000001",
      "2 lines are not TikTok video links:",
      "not a linkhttps://example.com/x",
    ]);
    // Imported: what was pasted and named is gone, so a second press cannot import it twice.
    expect(controlLabelled<HTMLTextAreaElement>(form, "Or paste TikTok links, one per line").value).toBe("");
    expect(labelled(form, "Name (optional)").value).toBe("");
    const posted = calls.find((call) => call.url === "/api/playlists/import");
    expect(posted?.body).toEqual({
      format: "urls",
      content: `https://www.tiktok.com/@a/video/${VIDEO}\nhttps://www.tiktok.com/@someone/video/7000000000000000001`,
      name: "From links",
      isPublic: false,
    });
    expect(Array.from(element.querySelectorAll(".playlist-name")).map((item) => item.textContent)).toContain("From links");
  });
});

describe("formatOfFile", () => {
  it("reads the format from the file's name", () => {
    expect(formatOfFile("moves.JSON")).toBe("json");
    expect(formatOfFile("moves.csv")).toBe("csv");
    expect(formatOfFile("links.txt")).toBe("urls");
  });
});
