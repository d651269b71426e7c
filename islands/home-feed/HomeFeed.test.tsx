// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { User, Video } from "../lib/api-types";
import { goTo } from "../lib/navigation";
import { forgetInteraction } from "../lib/first-interaction";
import { forgetFollowing } from "../lib/following";
import { buttonNamed, click, flush, jsonResponse, pressKey, render, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { makeUser } from "../test/users";
import HomeFeed from "./index";
import { makeVideo, makeVideos } from "../test/videos";

const visit = vi.hoisted(() => ({ returned: false }));
vi.mock("../lib/navigation", () => ({
  goTo: vi.fn(),
  replaceWith: vi.fn(),
  reloadPage: vi.fn(),
  currentPathAndSearch: () => "/",
  returnedToPage: () => visit.returned,
}));

// The real context is read once per page; here each test sets the page's user.
const page = vi.hoisted(() => ({ context: null as unknown }));
vi.mock("../lib/context", () => ({ getAppContext: () => page.context }));

const PLAYER_ORIGIN = "https://www.tiktok.com";
const viewer = makeUser({ username: "fan", email: "fan@example.com", subscribedTo: ["dancer2"] });

let rendered: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

async function mountFeed(
  videos: Video[],
  totalTrends = 40,
  user: User | null = null,
  playerSettings?: Record<string, boolean>,
): Promise<HTMLElement> {
  page.context = pageContext(user, { playerOrigin: PLAYER_ORIGIN, playerSettings });
  rendered = render(<HomeFeed videos={videos} totalTrends={totalTrends} />);
  return rendered.container;
}

function iframe(container: HTMLElement): HTMLIFrameElement {
  const frame = container.querySelector<HTMLIFrameElement>("iframe.player-iframe");
  if (!frame) throw new Error("No player iframe");
  return frame;
}

function fromPlayer(frame: HTMLIFrameElement, data: Record<string, unknown>): void {
  act(() => {
    window.dispatchEvent(
      new MessageEvent("message", { data: { "x-tiktok-player": true, ...data }, origin: PLAYER_ORIGIN, source: frame.contentWindow }),
    );
  });
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  visit.returned = false;
  fetchMock = vi.fn(() => Promise.resolve(jsonResponse({ success: true, videos: [], totalTrends: 40 })));
  vi.stubGlobal("fetch", fetchMock);
  forgetInteraction();
  forgetFollowing();
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  localStorage.clear();
  vi.mocked(goTo).mockClear();
});

describe("HomeFeed", () => {
  it("shows the trend header, stats, creator row and description of the first video", async () => {
    const long = makeVideo(1, {
      title: "Short",
      description: "Learn the full routine",
      trendInfo: { ...makeVideo(1).trendInfo!, track: "Bắc Bling (Bắc Ninh) (Prod. by Masew)", artist: "Xuân Hinh", searchTerm: "Bắc Bling & co" },
    });
    const container = await mountFeed([long, makeVideo(2)]);
    expect(container.querySelector(".feed-trend-name")?.textContent).toBe("Bắc Bling (Bắc Ninh) (Prod. by Masew...");
    const link = container.querySelector<HTMLAnchorElement>(".feed-trend-link");
    expect(link?.textContent).toBe("(See More of This Trend)");
    expect(link?.getAttribute("href")).toBe("/dance-trends?search=B%E1%BA%AFc%20Bling%20%26%20co");
    expect(container.querySelector(".feed-trend-stats")?.textContent).toBe("2 creators1.3M views34.5K likes");
    expect(container.querySelector(".feed-creator-link")?.getAttribute("href")).toBe("/user/dancer1");
    expect(container.querySelector(".avatar")?.textContent).toBe("D");
    expect(container.querySelector(".feed-creator-views")?.textContent).toBe("1.2K views");
    expect(container.querySelector(".feed-description")?.textContent).toBe("Learn the full routine");
    expect(container.textContent).not.toContain("Follow");
    expect(iframe(container).src).toContain(`${PLAYER_ORIGIN}/player/v1/${long.videoId}?controls=1&progress_bar=1`);
  });

  it("moves with Next/Previous and the keys, disabling the buttons at the ends", async () => {
    const videos = makeVideos(1, 3);
    const container = await mountFeed(videos, 3);
    expect(buttonNamed(container, "Previous").disabled).toBe(true);
    click(buttonNamed(container, "Next"));
    expect(iframe(container).src).toContain(videos[1]!.videoId);
    pressKey(document.body, "j");
    expect(iframe(container).src).toContain(videos[2]!.videoId);
    expect(buttonNamed(container, "Next").disabled).toBe(true);
    pressKey(document.body, "ArrowUp");
    expect(iframe(container).src).toContain(videos[1]!.videoId);
  });

  it("mutes the first video on ready, and after an interaction queues play for the next", async () => {
    const container = await mountFeed(makeVideos(1, 3), 3);
    const first = iframe(container);
    const firstPost = vi.spyOn(first.contentWindow!, "postMessage");
    fromPlayer(first, { type: "onPlayerReady" });
    expect(firstPost.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual(["mute"]);
    expect(firstPost).toHaveBeenCalledWith({ "x-tiktok-player": true, type: "mute" }, PLAYER_ORIGIN);

    click(buttonNamed(container, "Next"));
    const second = iframe(container);
    expect(second).not.toBe(first);
    const secondPost = vi.spyOn(second.contentWindow!, "postMessage");
    fromPlayer(second, { type: "onPlayerReady" });
    await flush(60);
    expect(secondPost.mock.calls.map(([message]) => (message as { type: string }).type)).toEqual(["play", "mute"]);
  });

  it("picks up at the video it was on, among the same videos, when its history entry is drawn again", async () => {
    const watched = makeVideos(1, 5);
    const container = await mountFeed(watched, 40);
    click(buttonNamed(container, "Next"));
    click(buttonNamed(container, "Next"));
    expect(iframe(container).src).toContain(watched[2]!.videoId);
    rendered?.unmount();

    // Back to '/' (or a reload): the server's page holds other random videos, the entry the feed as it was.
    visit.returned = true;
    const back = await mountFeed(makeVideos(11, 15), 40);
    expect(iframe(back).src).toContain(watched[2]!.videoId);
    click(buttonNamed(back, "Previous"));
    expect(iframe(back).src).toContain(watched[1]!.videoId);
    rendered?.unmount();

    // A new visit to '/', even one that finds the entry's state still there (a link to the address shown): a new feed.
    visit.returned = false;
    const fresh = await mountFeed(makeVideos(11, 15), 40);
    expect(iframe(fresh).src).toContain(makeVideo(11).videoId);
    expect(buttonNamed(fresh, "Previous").disabled).toBe(true);
  });

  it("keeps the neighbours' posters in the reel around the current video", async () => {
    const videos = makeVideos(1, 3);
    const container = await mountFeed(videos, 3);
    const poster = (slide: string) => container.querySelector(`.feed-slide-${slide} img`)?.getAttribute("src");
    expect(container.querySelector(".feed-slide-previous")).toBeNull();
    expect(poster("next")).toBe(videos[1]!.thumbnail);
    click(buttonNamed(container, "Next"));
    expect(poster("previous")).toBe(videos[0]!.thumbnail);
    expect(poster("next")).toBe(videos[2]!.thumbnail);
    expect(container.querySelector(".feed-slide-current iframe")?.getAttribute("src")).toContain(videos[1]!.videoId);
  });

  it("moves on when a video ends, unless the viewer turned auto-advance off, and remembers that", async () => {
    const videos = makeVideos(1, 3);
    const container = await mountFeed(videos, 3, null, { loop: false });
    fromPlayer(iframe(container), { type: "onPlayerReady" });
    fromPlayer(iframe(container), { type: "onStateChange", value: 1 });
    fromPlayer(iframe(container), { type: "onStateChange", value: 0 });
    expect(iframe(container).src).toContain(videos[1]!.videoId);

    const toggle = buttonNamed(container, "Auto-advance");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(localStorage.getItem("feedAutoAdvance")).toBe("false");
    fromPlayer(iframe(container), { type: "onPlayerReady" });
    fromPlayer(iframe(container), { type: "onStateChange", value: 0 });
    expect(iframe(container).src).toContain(videos[1]!.videoId);

    rendered?.unmount();
    const again = await mountFeed(videos, 3, null, { loop: false });
    expect(buttonNamed(again, "Auto-advance").getAttribute("aria-pressed")).toBe("false");
  });

  it("stays on an ended video when the player loops", async () => {
    const videos = makeVideos(1, 2);
    const container = await mountFeed(videos, 2, null, { loop: true });
    fromPlayer(iframe(container), { type: "onPlayerReady" });
    fromPlayer(iframe(container), { type: "onStateChange", value: 0 });
    expect(iframe(container).src).toContain(videos[0]!.videoId);
  });

  it("opens the keyboard shortcuts with '?' or the keyboard button, and closes them with Escape", async () => {
    const container = await mountFeed(makeVideos(1, 2), 2);
    pressKey(document.body, "?");
    await waitFor(() => expect(document.querySelector("[role='dialog']")?.textContent).toContain("Keyboard shortcuts"));
    const dialog = document.querySelector("[role='dialog']")!;
    expect(Array.from(dialog.querySelectorAll("dd"), (dd) => dd.textContent)).toContain("Mute or unmute");
    pressKey(document.body, "Escape");
    expect(document.querySelector("[role='dialog']")).toBeNull();

    click(buttonNamed(container, "Keyboard shortcuts"));
    await waitFor(() => expect(document.querySelector("[role='dialog']")).not.toBeNull());
    click(buttonNamed(document.querySelector("[role='dialog']")!, "Close"));
    expect(document.querySelector("[role='dialog']")).toBeNull();
  });

  it("ignores player messages from another origin", async () => {
    const container = await mountFeed(makeVideos(1, 2), 2);
    const frame = iframe(container);
    const post = vi.spyOn(frame.contentWindow!, "postMessage");
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", {
          data: { "x-tiktok-player": true, type: "onPlayerReady" },
          origin: "https://evil.example",
          source: frame.contentWindow,
        }),
      );
    });
    expect(post).not.toHaveBeenCalled();
  });

  it("shows the failure screen for 1001 with View on TikTok and one Retry", async () => {
    const video = makeVideo(1);
    const container = await mountFeed([video], 1);
    fromPlayer(iframe(container), { type: "onPlayerError", value: { errorCode: 1001, errorType: "not_found" } });
    expect(container.querySelector(".player-screen-title")?.textContent).toBe("Video Preview Unavailable");
    expect(container.textContent).toContain("Video not found or has been removed");
    const link = Array.from(container.querySelectorAll("a")).find((a) => a.textContent === "View on TikTok" && a.closest(".player-screen"));
    expect(link?.getAttribute("href")).toBe(video.videoUrl);
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toContain("noopener");
    click(buttonNamed(container, "Retry"));
    expect(container.textContent).toContain("Retry attempt 1/1");
    fromPlayer(iframe(container), { type: "onPlayerError", value: { errorCode: 1001 } });
    expect(container.querySelector(".player-screen")?.textContent).toContain("Retry attempt 1/1");
    expect(() => buttonNamed(container, "Retry")).toThrow();
  });

  it("opens the trends page from the area around the player, not from its buttons", async () => {
    const container = await mountFeed(makeVideos(1, 2), 2);
    click(container.querySelector(".player-poster")!);
    expect(goTo).toHaveBeenCalledWith("/dance-trends");
    vi.mocked(goTo).mockClear();
    vi.spyOn(window, "alert").mockImplementation(() => {});
    click(buttonNamed(container, "Report Unavailable"));
    expect(goTo).not.toHaveBeenCalled();
  });

  it("prefetches page 2 after 500 ms with the cache header and appends only new videos", async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(() =>
        Promise.resolve(jsonResponse({ success: true, videos: [...makeVideos(2, 4), { ...makeVideo(9), videoId: "0" }], totalTrends: 40 })),
      );
      const container = await mountFeed(makeVideos(1, 3), 40);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(499);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe("/api/tiktok/random-video?count=10");
      expect((init.headers as Record<string, string>)["Cache-Control"]).toBe("max-age=120");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      click(buttonNamed(container, "Next"));
      click(buttonNamed(container, "Next"));
      click(buttonNamed(container, "Next"));
      expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer4");
      expect(buttonNamed(container, "Next").disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the rate-limit banner for 5 s when the feed answers 429", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      vi.spyOn(console, "error").mockImplementation(() => {});
      fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ message: "slow down" }, 429)));
      const container = await mountFeed(makeVideos(1, 2), 40);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(500 + 1_000 + 2_000 + 4_000 + 100);
      });
      await waitFor(() =>
        expect(container.querySelector(".feed-banner")?.textContent).toBe(
          "Too many requests. Please wait a moment and try again.",
        ),
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
      });
      expect(container.querySelector(".feed-banner")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the empty state with Retry Fetch when there are no videos", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const container = await mountFeed([], 0);
    await waitFor(() => expect(container.textContent).toContain("No TikTok videos yet"));
    expect(console.error).toHaveBeenCalledWith("No random videos found");
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ success: true, videos: makeVideos(1, 5), totalTrends: 5 })));
    click(buttonNamed(container, "Retry Fetch"));
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe("/api/tiktok/random-video?count=5");
  });

  it("reports a video as a visitor, alerts the message and removes it", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.includes("user-report")
          ? jsonResponse({ success: true, message: "Thanks, we will check this video", alreadyReported: false })
          : jsonResponse({ success: true, videos: [], totalTrends: 2 }),
      ),
    );
    const videos = makeVideos(1, 2);
    const container = await mountFeed(videos, 2);
    click(buttonNamed(container, "Report Unavailable"));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Thanks, we will check this video"));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes("user-report")) as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ videoId: videos[0]!.videoId, username: "dancer1" });
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer2"));
  });

  it("alerts the failure text when a report fails, keeping the video", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ message: "nope" }, 500)));
    const container = await mountFeed(makeVideos(1, 2), 2);
    click(buttonNamed(container, "Report Unavailable"));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Failed to report video. Please try again."));
    expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1");
  });

  it("lets an admin mark a video unavailable", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    localStorage.setItem("token", "admin-token");
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ success: true, message: "ok" })));
    const container = await mountFeed(makeVideos(1, 2), 2, { ...viewer, username: "boss", role: "admin" });
    click(buttonNamed(container, "Report Unavailable"));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Video marked as unavailable"));
    const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
    expect(url).toBe("/api/tiktok/videos/report-unavailable");
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer admin-token");
  });

  it("follows a creator for a signed-in viewer and hides Follow on the viewer's own video", async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      url.includes("toggle-follow")
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : Promise.resolve(jsonResponse({ success: true, videos: [], totalTrends: 3 })),
    );
    const own = makeVideo(3, { username: "fan" });
    const container = await mountFeed([makeVideo(1), makeVideo(2), own], 3, viewer);
    click(buttonNamed(container, "Follow"));
    expect(container.querySelector(".feed-follow")?.textContent).toBe("Following...");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/tiktok/toggle-follow", expect.anything()));
    await act(async () => {
      release(jsonResponse({ isFollowing: true, subscribedTo: ["dancer2", "dancer1"] }));
    });
    await waitFor(() => expect(container.querySelector(".feed-follow")?.textContent).toBe("Following"));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === "/api/tiktok/toggle-follow") as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ username: "dancer1" });

    click(buttonNamed(container, "Next"));
    expect(container.querySelector(".feed-follow")?.textContent).toBe("Following");
    click(buttonNamed(container, "Next"));
    expect(container.querySelector(".feed-follow")).toBeNull();
  });
});
