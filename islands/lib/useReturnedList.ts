import { useState } from "react";
import { storedPlace, useAddressBar } from "./address-bar";
import { useVideoList, type VideoList, type VideoSource } from "./useVideoList";
import { listPlace } from "./video-list";

/**
 * The list of a page whose address names no video (Following, a creator's page). Its history entry keeps the video
 * on stage, so a reload, or Back to the page, picks up on that video among the same list, as the other feeds do; a
 * list chosen after starts at its first video.
 */
export function useReturnedList(source: VideoSource | null, address: string | null): VideoList {
  const [opened, setOpened] = useState(storedPlace);
  if (opened && source && source.key !== opened.key) setOpened(null);
  // A new source object with the same key is the same list (see useVideoList): no need to keep this one.
  const list = useVideoList(
    opened?.video && source?.key === opened.key ? { ...source, lead: opened.video, resume: opened } : source,
  );
  const place = listPlace(list.state);
  const { current } = list;
  useAddressBar(address, source && place && current ? { key: source.key, ...place, video: current } : null);
  return list;
}
