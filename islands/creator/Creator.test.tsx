// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CreatorProfile, Playlist, Trend } from "../lib/api-types";
import { forgetFollowing } from "../lib/following";
import { forgetInteraction } from "../lib/first-interaction";
import { chooseOption, jsonResponse, render, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { makeVideo } from "../test/videos";
import { makeUser } from "../test/users";
import Creator, { type CreatorPageProps } from "./index";
import { MOST_PAGES_LOOKED } from "../ui/useNamedFilter";

const page = vi.hoisted(() => ({ context: null as unknown }));
vi.mock("../lib/context", () => ({ getAppContext: () => page.context }));

const profile: CreatorProfile = {
  _id: "c1",
  username: "amy",
  displayName: null,
  avatar: null,
  danzaFollowers: 0,
  isActive: true,
  videoCount: 3,
};

function trend(n: number): Trend {
  return { ...makeVideo(n).trendInfo!, trendScore: 1 };
}

const salsa: Playlist = {
  _id: "12",
  name: "Salsa",
  description: "",
  isPublic: true,
  videoCount: 1,
  createdAt: "2025-01-01T00:00:00Z",
  createdBy: { username: "amy" },
};

function videoPage(n: number) {
  return { videos: [makeVideo(n)], total: 1, page: 1, totalPages: 1, hasMore: false, hasNextPage: false };
}

let rendered: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

/** The creator's API: trends 1 and 2 on page 1 and trend 3 on page 2, #salsa, the playlist Salsa, a video each. */
function serveCreator(url: string): Response {
  if (url.startsWith("/api/tiktok/dance-trends/user/amy?")) {
    const second = url.includes("page=2");
    return jsonResponse({ trends: second ? [trend(3)] : [trend(1), trend(2)], hasMore: !second });
  }
  if (url.startsWith("/api/tiktok/categories/user/amy/hashtags?")) {
    return jsonResponse({ hashtags: [{ hashtag: "#salsa", count: 1, exampleDescription: null }], hasMore: false });
  }
  if (url.startsWith("/api/playlists/public?")) return jsonResponse({ playlists: [salsa], hasMore: false });
  if (url.startsWith("/api/playlists/12/videos?")) return jsonResponse({ ...videoPage(7), playlist: salsa });
  if (url.startsWith("/api/tiktok/videos/user/amy/trend/")) return jsonResponse(videoPage(Number(/track%20(\d)/.exec(url)![1])));
  if (url.startsWith("/api/tiktok/videos/user/amy/hashtag/salsa?")) return jsonResponse(videoPage(5));
  if (url.startsWith("/api/tiktok/videos/amy?")) return jsonResponse(videoPage(6));
  return jsonResponse({ message: "Not found" }, 404);
}

function mount(address: string, sent: Partial<CreatorPageProps> = {}): HTMLElement {
  window.history.replaceState(null, "", address);
  page.context = pageContext(null);
  rendered = render(<Creator profile={profile} {...sent} />);
  return rendered.container;
}

function requested(fragment: string): string[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(fragment));
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function playing(container: HTMLElement): string | null | undefined {
  return container.querySelector(".feed-creator-link")?.textContent;
}

beforeEach(() => {
  fetchMock = vi.fn((url: string) => Promise.resolve(serveCreator(url)));
  vi.stubGlobal("fetch", fetchMock);
  forgetInteraction();
  forgetFollowing();
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

describe("a creator page's address", () => {
  it("keeps the sorts and the filter chosen, and is the plain path again for all videos, newest first", async () => {
    const container = mount("/user/amy");
    await waitFor(() => expect(playing(container)).toBe("@dancer6"));
    expect(here()).toBe("/user/amy");

    chooseOption(container, "Sort videos", "oldest");
    await waitFor(() => expect(here()).toBe("/user/amy?videoSort=oldest"));
    chooseOption(container, "Sort trends", "rising");
    await waitFor(() => expect(requested("sortBy=rising")).toHaveLength(1));
    act(() => container.querySelectorAll<HTMLElement>(".trend-item")[1]!.click());
    await waitFor(() => expect(playing(container)).toBe("@dancer2"));
    expect(here()).toBe("/user/amy?trend=track+2%7Cartist+2&videoSort=oldest&trendSort=rising");

    chooseOption(container, "Sort videos", "latest");
    chooseOption(container, "Sort trends", "videoCount");
    act(() => Array.from(container.querySelectorAll<HTMLElement>("[role=tab]")).find((tab) => tab.textContent === "All")!.click());
    act(() => Array.from(container.querySelectorAll("button")).find((button) => button.textContent === "Show All Videos")!.click());
    await waitFor(() => expect(here()).toBe("/user/amy"));
  });

  it("opens on the trend it names, looking past the first page for it, in the sorts it names", async () => {
    const container = mount("/user/amy?trend=track+3%7Cartist+3&videoSort=popular&trendSort=totalViews");
    await waitFor(() => expect(playing(container)).toBe("@dancer3"));
    expect(requested("/api/tiktok/dance-trends/user/amy?")).toEqual([
      "/api/tiktok/dance-trends/user/amy?sortBy=totalViews&limit=20&page=1",
      "/api/tiktok/dance-trends/user/amy?sortBy=totalViews&limit=20&page=2",
    ]);
    expect(requested("/api/tiktok/videos/")).toEqual([
      "/api/tiktok/videos/user/amy/trend/track%203%7Cartist%203?sortBy=popular&limit=20&page=1",
    ]);
    expect(container.querySelector(".category-title")?.textContent).toBe("Track 3");
    expect(container.querySelector(".trend-item[aria-pressed='true']")?.textContent).toContain("Track 3");
    expect(here()).toBe("/user/amy?trend=track+3%7Cartist+3&videoSort=popular&trendSort=totalViews");
  });

  it("opens on the hashtag or playlist it names, on the tab that lists it", async () => {
    const tagged = mount("/user/amy?hashtag=Salsa");
    await waitFor(() => expect(playing(tagged)).toBe("@dancer5"));
    expect(tagged.querySelector(".category-title")?.textContent).toBe("#salsa");
    expect(tagged.querySelector("[role=tab][aria-selected='true']")?.textContent).toBe("Categories");
    expect(requested("/api/tiktok/dance-trends/user/")).toEqual([]);
    expect(here()).toBe("/user/amy?hashtag=salsa");
    rendered?.unmount();

    const listed = mount("/user/amy?playlist=12");
    await waitFor(() => expect(playing(listed)).toBe("@dancer7"));
    expect(listed.querySelector(".category-title")?.textContent).toBe("Salsa");
    expect(here()).toBe("/user/amy?playlist=12");
  });

  it("ignores what it does not offer or the creator does not have, and plays all their videos, newest first", async () => {
    const container = mount("/user/amy?trend=no+such%7Csong&videoSort=shuffle&trendSort=likes");
    await waitFor(() => expect(playing(container)).toBe("@dancer6"));
    expect(requested("/api/tiktok/dance-trends/user/amy?")).toEqual([
      "/api/tiktok/dance-trends/user/amy?sortBy=videoCount&limit=20&page=1",
      "/api/tiktok/dance-trends/user/amy?sortBy=videoCount&limit=20&page=2",
    ]);
    expect(requested("/api/tiktok/videos/")).toEqual(["/api/tiktok/videos/amy?sortOrder=latest&limit=20&page=1"]);
    expect(container.querySelector(".category-title")?.textContent).toBe("All Videos");
    expect(here()).toBe("/user/amy");
  });

  it("starts with the first page the server drew in the address's sort, and asks for it when the sorts differ", async () => {
    const drawn = mount("/user/amy?videoSort=popular", { firstPage: videoPage(9), firstPageSort: "popular" });
    await waitFor(() => expect(playing(drawn)).toBe("@dancer9"));
    expect(requested("/api/tiktok/videos/")).toEqual([]);
    rendered?.unmount();

    const other = mount("/user/amy?videoSort=popular", { firstPage: videoPage(9) }); // drawn newest first
    await waitFor(() => expect(playing(other)).toBe("@dancer6"));
    expect(requested("/api/tiktok/videos/")).toEqual(["/api/tiktok/videos/amy?sortOrder=popular&limit=20&page=1"]);
  });

  it("opens its sidebar on the trends the server sent, in the address's sort, without asking for them", async () => {
    const container = mount("/user/amy?trendSort=totalViews", {
      firstPage: videoPage(9),
      firstTrends: { items: [trend(4), trend(5)], hasMore: false },
    });
    await waitFor(() => expect(container.querySelectorAll(".channel-sidebar .trend-item")).toHaveLength(2));
    expect(container.textContent).not.toContain("Loading trends...");
    expect(requested("/api/tiktok/dance-trends/user/amy?")).toEqual([]);
  });

  it("gives up on a name after a few more pages of a long list, and plays all their videos", async () => {
    let pages = 0;
    const endless = (url: string) =>
      url.startsWith("/api/tiktok/categories/user/amy/hashtags?")
        ? jsonResponse({ hashtags: [{ hashtag: `#tag${++pages}`, count: 1, exampleDescription: null }], hasMore: true })
        : serveCreator(url);
    fetchMock.mockImplementation((url: string) => Promise.resolve(endless(url)));
    const container = mount("/user/amy?hashtag=nosuchtag");
    await waitFor(() => expect(playing(container)).toBe("@dancer6"));
    expect(requested("/api/tiktok/categories/user/amy/hashtags?")).toHaveLength(1 + MOST_PAGES_LOOKED);
    expect(here()).toBe("/user/amy");
    // The sidebar as /user/amy opens it, so a reload of the cleaned address shows the same page.
    await waitFor(() => expect(container.querySelector("[role='tab'][aria-selected='true']")?.textContent).toBe("Trends"));
  });
});

describe("the creator card's follower count", () => {
  it("counts again, as the server does, after a follow from the button beside the video", async () => {
    let followers = 4;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url.includes("csrf")) return Promise.resolve(jsonResponse({ csrfToken: "token" }));
      if (url === "/api/tiktok/toggle-follow" && init?.method === "POST") {
        followers += 2; // someone else followed too
        return Promise.resolve(jsonResponse({ isFollowing: true, subscribedTo: ["amy"], message: "Followed" }));
      }
      if (url.startsWith("/api/tiktok/usernames/amy/followers")) return Promise.resolve(jsonResponse({ danzaFollowers: followers }));
      if (url.startsWith("/api/tiktok/videos/amy?")) return Promise.resolve(jsonResponse({ ...videoPage(6), videos: [makeVideo(6, { username: "amy" })] }));
      return Promise.resolve(serveCreator(url));
    });
    window.history.replaceState(null, "", "/user/amy");
    page.context = pageContext(makeUser({ username: "viewer" }));
    rendered = render(<Creator profile={{ ...profile, danzaFollowers: followers }} />);
    const container = rendered.container;
    const shownCount = () => container.querySelectorAll(".creator-stats dd")[1]?.textContent;
    await waitFor(() => expect(container.querySelector(".feed-creator .feed-follow")).not.toBeNull());
    expect(shownCount()).toBe("4");
    act(() => (container.querySelector(".feed-creator .feed-follow") as HTMLButtonElement).click());
    await waitFor(() => expect(shownCount()).toBe("6"));
    expect(container.querySelector(".creator-card .feed-follow")?.textContent).toBe("Following");
  });

  it("says Follower for one and Followers otherwise", () => {
    for (const [count, label] of [[1, "Follower"], [0, "Followers"], [2, "Followers"]] as const) {
      window.history.replaceState(null, "", "/user/amy");
      page.context = pageContext(null);
      const shown = render(<Creator profile={{ ...profile, danzaFollowers: count }} />);
      const stat = shown.container.querySelectorAll(".creator-stats > div")[1]!;
      expect(stat.querySelector("dt")!.textContent).toMatch(new RegExp(` ${label}$`));
      expect(stat.querySelector("dd")!.textContent).toBe(String(count));
      shown.unmount();
    }
  });
});
