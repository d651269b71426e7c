import { UNKNOWN_ARTIST, UNKNOWN_TRACK } from "../lib/format";
import { hashtagPath, normaliseHashtag } from "../lib/share";
import { videoDescription, type Video } from "../player/video";
import { CreatorRow } from "./CreatorRow";
import { MusicIcon } from "./icons";

export interface VideoDetailsOptions {
  /** The video's own track and artist (pages whose header does not already name the song). */
  song?: boolean;
  tags?: boolean;
}

function SongLine({ video }: { video: Video }) {
  const track = video.metadata.track?.trim() || video.trendInfo?.track || UNKNOWN_TRACK;
  const artist = video.metadata.artist?.trim() || video.trendInfo?.artist || UNKNOWN_ARTIST;
  return (
    <p className="feed-song">
      <MusicIcon />
      <span>
        {track} <span className="muted">by</span> {artist}
      </span>
    </p>
  );
}

function TagList({ tags }: { tags: readonly string[] }) {
  const shown = tags.map(normaliseHashtag).filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <ul className="feed-tags" aria-label="Hashtags">
      {shown.map((tag) => (
        <li key={tag}>
          <a className="feed-tag" href={hashtagPath(tag)}>
            #{tag}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Under the controls: the creator row, optionally the song, the description (or title) and optionally the tags. */
export function VideoDetails({ video, song = false, tags = false }: { video: Video } & VideoDetailsOptions) {
  return (
    <>
      <CreatorRow video={video} />
      {song && <SongLine video={video} />}
      <p className="feed-description">{videoDescription(video)}</p>
      {tags && <TagList tags={video.tags} />}
    </>
  );
}
