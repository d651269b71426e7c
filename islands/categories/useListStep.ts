import { useEffect, useEffectEvent, useMemo, useRef } from "react";
import { linkedPlaylistId, parseCategoryPath } from "../lib/share";
import type { Resume } from "../lib/video-list";
import type { CategoryChoice } from "./choice";

interface StepState {
  category?: CategoryChoice;
  /** The video on stage when the entry was left, and its index in the list. */
  place?: Resume | null;
}

function here(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function stepState(): StepState | null {
  return window.history.state as StepState | null;
}

/** The category the page opened with, picking up where this entry was left when it was reloaded: the same
 * hashtag (in the order it had) or playlist, at the video the address names. */
export function reloadedPlace(opened: CategoryChoice | null): CategoryChoice | null {
  const { category: kept, place: resume } = stepState() ?? {};
  if (!opened || !kept || !resume) return opened;
  if (opened.lead && opened.lead.videoId !== resume.videoId) return opened;
  if (opened.kind === "hashtag" && kept.kind === "hashtag" && kept.hashtag === opened.hashtag) {
    return { ...opened, order: kept.order, resume };
  }
  if (opened.kind === "playlist" && kept.kind === "playlist" && kept.playlist._id === opened.playlist._id) {
    return { ...opened, resume };
  }
  return opened;
}

/** '/categories' itself: the list, whichever page of the site's history it was drawn by. */
export function isTheList(): boolean {
  const link = parseCategoryPath(window.location.pathname);
  return link !== null && !link.hashtag && !link.videoId && linkedPlaylistId(window.location.search) === null;
}

/**
 * Leaving the list for a category is a step in the browser's history (on a phone the list and the feed are two
 * screens): Back shows the list again, Forward the category as last chosen, at the video it was left on; its
 * videos replace that entry as they play (spec "Public video URLs"). A #fragment the page jumped to is no step.
 */
export function useListStep(onReturn: (choice: CategoryChoice | null, resume: Resume | null) => void) {
  const returned = useEffectEvent(onReturn);
  const listAddress = useRef<string | null>(null);
  useEffect(() => {
    function moved(event: PopStateEvent) {
      const { category, place = null } = (event.state as StepState | null) ?? {};
      if (category) returned(category, place);
      else if (here() === listAddress.current || isTheList()) returned(null, null);
    }
    window.addEventListener("popstate", moved);
    return () => window.removeEventListener("popstate", moved);
  }, []);
  return useMemo(
    () => ({
      /** The step from the list to `choice`, at its address. */
      leaveList(choice: CategoryChoice, address: string) {
        listAddress.current = here();
        window.history.pushState({ category: choice } satisfies StepState, "", address);
      },
      /** The category on stage and its place in it, at `address`: Forward and a reload come back to it. */
      remember(choice: CategoryChoice, place: Resume | null, address: string) {
        window.history.replaceState({ category: choice, place } satisfies StepState, "", address);
      },
    }),
    [],
  );
}
