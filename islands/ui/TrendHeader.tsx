import type { Trend, Video } from "../lib/api-types";
import { formatCount, trendHeader, trendTitle } from "../lib/format";
import { EyeIcon, HeartIcon, UsersIcon } from "./icons";
import { t } from "../lib/i18n";

export type TrendTotals = Pick<Trend, "uniqueUserCount" | "totalViews" | "totalLikes">;

export interface TrendHeaderProps {
  track: string | null | undefined;
  artist: string | null | undefined;
  totals: TrendTotals | null;
  /** When given, '(See More of This Trend)' links to the trends page searching for it. */
  searchTerm?: string | null;
}

/** The trend search page for a video's trend. */
function trendSearchPath(searchTerm: string): string {
  return `/dance-trends?search=${encodeURIComponent(searchTerm)}`;
}

/** A video's header: its trend's track, artist and totals, else its own track and artist. */
export function videoTrendHeader(video: Video): TrendHeaderProps {
  const trend = video.trendInfo;
  return {
    track: trend?.track || video.metadata.track,
    artist: trend?.artist || video.metadata.artist,
    totals: trend,
    searchTerm: trend?.searchTerm,
  };
}

/**
 * 'track by artist' cut to the spec's 36 characters (in full as its tooltip, and in full on wider screens), the optional
 * link to the whole trend, and its creators, views and likes.
 */
export function TrendHeader({ track, artist, totals, searchTerm }: TrendHeaderProps) {
  const search = searchTerm?.trim();
  const title = trendTitle(track, artist);
  const header = trendHeader(track, artist);
  const isCut = header !== title;
  return (
    <header className="feed-header">
      <h2 className="feed-trend-title">
        <span className={isCut ? "feed-trend-name feed-trend-cut" : "feed-trend-name"} title={title}>
          {header}
        </span>
        {isCut && (
          <span className="feed-trend-full" title={title}>
            {title}
          </span>
        )}
        {search && (
          <>
            {" "}
            <a className="feed-trend-link" href={trendSearchPath(search)}>
              {t("(See More of This Trend)")}
            </a>
          </>
        )}
      </h2>
      {totals && (
        <ul className="feed-trend-stats" aria-label={t("Trend totals")}>
          <li>
            <UsersIcon />
            {totals.uniqueUserCount === 1 ? t("1 creator") : t("{count} creators", { count: formatCount(totals.uniqueUserCount) })}
          </li>
          <li>
            <EyeIcon />
            {t("{count} views", { count: formatCount(totals.totalViews) })}
          </li>
          <li>
            <HeartIcon />
            {t("{count} likes", { count: formatCount(totals.totalLikes) })}
          </li>
        </ul>
      )}
    </header>
  );
}
