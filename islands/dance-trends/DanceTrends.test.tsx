// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Trend } from "../lib/api-types";
import { forgetInteraction } from "../lib/first-interaction";
import { act } from "react";
import { buttonNamed, chooseOption, click, jsonResponse, render, typeInto, waitFor, type Rendered } from "../test/dom";
import { pageContext } from "../test/context";
import { forgetFollowing } from "../lib/following";
import { makeVideo, makeVideos } from "../test/videos";
import DanceTrends, { type DanceTrendsProps } from "./index";

const page = vi.hoisted(() => ({ context: null as unknown }));
vi.mock("../lib/context", () => ({ getAppContext: () => page.context }));

function trend(n: number, overrides: Partial<Trend> = {}): Trend {
  return {
    ...makeVideo(n).trendInfo!,
    firstVideoDate: "2025-03-13T05:01:13+00:00",
    lastVideoDate: "2025-04-01T00:00:00+00:00",
    trendScore: 42,
    ...overrides,
  };
}

let rendered: Rendered | null = null;
let fetchMock: ReturnType<typeof vi.fn>;

function serve(route: (url: string) => Response | undefined) {
  fetchMock.mockImplementation((url: string) => Promise.resolve(route(url) ?? jsonResponse({ message: "Not found" }, 404)));
}

function mount(path: string, props: DanceTrendsProps = {}): HTMLElement {
  window.history.replaceState(null, "", path);
  page.context = pageContext(null);
  rendered = render(<DanceTrends {...props} />);
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

describe("DanceTrends", () => {
  it("says 'Loading Dance Trends...', then lists the trends Featured first and plays the first", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      url.startsWith("/api/tiktok/dance-trends?")
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(jsonResponse({ videos: makeVideos(1, 3), total: 3 })),
    );
    const container = mount("/dance-trends", { search: "" });
    expect(container.textContent).toContain("Loading Dance Trends...");
    await waitFor(() => expect(requested("/api/tiktok/dance-trends?")).toHaveLength(1));
    answer(jsonResponse({ trends: [trend(1, { isOriginalSound: true }), trend(2)], total: 2, hasMore: false }));

    await waitFor(() => expect(container.querySelectorAll(".trend-item")).toHaveLength(2));
    expect(requested("/api/tiktok/dance-trends?")).toEqual(["/api/tiktok/dance-trends?search=&sortBy=videoCount&page=1&limit=20"]);
    const card = container.querySelector(".trend-item")!;
    expect(card.textContent).toBe("Track 1OriginalArtist 13 videos1.3M views34.5K likesFirst: Mar 13, 2025");
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/dance-trends/videos")[0]).toBe(
      "/api/tiktok/dance-trends/videos?songKey=track+1%7Cartist+1&page=1&limit=20&sortBy=mostRecent",
    );
    expect(window.location.pathname).toBe(makeVideo(1).paths.trend);
  });

  it("starts from the trends the server drew with the page, and asks for them again once their sort changes", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(3)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: makeVideos(1, 2), total: 2 });
      return undefined;
    });
    const container = mount("/dance-trends?trendSort=totalViews", {
      search: "",
      trends: { items: [trend(1), trend(2)], hasMore: false },
    });
    expect(container.textContent).not.toContain("Loading Dance Trends...");
    expect(container.querySelectorAll(".trend-item")).toHaveLength(2);
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/api/tiktok/dance-trends?")).toEqual([]);

    chooseOption(container, "Sort trends", "videoCount");
    await waitFor(() => expect(container.querySelectorAll(".trend-item")).toHaveLength(1));
    expect(requested("/api/tiktok/dance-trends?")).toEqual(["/api/tiktok/dance-trends?search=&sortBy=videoCount&page=1&limit=20"]);
  });

  it("opens a deep link on its trend with the linked video first", async () => {
    const linked = makeVideo(3);
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(4), linked, makeVideo(5)], total: 3 });
      return undefined;
    });
    const container = mount(linked.paths.trend!, { video: linked, trend: trend(3) });
    expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer3");
    await waitFor(() => expect(buttonNamed(container, "Next").disabled).toBe(false));
    click(buttonNamed(container, "Next"));
    expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer4");
    expect(window.location.pathname).toBe(makeVideo(4).paths.trend);
    expect(requested("/dance-trends/videos")[0]).toContain("songKey=track+3%7Cartist+3");
  });

  it("searches from the address, keeps the search in the address, and says when nothing matches", async () => {
    serve((url) => {
      if (url.includes("search=Track+2")) return jsonResponse({ trends: [trend(2)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(2)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends?search=Track%202", { search: "Track 2" });
    const box = container.querySelector<HTMLInputElement>("input[type=search]")!;
    expect(box.value).toBe("Track 2");
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer2"));
    expect(`${window.location.pathname}${window.location.search}`).toBe(`${makeVideo(2).paths.trend}?search=Track+2`);

    typeInto(box, "nothing like it");
    await waitFor(() => expect(container.querySelector(".watch-list")?.textContent).toBe("No dance trends found"));
    expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer2");
  });

  it("puts a shared trend at the top of the list in every sort while it plays, but not among a search's", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1), trend(2)], hasMore: true });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(9)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends/track-9-artist-9", { trend: trend(9) });
    const cards = () => Array.from(container.querySelectorAll(".trend-item"), (card) => card.querySelector(".watch-item-name")?.textContent);
    await waitFor(() => expect(cards()).toEqual(["Track 9", "Track 1", "Track 2"]));
    expect(container.querySelector(".trend-item")?.getAttribute("aria-pressed")).toBe("true");
    chooseOption(container, "Sort trends", "totalViews");
    await waitFor(() => expect(requested("sortBy=totalViews")).toHaveLength(1));
    expect(cards()).toEqual(["Track 9", "Track 1", "Track 2"]);

    typeInto(container.querySelector<HTMLInputElement>("input[type='search']")!, "Track");
    await waitFor(() => expect(requested("search=Track")).toHaveLength(1));
    await waitFor(() => expect(cards()).toEqual(["Track 1", "Track 2"]));
    typeInto(container.querySelector<HTMLInputElement>("input[type='search']")!, "");
    await waitFor(() => expect(cards()).toEqual(["Track 9", "Track 1", "Track 2"]));

    // One chosen from the list stays in its place: the list does not move under the pointer.
    click(container.querySelectorAll(".trend-item")[2]!);
    expect(cards()).toEqual(["Track 1", "Track 2"]);
    expect(container.querySelectorAll(".trend-item")[1]?.getAttribute("aria-pressed")).toBe("true");
  });

  it("keeps the sorts in the address, beside the search, and opens with the sorts an address names", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends?search=Track&trendSort=rising&videoSort=shuffle&seed=42", { search: "Track" });
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/api/tiktok/dance-trends?")[0]).toBe("/api/tiktok/dance-trends?search=Track&sortBy=rising&page=1&limit=20");
    expect(requested("/dance-trends/videos")[0]).toContain("&sortBy=shuffle&seed=42");
    const path = makeVideo(1).paths.trend;
    expect(`${window.location.pathname}${window.location.search}`).toBe(`${path}?search=Track&trendSort=rising&videoSort=shuffle&seed=42`);

    chooseOption(container, "Sort videos", "oldest");
    await waitFor(() => expect(window.location.search).toBe("?search=Track&trendSort=rising&videoSort=oldest"));
    chooseOption(container, "Sort trends", "videoCount");
    chooseOption(container, "Sort videos", "mostRecent");
    await waitFor(() => expect(window.location.search).toBe("?search=Track"));
  });

  it("ignores sorts an address names that the page does not offer", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends?trendSort=views&videoSort=mostLikes");
    await waitFor(() => expect(container.querySelector(".feed-creator-link")?.textContent).toBe("@dancer1"));
    expect(requested("/api/tiktok/dance-trends?")[0]).toContain("&sortBy=videoCount&");
    expect(requested("/dance-trends/videos")[0]).toContain("&sortBy=mostRecent");
    expect(`${window.location.pathname}${window.location.search}`).toBe(makeVideo(1).paths.trend);
  });

  it("says 'Unable to load trends' when the list fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    serve(() => jsonResponse({ message: "down" }, 500));
    const container = mount("/dance-trends");
    await waitFor(() => expect(container.querySelector(".watch-list")?.textContent).toBe("Unable to load trends"));
  });

  it("offers Rising in the trend sorts and asks for sortBy=rising", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends");
    const label = Array.from(container.querySelectorAll("label")).find((each) => each.textContent === "Sort trends")!;
    const sort = document.getElementById(label.htmlFor) as HTMLSelectElement;
    expect(Array.from(sort.options, (option) => option.textContent)).toEqual([
      "Featured",
      "Trend Score",
      "Views",
      "First Video",
      "Last Video",
      "Rising",
    ]);
    await waitFor(() => expect(container.querySelectorAll(".trend-item")).toHaveLength(1));
    act(() => {
      sort.value = "rising";
      sort.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await waitFor(() => expect(requested("sortBy=rising")).toEqual(["/api/tiktok/dance-trends?search=&sortBy=rising&page=1&limit=20"]));
  });

  it("dates each card by its first video, and by its last once the list is sorted by it", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends");
    await waitFor(() => expect(container.querySelector(".trend-item-meta")?.textContent).toMatch(/^First: /));
    const label = Array.from(container.querySelectorAll("label")).find((each) => each.textContent === "Sort trends")!;
    const sort = document.getElementById(label.htmlFor) as HTMLSelectElement;
    act(() => {
      sort.value = "lastVideoDate";
      sort.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await waitFor(() => expect(container.querySelector(".trend-item-meta")?.textContent).toBe("Last: Apr 1, 2025"));
  });

  it("draws each card's last weeks as a sparkline", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?"))
        return jsonResponse({ trends: [trend(1, { recentWeeks: [0, 1, 2, 4, 0, 0, 3, 8] })], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return undefined;
    });
    const container = mount("/dance-trends");
    await waitFor(() => expect(container.querySelector(".trend-item .sparkline")).not.toBeNull());
    const spark = container.querySelector(".trend-item .sparkline")!;
    expect(spark.getAttribute("aria-label")).toBe("Videos in each of the last 8 weeks: 0, 1, 2, 4, 0, 0, 3, 8");
    const points = spark.querySelector("polyline")!.getAttribute("points")!.split(" ");
    // 8 points, 12.5 apart, the largest week at the top (y 2) and the empty ones on the floor (y 22)
    expect(points).toEqual(["6.25,22", "18.75,19.5", "31.25,17", "43.75,12", "56.25,22", "68.75,22", "81.25,14.5", "93.75,2"]);
  });

  it("opens the page's own curve without a request and fetches another trend's when it is chosen", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1), trend(2, { risingScore: 1.5 })], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      if (url.startsWith("/partials/trend-curve?songKey=track+2%7Cartist+2")) return new Response('<figure class="chart">Curve of 2</figure>');
      return undefined;
    });
    const container = mount("/dance-trends", { curve: { songKey: "track 1|artist 1", html: '<figure class="chart">Curve of 1</figure>' } });
    await waitFor(() => expect(container.querySelector("details.trend-curve")).not.toBeNull());
    const details = container.querySelector<HTMLDetailsElement>("details.trend-curve")!;
    expect(details.open).toBe(false);
    expect(details.querySelector("summary")!.textContent).toBe("Curve");
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event("toggle"));
    });
    expect(details.querySelector(".chart")!.textContent).toBe("Curve of 1");
    expect(requested("/partials/")).toEqual([]);

    click(container.querySelectorAll(".trend-item")[1]!);
    await waitFor(() => expect(container.querySelector("details.trend-curve .chart")?.textContent).toBe("Curve of 2"));
    expect(requested("/partials/")).toEqual(["/partials/trend-curve?songKey=track+2%7Cartist+2"]);
    expect(container.querySelector("details.trend-curve summary")!.textContent).toBe("CurveRising");
  });

  it("says 'Unable to load the curve' when the fragment fails", async () => {
    serve((url) => {
      if (url.startsWith("/api/tiktok/dance-trends?")) return jsonResponse({ trends: [trend(1)], hasMore: false });
      if (url.startsWith("/api/tiktok/dance-trends/videos")) return jsonResponse({ videos: [makeVideo(1)], total: 1 });
      return new Response("<p>Dance trend not found</p>", { status: 404 });
    });
    const container = mount("/dance-trends");
    await waitFor(() => expect(container.querySelector("details.trend-curve")).not.toBeNull());
    const details = container.querySelector<HTMLDetailsElement>("details.trend-curve")!;
    act(() => {
      details.open = true;
      details.dispatchEvent(new Event("toggle"));
    });
    await waitFor(() => expect(details.querySelector(".trend-curve-status")?.textContent).toBe("Unable to load the curve"));
  });
});
