import type { ExtractedVideo } from "../lib/api-types";
import { MAX_LISTED_VIDEOS } from "./extraction";
import { t } from "../lib/i18n";

/** 'Extracted Videos (n)': numbered entries with their URL and a 'Valid' badge, capped at 200 rendered. */
export function ExtractedVideoList({ videos }: { videos: ExtractedVideo[] }) {
  const shown = videos.slice(0, MAX_LISTED_VIDEOS);
  const hidden = videos.length - shown.length;
  return (
    <div className="add-profile-videos">
      <h3 className="add-profile-subtitle">{t("Extracted Videos ({count})", { count: videos.length })}</h3>
      <ol className="add-profile-video-list" aria-label={t("Extracted videos")}>
        {shown.map((video, index) => (
          <li key={video.videoId} className="add-profile-video">
            <span className="add-profile-video-number">{index + 1}.</span>
            <a className="add-profile-video-url" href={video.url} target="_blank" rel="noopener noreferrer">
              {video.url}
            </a>
            {video.valid && <span className="badge badge-success">{t("Valid")}</span>}
          </li>
        ))}
      </ol>
      {hidden > 0 && <p className="muted add-profile-more">{t("+{count} more", { count: hidden })}</p>}
    </div>
  );
}
