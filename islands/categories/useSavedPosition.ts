import { useEffect, useRef, useState } from "react";
import { getAppContext } from "../lib/context";
import type { VideoList } from "../lib/useVideoList";
import { fetchSavedPosition, savePosition } from "../lib/categories-api";

/**
 * Spec §4: a signed-in viewer's position is remembered. The saved index applies once, to the first list
 * loaded, when it lies within it and the page was not opened on a video; moves are saved as they happen.
 * Failures are only logged.
 */
export function useSavedPosition(list: VideoList, restore: boolean): void {
  const signedIn = getAppContext().user !== null;
  const [saved, setSaved] = useState<number | null>(null);
  const applied = useRef(false);
  const { jumpTo } = list;
  const { page, index, navigated } = list.state;

  useEffect(() => {
    if (!signedIn || !restore) return;
    fetchSavedPosition().then(setSaved, (error: unknown) => console.error("Reading the video position failed", error));
  }, [signedIn, restore]);

  useEffect(() => {
    if (applied.current || saved === null || page === 0) return;
    applied.current = true;
    jumpTo(saved);
  }, [saved, page, jumpTo]);

  useEffect(() => {
    if (!signedIn || !navigated) return;
    savePosition(index).catch((error: unknown) => console.error("Saving the video position failed", error));
  }, [signedIn, navigated, index]);
}
