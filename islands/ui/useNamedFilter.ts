import { useEffect, useRef, useState } from "react";
import { FIRST_OPENING, type ChannelFilters } from "./useChannelFilters";
import { lookUp, type NamedFilter } from "./channel-address";

/** Further pages of a sidebar list asked for to find a named filter: a made-up name under a creator of thousands
 * of hashtags would otherwise ask for every page. */
export const MOST_PAGES_LOOKED = 5;

/**
 * The filter a channel's address names (a creator page's, the Following feed's), chosen once its sidebar list shows
 * it (up to MOST_PAGES_LOOKED further pages are asked for until one does); a name not found is ignored: all the
 * channel's videos play, under the sidebar of the plain address. True while looking.
 */
export function useNamedFilter(filters: ChannelFilters, named: NamedFilter | null): boolean {
  const [looking, setLooking] = useState(named !== null);
  const pagesLooked = useRef(0);
  const { found, list } = looking && named ? lookUp(filters, named) : { found: null, list: null };
  const listEnded = list !== null && (list.failed || (list.settled && !list.loading && !list.hasMore));
  const nextPage = list !== null && list.settled && !list.loading && list.hasMore ? list.loadMore : null;
  const { choose, openTab, openCategoryKind } = filters;

  useEffect(() => {
    if (found) choose(found);
    if (found || listEnded || (nextPage && pagesLooked.current >= MOST_PAGES_LOOKED)) {
      setLooking(false);
      if (!found) {
        // The sidebar as the plain address the page falls back to opens it.
        openTab(FIRST_OPENING.tab);
        openCategoryKind(FIRST_OPENING.categoryKind);
      }
    } else if (nextPage) {
      pagesLooked.current += 1;
      nextPage();
    }
  }, [found, listEnded, nextPage, choose, openTab, openCategoryKind]);

  return looking;
}
