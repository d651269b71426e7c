import { useEffect, useEffectEvent, useState } from "react";
import type { Answer, Video } from "../lib/api-types";
import { linkedPlaylistId, parseCategoryPath } from "../lib/share";
import { findVideo } from "../lib/categories-api";
import { readVideoPage } from "../lib/video-list";
import type { VideoOrder } from "../lib/video-sorts";
import { hashtagChoice, type CategoryChoice } from "./choice";
import { reloadedPlace } from "./useListStep";

export interface LinkedChoice {
  /** The category the page opened with, or null. */
  initial: CategoryChoice | null;
  /** The linked video is still being looked up. */
  resolving: boolean;
  /** The page opened on a video, so the remembered position does not apply. */
  linkedToVideo: boolean;
  /** The page opened on a playlist ('/categories?playlist={id}'), found or not. */
  linkedToPlaylist: boolean;
}

/**
 * The deep link in the address (spec §2 "Categories page"): the hashtag and video id come from the path. The
 * server's copy of the video plays first when it is the linked one, under the path's hashtag or else the one the
 * server chose (`pageHashtag`); otherwise find-by-id supplies the video and its suggested hashtag. A video it cannot find resets the target.
 * '/categories?playlist={id}' opens that playlist as the server found it (`pagePlaylist`, with its first videos; null
 * when the viewer may not see it, which the page says). A hashtag plays in the address's `order`.
 */
export function useLinkedChoice(
  pageVideo: Video | null,
  pageHashtag: string | null,
  pagePlaylist: Answer<"PlaylistVideos"> | null,
  order: VideoOrder,
  onResolved: (choice: CategoryChoice | null) => void,
): LinkedChoice {
  // All of it is about the address the page opened with, so it is read once.
  const [link] = useState(() => parseCategoryPath(window.location.pathname) ?? { hashtag: null, videoId: null });
  const known = pageVideo && pageVideo.videoId === link.videoId ? pageVideo : null;
  // An address without a hashtag plays the video under the one the server chose for it, as find-by-id would.
  const hashtag = link.hashtag ?? (known ? pageHashtag : null);
  const [needsLookup] = useState(() => link.videoId !== null && (hashtag === null || known === null));
  const [playlistId] = useState(() =>
    link.videoId === null && link.hashtag === null ? linkedPlaylistId(window.location.search) : null,
  );
  const [resolving, setResolving] = useState(needsLookup);
  const [initial] = useState((): CategoryChoice | null => {
    if (playlistId !== null) {
      // The server found it by this address ('?playlist=0012' is playlist 12).
      if (!pagePlaylist) return null;
      const playlist = pagePlaylist.playlist;
      return reloadedPlace({ kind: "playlist", playlist, lead: null, firstPage: readVideoPage(pagePlaylist) });
    }
    return needsLookup || !hashtag ? null : reloadedPlace(hashtagChoice(hashtag, known, order));
  });
  const resolved = useEffectEvent(onResolved);

  useEffect(() => {
    if (!needsLookup || !link.videoId) return;
    let current = true;
    void findVideo(link.videoId).then((found) => {
      if (!current) return;
      const hashtag = link.hashtag ?? found?.suggestedHashtag ?? found?.video.tags[0] ?? "";
      resolved(hashtagChoice(hashtag, found?.video ?? null, order));
      setResolving(false);
    });
    return () => {
      current = false;
    };
  }, [needsLookup, link, order]);

  return {
    initial,
    resolving,
    linkedToVideo: link.videoId !== null,
    linkedToPlaylist: playlistId !== null,
  };
}
