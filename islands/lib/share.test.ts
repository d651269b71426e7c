// @vitest-environment node
import { describe, expect, it, vi } from "vitest";
import {
  categoryVideoPath,
  hashtagPath,
  linkedPlaylistId,
  parseCategoryPath,
  playlistPath,
  shareLink,
  shareOrCopy,
  videoIdFromSlug,
  videoSlug,
  type ShareableVideo,
} from "./share";

const ORIGIN = "https://danza.example";
const video: ShareableVideo = {
  videoId: "7481154741926497543",
  username: "chuechuche",
  tags: ["xh", "fyp"],
  paths: { trend: "/dance-trends/bac-bling-bac-ninh-prod-by-masew_xuan-hinh/chuechuche-7481154741926497543" },
};
const withoutTrend: ShareableVideo = { ...video, paths: { trend: null } };
const bare: ShareableVideo = { ...withoutTrend, tags: [] };

function linkFrom(pathname: string, shared: ShareableVideo = video): string {
  return shareLink(shared, { origin: ORIGIN, pathname });
}

describe("shareLink", () => {
  it("is the trend path on a dance-trends page", () => {
    expect(linkFrom("/dance-trends")).toBe(`${ORIGIN}${video.paths.trend}`);
    expect(linkFrom("/dance-trends/other_trend/someone-7481517964362091794")).toBe(`${ORIGIN}${video.paths.trend}`);
  });

  it("is the address bar's hashtag with the video on a categories page", () => {
    expect(linkFrom("/categories/dance/someone-7481517964362091794")).toBe(
      `${ORIGIN}/categories/dance/chuechuche-7481154741926497543`,
    );
    expect(linkFrom("/categories/%E6%B5%81%E9%87%8F%E5%9B%9E%E4%BE%86")).toBe(
      `${ORIGIN}/categories/%E6%B5%81%E9%87%8F%E5%9B%9E%E4%BE%86/chuechuche-7481154741926497543`,
    );
  });

  it("uses the video's first tag on a categories page without a hashtag, else the bare video path", () => {
    expect(linkFrom("/categories")).toBe(`${ORIGIN}/categories/xh/chuechuche-7481154741926497543`);
    expect(linkFrom("/categories/chuechuche-7481154741926497543", bare)).toBe(
      `${ORIGIN}/categories/chuechuche-7481154741926497543`,
    );
  });

  it("elsewhere prefers the trend path, then the first hashtag, then the current path", () => {
    expect(linkFrom("/")).toBe(`${ORIGIN}${video.paths.trend}`);
    expect(linkFrom("/user/chuechuche", withoutTrend)).toBe(`${ORIGIN}/categories/xh/chuechuche-7481154741926497543`);
    expect(linkFrom("/user/chuechuche", bare)).toBe(`${ORIGIN}/user/chuechuche`);
  });

  it("does not mistake look-alike sections for the dance-trends or categories pages", () => {
    expect(linkFrom("/dance-trendsetters", withoutTrend)).toBe(`${ORIGIN}/categories/xh/chuechuche-7481154741926497543`);
    expect(linkFrom("/categoriesx", bare)).toBe(`${ORIGIN}/categoriesx`);
  });
});

describe("video paths", () => {
  it("cuts the username to 50 characters and drops a leading @", () => {
    expect(videoSlug("@dancer", "7481154741926497543")).toBe("dancer-7481154741926497543");
    expect(videoSlug("x".repeat(60), "123456")).toBe(`${"x".repeat(50)}-123456`);
  });

  it("reads the video id at the end of a slug", () => {
    expect(videoIdFromSlug("some-user-7481154741926497543")).toBe("7481154741926497543");
    expect(videoIdFromSlug("7481154741926497543")).toBe("7481154741926497543");
    expect(videoIdFromSlug("dance-2024")).toBeNull();
    expect(videoIdFromSlug("user-000000")).toBeNull();
    expect(videoIdFromSlug("dance")).toBeNull();
  });

  it("writes categories paths with a normalised, encoded hashtag", () => {
    expect(categoryVideoPath("#Dance", video)).toBe("/categories/dance/chuechuche-7481154741926497543");
    expect(categoryVideoPath(null, video)).toBe("/categories/chuechuche-7481154741926497543");
    expect(categoryVideoPath("#", video)).toBe("/categories/chuechuche-7481154741926497543");
    expect(hashtagPath("#流量")).toBe("/categories/%E6%B5%81%E9%87%8F");
    expect(hashtagPath(" ")).toBe("/categories");
  });
});

describe("parseCategoryPath", () => {
  it("finds the optional hashtag and video id of a deep link", () => {
    expect(parseCategoryPath("/categories")).toEqual({ hashtag: null, videoId: null });
    expect(parseCategoryPath("/categories/")).toEqual({ hashtag: null, videoId: null });
    expect(parseCategoryPath("/categories/Dance")).toEqual({ hashtag: "dance", videoId: null });
    expect(parseCategoryPath("/categories/chuechuche-7481154741926497543")).toEqual({
      hashtag: null,
      videoId: "7481154741926497543",
    });
    expect(parseCategoryPath("/categories/fyp/chuechuche-7481154741926497543")).toEqual({
      hashtag: "fyp",
      videoId: "7481154741926497543",
    });
    expect(parseCategoryPath("/categories/%E6%B5%81%E9%87%8F/x-7481154741926497543")).toEqual({
      hashtag: "流量",
      videoId: "7481154741926497543",
    });
  });

  it("keeps a hashtag whose link has no valid video id, and ignores other pages", () => {
    expect(parseCategoryPath("/categories/fyp/not-a-video")).toEqual({ hashtag: "fyp", videoId: null });
    expect(parseCategoryPath("/categories/%23/x-7481154741926497543")).toEqual({
      hashtag: null,
      videoId: "7481154741926497543",
    });
    expect(parseCategoryPath("/dance-trends/a_b/x-7481154741926497543")).toBeNull();
  });
});

describe("playlist links", () => {
  it("name a playlist by its id in the query, and read back what the query names, a playlist id or not", () => {
    expect(playlistPath("12")).toBe("/categories?playlist=12");
    expect(linkedPlaylistId("?playlist=12")).toBe("12");
    expect(linkedPlaylistId("?playlist=12&x=1")).toBe("12");
    // The server answers these as a playlist not found, so the page opens on the playlists too.
    expect(linkedPlaylistId("?playlist=abc")).toBe("abc");
    expect(linkedPlaylistId("?playlist=1%2F2")).toBe("1/2");
    for (const none of ["", "?playlist=", "?x=1"]) expect(linkedPlaylistId(none)).toBeNull();
  });
});

describe("shareOrCopy", () => {
  const url = `${ORIGIN}/categories/xh/chuechuche-7481154741926497543`;

  it("uses the native share sheet when there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    const copy = vi.fn(() => Promise.resolve());
    expect(await shareOrCopy(url, { share, copy })).toBe("shared");
    expect(share).toHaveBeenCalledWith({ url });
    expect(copy).not.toHaveBeenCalled();
  });

  it("copies the link when native share fails or is missing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const copy = vi.fn(() => Promise.resolve());
    expect(await shareOrCopy(url, { share: () => Promise.reject(new Error("not allowed")), copy })).toBe("copied");
    expect(await shareOrCopy(url, { share: null, copy })).toBe("copied");
    expect(copy).toHaveBeenCalledTimes(2);
    expect(copy).toHaveBeenCalledWith(url);
  });

  it("does nothing more when the viewer cancels the share sheet", async () => {
    const copy = vi.fn(() => Promise.resolve());
    const cancel = () => Promise.reject(new DOMException("Share canceled", "AbortError"));
    expect(await shareOrCopy(url, { share: cancel, copy })).toBe("cancelled");
    expect(copy).not.toHaveBeenCalled();
  });

  it("reports a copy that failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await shareOrCopy(url, { share: null, copy: () => Promise.reject(new Error("denied")) })).toBe("failed");
  });
});
