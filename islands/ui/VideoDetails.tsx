import type { Video } from "../lib/api-types";
import { UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { hashtagPath, normaliseHashtag } from "../lib/share";
import { videoDescription } from "../lib/video";
import { CreatorRow } from "./CreatorRow";
import { MusicIcon } from "./icons";
import { t } from "../lib/i18n";

export interface VideoDetailsOptions {
  /** The video's own track and artist (pages whose header does not already name the song). */
  song?: boolean;
  tags?: boolean;
  /** Show at most this many tags, then '+N more'. */
  maxTags?: number;
  /** Set the details apart as a card (the Following and creator pages' info card). */
  card?: boolean;
}

function SongLine({ video }: { video: Video }) {
  const track = video.metadata.track?.trim() || video.trendInfo?.track || t(UNKNOWN_TRACK);
  const artist = video.metadata.artist?.trim() || video.trendInfo?.artist || t(UNKNOWN_ARTIST);
  return (
    <p className="feed-song">
      <MusicIcon />
      <span>
        {track} <span className="muted">{t("by")}</span> {artist}
      </span>
    </p>
  );
}

function TagList({ tags, maxTags }: { tags: readonly string[]; maxTags?: number }) {
  const all = tags.map(normaliseHashtag).filter(Boolean);
  if (all.length === 0) return null;
  const shown = maxTags === undefined ? all : all.slice(0, maxTags);
  const hidden = all.length - shown.length;
  return (
    <ul className="feed-tags" aria-label={t("Hashtags")}>
      {shown.map((tag) => (
        <li key={tag}>
          <a className="feed-tag" href={hashtagPath(tag)}>
            #{tag}
          </a>
        </li>
      ))}
      {hidden > 0 && <li className="feed-tag feed-tag-more">{t("+{count} more", { count: hidden })}</li>}
    </ul>
  );
}

/**
 * Under the controls (over the video, as its caption and action rail, on phones): the creator row, optionally the
 * song, the description (or title) and optionally the tags.
 */
export function VideoDetails({ video, song = false, tags = false, maxTags, card = false }: { video: Video } & VideoDetailsOptions) {
  return (
    <div className={card ? "feed-details card feed-details-card" : "feed-details"}>
      <CreatorRow video={video} />
      {song && <SongLine video={video} />}
      <p className="feed-description">{videoDescription(video)}</p>
      {tags && <TagList tags={video.tags} maxTags={maxTags} />}
    </div>
  );
}
