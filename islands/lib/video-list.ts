import type { Answer, Video } from "./api-types";
import { isPlayableVideoId, playableVideos } from "./video";

/** Spec §9: category (and trend) videos come 20 to a page. */
export const VIDEO_PAGE_SIZE = 20;
/** The next page loads once the index is within 2 of the last video. */
export const PREFETCH_DISTANCE = 2;

/** The existing videos followed by the new ones not already there (by videoId), unplayable ids dropped. */
export function appendUnique(existing: readonly Video[], incoming: readonly Video[]): Video[] {
  const seen = new Set(existing.map((video) => video.videoId));
  const merged = [...existing];
  for (const video of incoming) {
    if (!isPlayableVideoId(video.videoId) || seen.has(video.videoId)) continue;
    seen.add(video.videoId);
    merged.push(video);
  }
  return merged;
}

/** After a removal the index stays where it was, or moves back onto the new last video. */
export function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(index, length - 1));
}

/** Spec §9: more exist when a full page came back and the total exceeds the pages loaded so far. */
export function pageHasMore(returned: number, total: number, page: number): boolean {
  return returned === VIDEO_PAGE_SIZE && total > VIDEO_PAGE_SIZE * page;
}

export interface VideoPage {
  videos: Video[];
  total: number;
  /** The server's own answer, for lists paged by offset rather than 20 to a page. */
  hasMore?: boolean;
}

/** A page of videos as the API (or a page's own props) gives it. */
export function readVideoPage(data: Answer<"VideoPage">): VideoPage {
  return { videos: playableVideos(data.videos), total: data.total, hasMore: data.hasNextPage };
}

/** Where a list is to pick up again: at `videoId`, which stood at `index` when it was left. */
export interface Resume {
  index: number;
  videoId: string;
}

export interface VideoListState {
  /** The chosen list (a trend or a category with its sort); answers for an earlier choice are dropped. */
  key: string | null;
  videos: Video[];
  index: number;
  /** The last page loaded; 0 before the first. */
  page: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** A video has been on stage; the next choice is no longer the page's first video. */
  shown: boolean;
  /** The viewer has moved on from the page's first video, so later videos may start with sound. */
  navigated: boolean;
  /** Pages load until this video (or its index) is reached, and the list picks up there. */
  resume: Resume | null;
  /** The first video is the resumed one standing in until a page shows its place (a reload shows it at once). */
  placeholder: boolean;
}

export type VideoListAction =
  | { type: "select"; key: string | null; lead: Video | null; resume?: Resume | null }
  | { type: "loadStarted"; key: string }
  | { type: "pageLoaded"; key: string; page: number; videos: Video[]; total: number; hasMore?: boolean }
  | { type: "pageFailed"; key: string; page: number }
  | { type: "move"; delta: number }
  | { type: "jump"; index: number }
  | { type: "remove"; videoId: string; decrementTotal: boolean }
  | { type: "update"; videoId: string; update: (video: Video) => Video };

const EMPTY_VIDEO_LIST: VideoListState = {
  key: null,
  videos: [],
  index: 0,
  page: 0,
  total: 0,
  hasMore: false,
  loading: false,
  failed: false,
  shown: false,
  navigated: false,
  resume: null,
  placeholder: false,
};

/** A new choice starts at index 0 with its linked video (if any) first, and nothing loaded yet; or, resumed, at
 * its video as its pages arrive. */
function select(state: VideoListState, key: string | null, lead: Video | null, resume: Resume | null = null): VideoListState {
  const videos = lead && isPlayableVideoId(lead.videoId) ? [lead] : [];
  return {
    ...EMPTY_VIDEO_LIST,
    key,
    videos,
    hasMore: key !== null,
    shown: state.shown || videos.length > 0,
    navigated: state.navigated || state.shown,
    resume,
    placeholder: videos.length > 0 && resume?.videoId === lead?.videoId,
  };
}

/** The list picks up at its resumed video once a page holds it; at its old index once the list reaches past that
 * without it (the order changed meanwhile), or at the end of a list now shorter. */
function resumed(state: VideoListState): VideoListState {
  const { resume, videos } = state;
  if (!resume) return state;
  const found = videos.findIndex((video) => video.videoId === resume.videoId);
  if (found >= 0) return { ...state, index: found, resume: null };
  if (videos.length > resume.index || !state.hasMore) return { ...state, index: clampIndex(resume.index, videos.length), resume: null };
  return state;
}

/** A page arrives while the resumed video stands in first: once a page holds it, the list becomes the pages, with
 * the video on stage where they have it; when the list reaches past its old index (or its end) without it, the
 * video stays first, as a linked one does. */
type Paged = Pick<VideoListState, "page" | "total" | "hasMore" | "loading">;

function placed(state: VideoListState, incoming: readonly Video[], paged: Paged): VideoListState {
  const [standIn, ...before] = state.videos;
  const pages = appendUnique(before, incoming);
  const at = pages.findIndex((video) => video.videoId === standIn?.videoId);
  if (at >= 0) {
    const onStage = state.videos[state.index];
    const index = onStage === standIn ? at : Math.max(pages.indexOf(onStage!), 0);
    return { ...state, ...paged, videos: pages, index, resume: null, placeholder: false };
  }
  const videos = standIn ? [standIn, ...pages] : pages;
  const gaveUp = !paged.hasMore || pages.length > (state.resume?.index ?? 0);
  return { ...state, ...paged, videos, resume: gaveUp ? null : state.resume, placeholder: !gaveUp };
}

export function videoListReducer(state: VideoListState, action: VideoListAction): VideoListState {
  if ("key" in action && action.type !== "select" && action.key !== state.key) return state;
  switch (action.type) {
    case "select":
      return action.key === state.key ? state : select(state, action.key, action.lead, action.resume);
    case "loadStarted":
      return { ...state, loading: true };
    case "pageLoaded": {
      const paged: Paged = {
        page: action.page,
        total: action.total,
        hasMore: action.hasMore ?? pageHasMore(action.videos.length, action.total, action.page),
        loading: false,
      };
      if (state.placeholder) return placed(state, action.videos, paged);
      const videos = appendUnique(state.videos, action.videos);
      return resumed({ ...state, ...paged, videos, shown: state.shown || videos.length > 0 });
    }
    case "pageFailed":
      return { ...state, loading: false, failed: true, hasMore: false, resume: null, placeholder: false };
    case "move": {
      const index = clampIndex(state.index + action.delta, state.videos.length);
      return index === state.index ? state : { ...state, index, navigated: true, resume: null, placeholder: false };
    }
    case "jump":
      return !state.navigated && action.index >= 0 && action.index < state.videos.length
        ? { ...state, index: action.index }
        : state;
    case "remove": {
      const videos = state.videos.filter((video) => video.videoId !== action.videoId);
      if (videos.length === state.videos.length) return state;
      const total = action.decrementTotal ? Math.max(state.total - 1, 0) : state.total;
      const index = clampIndex(state.index, videos.length);
      return { ...state, videos, index, total, navigated: true, resume: null, placeholder: false };
    }
    case "update": {
      const position = state.videos.findIndex((video) => video.videoId === action.videoId);
      const video = state.videos[position];
      if (!video) return state;
      const videos = [...state.videos];
      videos[position] = action.update(video);
      return { ...state, videos };
    }
  }
}

/** Load the next page: the first one of a new choice, the next once the index is within 2 of the end, or the
 * next until a resumed list reaches its video. */
export function shouldLoadMore(state: VideoListState): boolean {
  if (state.key === null || state.loading || state.failed || !state.hasMore) return false;
  return state.page === 0 || state.resume !== null || state.videos.length - 1 - state.index <= PREFETCH_DISTANCE;
}

/** The list at mount: its linked video first and, when the page came with it, its first page loaded already;
 * reloaded, picking up where it was. */
export function initialVideoList(key: string | null, lead: Video | null, firstPage?: VideoPage, resume: Resume | null = null): VideoListState {
  const chosen = select(EMPTY_VIDEO_LIST, key, lead, resume);
  if (key === null || !firstPage) return chosen;
  return videoListReducer(chosen, { type: "pageLoaded", key, page: 1, ...firstPage });
}
