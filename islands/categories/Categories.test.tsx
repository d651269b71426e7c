// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User } from "../lib/api-types";
import { forgetInteraction } from "../lib/first-interaction";
import { buttonNamed, chooseOption, click, jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { makeUser } from "../test/users";
import { forgetFollowing } from "../lib/following";
import { makeVideo, makeVideos } from "../test/videos";
import Categories, { type CategoriesProps } from "./index";
import { emitAppEvent } from "../lib/events";

/** A public playlist of @fan's, with two videos. */
const fridayMoves = {
  _id: "12",
  name: "Friday moves",
  description: "",
  isPublic: true,
  videoCount: 2,
  createdBy: { username: "fan" },
  createdAt: "2026-01-01T00:00:00",
};

const page = vi.hoisted(() => ({ context: null as unknown }));
vi.mock("../lib/context", () => ({ getAppContext: () => page.context }));

const viewer = makeUser({ username: "fan", email: "fan@example.com" });

type Route = (url: string, init: RequestInit) => Response | undefined;

let rendered: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

function hashtagsAnswer(...names: string[]) {
  return { hashtags: names.map((name) => ({ hashtag: `#${name}`, count: 3, totalViews: 10, exampleDescription: `About ${name}` })), hasMore: false };
}

function serve(route: Route) {
  fetchMock.mockImplementation((url: string, init: RequestInit) =>
    Promise.resolve(route(url, init) ?? jsonResponse({ message: "Not found" }, 404)),
  );
}

function mount(path: string, props: CategoriesProps = {}, user: User | null = null): HTMLElement {
  window.history.replaceState(null, "", path);
  page.context = pageContext(user);
  rendered = render(<Categories {...props} />);
  return rendered.container;
}

function requested(fragment: string): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(fragment));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  forgetInteraction();
  forgetFollowing();
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

/** Two hashtags of two videos each: #dance's by dancer1 and dancer2, #fyp's by dancer5 and dancer6. */
function serveFypAndDance() {
  serve((url) => {
    if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("fyp", "dance"));
    if (url.startsWith("/api/tiktok/videos/hashtag/dance")) return jsonResponse({ videos: makeVideos(1, 2), total: 2 });
    if (url.startsWith("/api/tiktok/videos/hashtag/fyp")) return jsonResponse({ videos: makeVideos(5, 6), total: 2 });
    return undefined;
  });
}

describe("Categories", () => {
  it("asks to select a category until one is chosen, then plays its videos 20 at a time", async () => {
    serveFypAndDance();
    const container = mount("/categories");
    await waitFor(() => expect(container.textContent).toContain("Select a Category"));
    await waitFor(() => expect(container.querySelectorAll(".hashtag-item")).toHaveLength(2));
    expect(requested("/api/tiktok/videos/hashtag")).toEqual([]);

    click(container.querySelectorAll(".hashtag-item")[1]!);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/api/tiktok/videos/hashtag")).toEqual(["/api/tiktok/videos/hashtag/dance?page=1&limit=20&sortBy=mostRecent"]);
    expect(container.querySelector(".category-title")?.textContent).toBe("#dance");
    expect(container.querySelector(".category-meta")?.textContent).toBe("2 videos");
    expect(Array.from(container.querySelectorAll(".hashtag-item .watch-item-name"), (node) => node.textContent)).toEqual(["#dance", "#fyp"]);
    expect(window.location.pathname).toBe(`/categories/dance/dancer1-${makeVideo(1).videoId}`);
    expect(requested("/api/user/video-position")).toEqual([]);
  });

  it("makes leaving the list a step Back undoes and Forward redoes; the videos then replace that entry", async () => {
    serveFypAndDance();
    const container = mount("/categories");
    await waitFor(() => expect(container.querySelectorAll(".hashtag-item")).toHaveLength(2));
    const entries = window.history.length;
    click(container.querySelectorAll(".hashtag-item")[1]!);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(window.history.length).toBe(entries + 1);
    expect(window.location.pathname).toBe(`/categories/dance/dancer1-${makeVideo(1).videoId}`);

    // Another hashtag on the way, then a jump within the page: neither is a step back to the list or a new start.
    click(Array.from(container.querySelectorAll(".hashtag-item")).find((item) => item.textContent?.includes("#fyp"))!);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer5"));
    expect(window.history.length).toBe(entries + 1);
    window.location.hash = "main";
    await waitFor(() => expect(window.location.hash).toBe("#main"));
    window.history.back();
    await waitFor(() => expect(window.location.hash).toBe(""));
    expect(container.querySelector(".category-title")?.textContent).toBe("#fyp");
    expect(requested("/api/tiktok/videos/hashtag")).toHaveLength(2);

    const replaced = vi.spyOn(window.history, "replaceState");
    click(buttonNamed(container, "Next"));
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer6"));
    expect(replaced).toHaveBeenCalledTimes(1); // the address and the entry's state in one call
    replaced.mockRestore();

    window.history.back();
    await waitFor(() => expect(container.textContent).toContain("Select a Category"));
    expect(window.location.pathname).toBe("/categories");
    window.history.forward();
    await waitFor(() => expect(container.querySelector(".category-title")?.textContent).toBe("#fyp"));
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer6"));
    expect(window.location.pathname).toBe(`/categories/fyp/dancer6-${makeVideo(6).videoId}`);
    await waitFor(() => expect(requested("/api/tiktok/videos/hashtag/fyp")).toHaveLength(2)); // the rest, after it

    // Reloaded on the category (the entries stay, the page is new), Back still shows the list.
    rendered?.unmount();
    rendered = render(<Categories video={makeVideo(6)} hashtag="fyp" />); // as the server draws the address
    await waitFor(() => expect(rendered!.container.querySelector(".category-title")?.textContent).toBe("#fyp"));
    await waitFor(() => expect(requested("/api/tiktok/videos/hashtag/fyp")).toHaveLength(3));
    window.history.back();
    await waitFor(() => expect(rendered!.container.textContent).toContain("Select a Category"));
    expect(window.location.pathname).toBe("/categories");
  });

  it("opens a link without a hashtag under find-by-id's suggestion, at the linked video", async () => {
    const linked = makeVideo(7, { tags: ["salsa", "fyp"] });
    serve((url) => {
      if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("fyp"));
      if (url.startsWith("/api/tiktok/videos/find-by-id/")) {
        return jsonResponse({ success: true, video: linked, hashtags: ["#salsa", "#fyp"], suggestedHashtag: "salsa" });
      }
      if (url.startsWith("/api/tiktok/videos/hashtag/salsa")) return jsonResponse({ videos: makeVideos(1, 3), total: 3 });
      return undefined;
    });
    const container = mount(`/categories/dancer7-${linked.videoId}`, { video: linked });
    await waitFor(() => expect(container.querySelector(".category-title")?.textContent).toBe("#salsa"));
    expect(requested("/api/tiktok/videos/find-by-id/")).toEqual([`/api/tiktok/videos/find-by-id/${linked.videoId}`]);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer7"));
    expect(window.location.pathname).toBe(`/categories/salsa/dancer7-${linked.videoId}`);
    await waitFor(() => expect(buttonNamed(container, "Next").disabled).toBe(false));
  });

  it("heads a shared video's hashtag with the count the page drew while the list and its videos load", async () => {
    const linked = makeVideo(6);
    fetchMock.mockImplementation(() => new Promise<Response>(() => {})); // nothing answers yet
    const container = mount(`/categories/fyp/dancer6-${linked.videoId}`, { video: linked, hashtag: "fyp", hashtagCount: 95 });
    expect(container.querySelector(".category-title")?.textContent).toBe("#fyp");
    expect(container.querySelector(".category-meta")?.textContent).toBe("95 videos");
  });

  it("keeps the list's year and sort and the hashtag's video order in the address, so a link opens them again", async () => {
    serveFypAndDance();
    const container = mount("/categories?year=2020&hashtagSort=views");
    await waitFor(() => expect(container.querySelectorAll(".hashtag-item")).toHaveLength(2));
    const asked = new URL(requested("/api/tiktok/hashtags")[0]!, "http://localhost").searchParams;
    expect([asked.get("sortBy"), asked.get("dateRange")]).toEqual(["views", '{"start":"2020-01-01","end":"2021-01-01"}']);
    chooseOption(container, "Year", "2021");
    await waitFor(() => expect(window.location.search).toBe("?hashtagSort=views&year=2021"));
    await waitFor(() => expect(requested("/api/tiktok/hashtags")).toHaveLength(2));
    await waitFor(() => expect(container.querySelectorAll(".hashtag-item")).toHaveLength(2));

    click(container.querySelectorAll(".hashtag-item")[1]!);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    chooseOption(container, "Sort videos", "shuffle");
    const onStage = `/categories/dance/dancer1-${makeVideo(1).videoId}`;
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toMatch(
      new RegExp(`^${onStage}\\?hashtagSort=views&year=2021&videoSort=shuffle&seed=\\d+$`),
    ));
    const shared = `${window.location.pathname}${window.location.search}`;
    const seed = new URLSearchParams(window.location.search).get("seed");
    rendered?.unmount();

    fetchMock.mockClear();
    const opened = mount(shared, { video: makeVideo(1), hashtag: "dance" });
    await waitFor(() => expect(opened.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    await waitFor(() => expect(requested("/api/tiktok/videos/hashtag/dance")[0]).toContain(`&sortBy=shuffle&seed=${seed}`));
    expect(requested("/api/tiktok/hashtags")[0]).toContain("sortBy=views");
    expect(`${window.location.pathname}${window.location.search}`).toBe(shared);
    rendered?.unmount();

    const ignored = mount("/categories?year=1999&hashtagSort=likes&videoSort=trendScore");
    await waitFor(() => expect(ignored.querySelectorAll(".hashtag-item")).toHaveLength(2));
    expect(window.location.search).toBe("");
    click(ignored.querySelectorAll(".hashtag-item")[0]!);
    await waitFor(() => expect(requested("/api/tiktok/videos/hashtag/fyp")[0]).toContain("&sortBy=mostRecent"));
  });

  it("resets the target when find-by-id does not know the video", async () => {
    serve((url) => (url.startsWith("/api/tiktok/hashtags") ? jsonResponse(hashtagsAnswer("fyp")) : undefined));
    const container = mount("/categories/ghost-7481234567890999999");
    await waitFor(() => expect(container.textContent).toContain("Select a Category"));
    expect(requested("/api/tiktok/videos/hashtag")).toEqual([]);
  });

  it("puts a chosen playlist in the address, and a link to it opens that playlist", async () => {
    const playlist = fridayMoves;
    serve((url) => {
      if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("fyp"));
      if (url.startsWith("/api/playlists/public")) return jsonResponse({ playlists: [playlist], hasMore: false });
      if (url.startsWith("/api/playlists/12/videos")) return jsonResponse({ playlist, videos: makeVideos(1, 2), total: 2 });
      return undefined;
    });
    const container = mount("/categories");
    click(buttonNamed(container, "Playlists"));
    await waitFor(() => expect(container.querySelectorAll(".playlist-item")).toHaveLength(1));
    click(container.querySelector(".playlist-item")!);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(`${window.location.pathname}${window.location.search}`).toBe("/categories?playlist=12");
    rendered?.unmount();

    const paging = { total: 2, page: 1, totalPages: 1, hasMore: false, hasNextPage: false };
    const sent = { playlist, videos: makeVideos(1, 2), ...paging };
    const listed = { playlists: [playlist], ...paging, total: 1 };
    fetchMock.mockClear();
    // As the server sends it, whichever way the address writes the id ('0012' is playlist 12).
    const linked = mount("/categories?playlist=0012", { playlist: sent, publicPlaylists: listed });
    expect(linked.querySelector(".category-title")?.textContent).toBe("Friday moves");
    expect(linked.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1");
    expect(linked.querySelector(".playlist-item[aria-pressed='true']")).not.toBeNull();
    expect(linked.querySelector("a.feed-link")?.getAttribute("href")).toBe("/feeds/playlist/12.atom");
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe("/categories?playlist=12"));
    expect(requested("/api/playlists")).toEqual([]);
    expect(requested("/api/tiktok/videos/hashtag")).toEqual([]);
    rendered?.unmount();

    const mine = mount("/categories?playlist=12", { playlist: { ...sent, playlist: { ...playlist, isPublic: false } } });
    expect(mine.querySelector(".category-title")?.textContent).toBe("Friday moves");
    expect(mine.querySelector(".feed-link")).toBeNull(); // a private playlist has no public feed
  });

  it("counts the playing playlist again when the viewer removes a video from it in the playlist dialog", async () => {
    const playlist = fridayMoves;
    let mine = [playlist];
    serve((url) => {
      if (url.startsWith("/api/playlists/my")) return jsonResponse({ playlists: mine });
      if (url.startsWith("/api/playlists/public")) return jsonResponse({ playlists: [playlist], hasMore: false });
      if (url.startsWith("/api/playlists/12/videos")) return jsonResponse({ playlist, videos: makeVideos(1, 2), total: 2 });
      return undefined;
    });
    const paging = { total: 2, page: 1, totalPages: 1, hasMore: false, hasNextPage: false };
    const sent = { playlist, videos: makeVideos(1, 2), ...paging };
    const listed = { playlists: [playlist], ...paging, total: 1 };
    const container = mount("/categories?playlist=12", { playlist: sent, publicPlaylists: listed }, makeUser({ username: "fan" }));
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(container.querySelector(".category-meta")?.textContent).toContain("2 videos");
    const cardCount = () => container.querySelector(".playlist-item[aria-pressed='true']")?.textContent ?? "";
    await waitFor(() => expect(cardCount()).toContain("2 videos"));

    mine = [{ ...playlist, videoCount: 1 }];
    act(() => {
      emitAppEvent("app:playlist-changed", { playlist: mine[0]! });
    });
    await waitFor(() => expect(container.querySelector(".category-meta")?.textContent).toContain("1 video"));
    await waitFor(() => expect(cardCount()).toContain("1 video"));
    expect(container.querySelector(".category-meta")?.textContent).not.toContain("1 videos");
  });

  it("asks to select a category when a linked playlist is private or gone, and lists the public ones", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("fyp"));
      if (url.startsWith("/api/playlists/public")) return jsonResponse({ playlists: [], hasMore: false });
      return undefined;
    });
    const container = mount("/categories?playlist=99", { playlist: null });
    expect(container.textContent).toContain("Select a Category");
    expect(container.querySelector(".watch-tab[aria-selected='true']")?.textContent).toBe("Playlists");
    expect(requested("/api/playlists/99/videos")).toEqual([]);
  });

  it("shows the red banner with the status and 'Unable to load categories' when the hashtags fail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve((url) => (url.startsWith("/api/tiktok/hashtags") ? jsonResponse({ message: "boom" }, 500) : undefined));
    const container = mount("/categories");
    await waitFor(() => expect(container.querySelector(".feed-banner")?.textContent).toBe("Failed to load hashtags: 500"));
    expect(container.querySelector(".watch-list")?.textContent).toBe("Unable to load categories");
  });

  it("shows 'Failed to load videos' when a category's videos fail", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve((url) => {
      if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("dance"));
      if (url.startsWith("/api/tiktok/videos/hashtag/")) return jsonResponse({ message: "down" }, 503);
      return undefined;
    });
    const container = mount("/categories/dance");
    await waitFor(() => expect(container.querySelector(".feed-banner")?.textContent).toBe("Failed to load videos"));
  });

  it("puts a signed-in viewer back at the remembered index when it lies within the list", async () => {
    serve((url, init) => {
      if (url.startsWith("/api/tiktok/hashtags")) return jsonResponse(hashtagsAnswer("dance"));
      if (url.startsWith("/api/tiktok/videos/hashtag/dance")) return jsonResponse({ videos: makeVideos(1, 5), total: 5 });
      if (url.startsWith("/api/user/video-position")) {
        return init.method === "PUT" ? jsonResponse({ success: true }) : jsonResponse({ lastVideoPosition: { videoIndex: 3, page: "categories" } });
      }
      return undefined;
    });
    const container = mount("/categories/dance", {}, viewer);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer4"));
    expect(requested("/api/user/video-position")).toEqual(["/api/user/video-position?page=categories"]);

    click(buttonNamed(container, "Next"));
    await waitFor(() => expect(requested("/api/user/video-position")).toHaveLength(2));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === "PUT")!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({ videoIndex: 4, page: "categories" });
  });
});
