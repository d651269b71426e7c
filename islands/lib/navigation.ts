// Page navigation in one place, so islands read clearly and tests can observe where the page would go.

export function goTo(path: string): void {
  window.location.assign(path);
}

export function replaceWith(path: string): void {
  window.location.replace(path);
}

export function reloadPage(): void {
  window.location.reload();
}

/** The current path and query, as remembered for returning after sign-in. */
export function currentPathAndSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The page is drawn again on an entry of this tab's history (Back, Forward, a reload), rather than reached anew:
 * Chrome keeps an entry's state when a link leads to the address already shown. */
export function returnedToPage(): boolean {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry?.type === "back_forward" || entry?.type === "reload";
}
