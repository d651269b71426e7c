import { api } from "../lib/api";
import type { Answer, Trend } from "../lib/api-types";
import { playableVideos } from "../lib/video";
import type { TrendSort } from "../lib/trends";
import type { ItemPage } from "../lib/usePagedItems";
import { VIDEO_PAGE_SIZE, type VideoPage } from "../lib/video-list";
import { videoOrderQuery, type VideoOrder } from "../lib/video-sorts";

export const TRENDS_PAGE_SIZE = 20;

/** Page n of the trends matching a search (track or artist), in the chosen order. */
export async function fetchTrendPage(search: string, sortBy: TrendSort, page: number): Promise<ItemPage<Trend>> {
  const query = new URLSearchParams({ search, sortBy, page: String(page), limit: String(TRENDS_PAGE_SIZE) });
  const data = await api.get<Answer<"TrendPage">>(`/api/tiktok/dance-trends?${query}`);
  return { items: data.trends, hasMore: data.hasMore };
}

/** Page n of one trend's videos, 20 to a page. */
export async function fetchTrendVideos(songKey: string, order: VideoOrder, page: number): Promise<VideoPage> {
  const query = new URLSearchParams({ songKey, page: String(page), limit: String(VIDEO_PAGE_SIZE) });
  const data = await api.get<Answer<"TrendVideoPage">>(
    `/api/tiktok/dance-trends/videos?${query}&${videoOrderQuery(order)}`,
  );
  return { videos: playableVideos(data.videos), total: data.total };
}

/** The selected trend's curve, drawn by the server as the page draws the one it opens with (an HTML fragment). */
export async function fetchTrendCurve(songKey: string): Promise<string> {
  const query = new URLSearchParams({ songKey });
  return api.get<string>(`/partials/trend-curve?${query}`, { headers: { Accept: "text/html" } });
}
