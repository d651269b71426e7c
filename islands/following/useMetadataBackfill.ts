import { useEffect, useEffectEvent, useRef } from "react";
import type { Video } from "../lib/api-types";
import type { VideoList } from "../lib/useVideoList";
import { extractVideoMetadata, lacksMetadata, mergeMetadata } from "./video-metadata";

/** Spec §4: when the current video lacks metadata it is fetched and merged, once per video while the page is open. */
export function useMetadataBackfill({ current, update }: Pick<VideoList, "current" | "update">): void {
  const asked = useRef(new Set<string>());
  const video: Video | null = current && lacksMetadata(current) ? current : null;
  // The video's id names the request; a merged copy of the same video asks nothing more.
  const videoId = video?.videoId ?? null;

  const backfill = useEffectEvent((videoId: string) => {
    if (!video || asked.current.has(videoId)) return;
    asked.current.add(videoId);
    void extractVideoMetadata(video).then((fresh) => {
      if (fresh) update(videoId, (loaded) => mergeMetadata(loaded, fresh));
    });
  });

  useEffect(() => {
    if (videoId) backfill(videoId);
  }, [videoId]);
}
