import type { Video } from "../lib/api-types";
import { TikTokPlayer } from "../ui/TikTokPlayer";
import { useTikTokPlayer } from "../ui/useTikTokPlayer";
import { fetchReportedVideo } from "./portal-api";
import { useResource } from "../lib/useResource";
import { t } from "../lib/i18n";

function ReportedVideoPlayer({ video }: { video: Video }) {
  // Starts muted, like the first video of a feed: the admin unmutes in the player when needed.
  const player = useTikTokPlayer(video.videoId, { isFirstVideo: true });
  return <TikTokPlayer player={player} video={video} />;
}

/** The reported video in TikTok's player, or a note with its id when it is gone or inactive. */
export function ReportedVideo({ videoId }: { videoId: string }) {
  const video = useResource("Failed to load the reported video", (signal) => fetchReportedVideo(videoId, signal), [videoId]);
  if (video.loading) {
    return (
      <div className="review-video-status loading-state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t("Loading video...")}
      </div>
    );
  }
  if (!video.data) {
    return (
      <div className="review-video-status">
        <p className="review-video-missing">{t("Video not found or unavailable")}</p>
        <p className="portal-muted">
          {t("Video ID:")} <code>{videoId}</code>
        </p>
      </div>
    );
  }
  return <ReportedVideoPlayer video={video.data} />;
}
