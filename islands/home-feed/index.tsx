import { useMemo } from "react";
import type { Video } from "../lib/api-types";
import { goTo } from "../lib/navigation";
import { playableVideos } from "../lib/video";
import { ErrorBanner, StageSkeleton } from "../ui/StageStatus";
import { TrendHeader, videoTrendHeader } from "../ui/TrendHeader";
import { WatchStage } from "../ui/WatchStage";
import { useHomeFeed } from "./useHomeFeed";
import { t } from "../lib/i18n";

/** The first page of the random feed, as GET /api/tiktok/random-video answers it. */
export interface HomeFeedProps {
  videos?: Video[];
  totalTrends?: number;
}

const DANCE_TRENDS_PATH = "/dance-trends";

function EmptyFeed({ loading, onRetry }: { loading: boolean; onRetry: () => void }) {
  if (loading) return <StageSkeleton />;
  return (
    <div className="feed-empty card">
      <p className="feed-empty-title">{t("No TikTok videos yet")}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        {t("Retry Fetch")}
      </button>
    </div>
  );
}

/** The home feed: one random trend video at a time, with its trend, creator and controls (spec §2 "Home feed"). */
export default function HomeFeed({ videos, totalTrends }: HomeFeedProps) {
  const initialVideos = useMemo(() => playableVideos(videos ?? []), [videos]);
  const feed = useHomeFeed(initialVideos, totalTrends ?? 0);
  const { state, current } = feed;

  return (
    <section className="feed" aria-label={t("Dance videos")}>
      {feed.banner && <ErrorBanner message={feed.banner} />}
      {current ? (
        <>
          <TrendHeader {...videoTrendHeader(current)} />
          <WatchStage
            video={current}
            previous={state.videos[state.index - 1] ?? null}
            next={state.videos[state.index + 1] ?? null}
            index={state.index}
            count={state.videos.length}
            isFirstVideo={!state.navigated}
            onMove={feed.move}
            onWheelPastEnd={feed.requestMore}
            onRemoved={(videoId, byAdmin) => feed.remove(videoId, { decrementTotal: byAdmin })}
            onBackdropClick={() => goTo(DANCE_TRENDS_PATH)}
          />
        </>
      ) : (
        <EmptyFeed loading={state.loading} onRetry={feed.retryFetch} />
      )}
    </section>
  );
}
