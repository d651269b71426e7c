// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetInteraction } from "../lib/first-interaction";
import { buttonNamed, chooseOption, click, flush, jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { makeUser } from "../test/users";
import { forgetFollowing } from "../lib/following";
import { makeVideo, makeVideos } from "../test/videos";
import Following from "./index";
import { SUGGESTIONS_DELAY_MS } from "./useSuggestions";

const page = vi.hoisted(() => ({ context: null as unknown }));
vi.mock("../lib/context", () => ({ getAppContext: () => page.context }));

const SUGGESTED = [
  { _id: "1", username: "amy", displayName: "Amy" },
  { _id: "2", username: "bob", displayName: null },
  { _id: "3", username: "cat", displayName: "Cat" },
];

let rendered: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

function signedIn(subscribedTo: string[]) {
  page.context = pageContext(makeUser({ _id: "9", username: "me", email: "me@example.com", subscribedTo }));
}

function requested(fragment: string): Array<[string, RequestInit]> {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes(fragment)) as Array<[string, RequestInit]>;
}

beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    if (url.startsWith("/api/tiktok/suggestions")) return Promise.resolve(jsonResponse({ suggestions: SUGGESTED }));
    if (url === "/api/tiktok/follow") return Promise.resolve(jsonResponse({ subscribedTo: ["amy"] }));
    if (url.startsWith("/api/tiktok/videos/following/trends"))
      return Promise.resolve(jsonResponse({ videos: makeVideos(1, 5), total: 5, hasMore: false }));
    if (url.startsWith("/api/tiktok/dance-trends/following/metadata")) return Promise.resolve(jsonResponse({ trends: [] }));
    return Promise.resolve(jsonResponse({ message: "Not found" }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
  forgetInteraction();
  forgetFollowing();
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.useRealTimers();
});

describe("Following", () => {
  it("asks for three suggestions 100 ms after the signed-in page starts", async () => {
    vi.useFakeTimers();
    signedIn([]);
    rendered = render(<Following />);
    await act(() => vi.advanceTimersByTimeAsync(SUGGESTIONS_DELAY_MS - 1));
    expect(requested("/api/tiktok/suggestions")).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requested("/api/tiktok/suggestions?limit=3")).toHaveLength(1);
  });

  it("keeps the discovery grid's toggles on the page until Done follows them all", async () => {
    signedIn([]);
    rendered = render(<Following />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Discover New Creators"));
    await waitFor(() => expect(container.querySelectorAll(".channel-discover-item")).toHaveLength(3));
    expect(buttonNamed(container, "Done").disabled).toBe(true);

    click(buttonNamed(container, "Follow @amy"));
    click(buttonNamed(container, "Follow @bob"));
    click(buttonNamed(container, "Following @bob"));
    await flush();
    expect(requested("/api/tiktok/follow")).toHaveLength(0);

    const scrolled = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    click(buttonNamed(container, "Done"));
    await waitFor(() => expect(requested("/api/tiktok/follow")).toHaveLength(1));
    expect(JSON.parse(String(requested("/api/tiktok/follow")[0]![1].body))).toEqual({ followedUsers: ["amy"] });
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(scrolled).toHaveBeenCalledWith({ top: 0 });  // the feed opens at its top
  });

  it("plays the followed creators' feed, says when its end is reached and hides suggested creators already followed", async () => {
    signedIn(["amy"]);
    rendered = render(<Following />);
    const { container } = rendered;
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    await waitFor(() => expect(container.querySelectorAll(".channel-suggestion")).toHaveLength(2));
    expect(container.textContent).not.toContain("@amy");
    for (let step = 0; step < 4; step += 1) click(buttonNamed(container, "Next"));
    await waitFor(() => expect(container.textContent).toContain("You've reached the end of your feed"));
    expect(buttonNamed(container, "Next").disabled).toBe(true);
    expect(requested("/api/tiktok/videos/following/trends")).toHaveLength(1);
  });

  it("keeps its filter and sorts in the address, so a reload or a shared link opens the same feed", async () => {
    fetchMock.mockImplementation((url: string) => {
      if (url.startsWith("/api/tiktok/categories/following/hashtags"))
        return Promise.resolve(jsonResponse({ hashtags: [{ hashtag: "#salsa", count: 2, totalViews: 9 }], hasMore: false }));
      if (url.startsWith("/api/tiktok/videos/following/hashtag/salsa"))
        return Promise.resolve(jsonResponse({ videos: makeVideos(3, 4), total: 2, hasMore: false }));
      if (url.startsWith("/api/tiktok/videos/following/trends"))
        return Promise.resolve(jsonResponse({ videos: makeVideos(1, 2), total: 2, hasMore: false }));
      return Promise.resolve(jsonResponse({ suggestions: [], trends: [], hasMore: false }));
    });
    signedIn(["amy"]);
    window.history.replaceState(null, "", "/following?hashtag=Salsa&videoSort=oldest&trendSort=rising");
    rendered = render(<Following />);
    const { container } = rendered;
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer3"));
    expect(requested("/api/tiktok/videos/following/trends")).toHaveLength(0); // no feed before the named filter's
    expect(requested("/api/tiktok/videos/following/hashtag/salsa")[0]![0]).toContain("sortBy=oldest");
    expect(container.querySelector(".category-title")?.textContent).toBe("#salsa");
    expect(`${window.location.pathname}${window.location.search}`).toBe("/following?hashtag=salsa&videoSort=oldest&trendSort=rising");

    chooseOption(container, "Sort videos", "mostRecent");
    await waitFor(() => expect(window.location.search).toBe("?hashtag=salsa&trendSort=rising"));
    rendered.unmount();

    window.history.replaceState(null, "", "/following?hashtag=nosuch&videoSort=sideways");
    rendered = render(<Following />);
    await waitFor(() => expect(rendered!.container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/api/tiktok/videos/following/trends").at(-1)![0]).toContain("sortBy=newest");
    expect(`${window.location.pathname}${window.location.search}`).toBe("/following");
  });

  it("fetches the metadata of a video that lacks it once, and shows the merged video", async () => {
    const bare = makeVideo(1, { title: null, duration: null, description: null, metadata: { ...makeVideo(1).metadata, track: null, artist: null, description: null, viewCount: 0 } });
    const complete = makeVideos(2, 5);
    fetchMock.mockImplementation((url: string) => {
      if (url.startsWith("/api/tiktok/videos/following/trends"))
        return Promise.resolve(jsonResponse({ videos: [bare, ...complete], total: 5, hasMore: false }));
      if (url === `/api/tiktok/videos/extract-metadata/${bare.videoId}`)
        return Promise.resolve(
          jsonResponse({
            success: true,
            videoId: bare.videoId,
            metadata: {
              title: "Fresh steps #dance",
              description: "Fresh steps #dance",
              duration: 21,
              track: "APT.",
              artist: "ROSÉ",
              viewCount: 5_000,
              likeCount: 300,
              commentCount: 12,
              shareCount: 4,
              saveCount: 1,
              uploadDate: "2025-03-13T05:01:13+00:00",
              metadataExtractedAt: "2026-11-22T10:00:00+00:00",
            },
          }),
        );
      return Promise.resolve(jsonResponse({ suggestions: [], trends: [] }));
    });
    signedIn(["dancer1"]);
    rendered = render(<Following />);
    const { container } = rendered;
    await waitFor(() => expect(container.textContent).toContain("Fresh steps #dance"));
    expect(container.textContent).toContain("APT.");
    const [[, init]] = requested("/api/tiktok/videos/extract-metadata/") as [[string, RequestInit]];
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ username: "dancer1" });

    click(buttonNamed(container, "Next"));
    click(buttonNamed(container, "Previous"));
    await flush();
    expect(requested("/api/tiktok/videos/extract-metadata/")).toHaveLength(1);
  });

  it("only logs a failed metadata fetch and keeps playing the video as it was", async () => {
    const bare = makeVideo(1, { title: null });
    fetchMock.mockImplementation((url: string) => {
      if (url.startsWith("/api/tiktok/videos/following/trends"))
        return Promise.resolve(jsonResponse({ videos: [bare], total: 1, hasMore: false }));
      if (url.startsWith("/api/tiktok/videos/extract-metadata/"))
        return Promise.resolve(jsonResponse({ success: false, message: "TikTok says: Video not found" }, 404));
      return Promise.resolve(jsonResponse({ suggestions: [], trends: [] }));
    });
    const logged = vi.spyOn(console, "warn").mockImplementation(() => undefined);  // the video is gone: a warning
    signedIn(["dancer1"]);
    rendered = render(<Following />);
    const { container } = rendered;
    await waitFor(() => expect(requested("/api/tiktok/videos/extract-metadata/")).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1");
    expect(container.querySelector("[role='alert']")).toBeNull();
    logged.mockRestore();
  });
});
