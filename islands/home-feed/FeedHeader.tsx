import { formatCount, trendHeader } from "../lib/format";
import { EyeIcon, HeartIcon, UsersIcon } from "../player/icons";
import type { Video } from "../player/video";

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** The trend search page for a video's trend. */
export function trendSearchPath(searchTerm: string): string {
  return `/dance-trends?search=${encodeURIComponent(searchTerm)}`;
}

/** 'track by artist' (36 characters at most), the link to the whole trend, and its creators, views and likes. */
export function FeedHeader({ video }: { video: Video }) {
  const trend = video.trendInfo;
  const track = trend?.track || video.metadata.track;
  const artist = trend?.artist || video.metadata.artist;
  const searchTerm = trend?.searchTerm?.trim();
  return (
    <header className="feed-header">
      <h2 className="feed-trend-title">
        <span className="feed-trend-name">{trendHeader(track, artist)}</span>
        {searchTerm && (
          <>
            {" "}
            <a className="feed-trend-link" href={trendSearchPath(searchTerm)}>
              (See More of This Trend)
            </a>
          </>
        )}
      </h2>
      {trend && (
        <ul className="feed-trend-stats" aria-label="Trend totals">
          <li>
            <UsersIcon />
            {formatCount(trend.uniqueUserCount)} {plural(trend.uniqueUserCount, "creator", "creators")}
          </li>
          <li>
            <EyeIcon />
            {formatCount(trend.totalViews)} views
          </li>
          <li>
            <HeartIcon />
            {formatCount(trend.totalLikes)} likes
          </li>
        </ul>
      )}
    </header>
  );
}
