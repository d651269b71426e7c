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
  standIn: boolean;
  /** Pages loaded while resuming, shown once the resumed video's place is known (till then no move is offered). */
  waiting: Video[];
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
  standIn: false,
  waiting: [],
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
    standIn: videos.length > 0 && resume?.videoId === lead?.videoId,
  };
}

type Paged = Pick<VideoListState, "page" | "total" | "hasMore" | "loading">;

/** A page arrives while the list resumes. Once the pages hold the resumed video, the list is shown with it on
 * stage (a video standing in for it moves to its place among them). When they reach past its old index, or end,
 * without it (gone, or the order changed): a video standing in stays first, as a linked one does; else the list
 * picks up at that index. */
function resumed(state: VideoListState, incoming: readonly Video[], paged: Paged): VideoListState {
  const { resume } = state;
  if (!resume) return state;
  const waiting = appendUnique(state.waiting, incoming);
  const merged = state.standIn ? waiting : appendUnique(state.videos, waiting);
  const at = merged.findIndex((video) => video.videoId === resume.videoId);
  if (at < 0 && paged.hasMore && waiting.length <= resume.index) return { ...state, ...paged, waiting };
  return settled({ ...state, ...paged, waiting }, at >= 0 ? { videos: merged, index: at } : undefined);
}

/** The list stops resuming: at `place`, or with what it has (a video standing in first, else at the old index). */
function settled(state: VideoListState, place?: Pick<VideoListState, "videos" | "index">): VideoListState {
  const videos = place?.videos ?? appendUnique(state.videos, state.waiting);
  const index = place?.index ?? (state.standIn ? 0 : clampIndex(state.resume?.index ?? 0, videos.length));
  return { ...state, videos, index, resume: null, standIn: false, waiting: [], shown: state.shown || videos.length > 0 };
}

/** The list's place to keep in its history entry: where it is to pick up, while it still resumes. */
export function listPlace(state: VideoListState): Resume | null {
  if (state.resume) return state.resume;
  const video = state.videos[state.index];
  return video ? { index: state.index, videoId: video.videoId } : null;
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
      if (state.resume) return resumed(state, action.videos, paged);
      const videos = appendUnique(state.videos, action.videos);
      return { ...state, ...paged, videos, shown: state.shown || videos.length > 0 };
    }
    case "pageFailed": {
      const failed = { ...state, loading: false, failed: true, hasMore: false };
      return state.resume ? settled(failed) : failed;
    }
    case "move": {
      const index = clampIndex(state.index + action.delta, state.videos.length);
      return index === state.index ? state : { ...state, index, navigated: true };
    }
    case "jump":
      return !state.navigated && action.index >= 0 && action.index < state.videos.length
        ? { ...state, index: action.index }
        : state;
    case "remove": {
      const listed = state.resume ? settled(state) : state;
      const videos = listed.videos.filter((video) => video.videoId !== action.videoId);
      if (videos.length === listed.videos.length) return state;
      const total = action.decrementTotal ? Math.max(state.total - 1, 0) : state.total;
      return { ...listed, videos, index: clampIndex(listed.index, videos.length), total, navigated: true };
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
