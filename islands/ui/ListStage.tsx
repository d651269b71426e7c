import type { ReactNode } from "react";
import { ErrorBanner, StageSkeleton } from "./StageStatus";
import type { VideoList } from "../lib/useVideoList";
import type { VideoDetailsOptions } from "./VideoDetails";
import { WatchStage } from "./WatchStage";
import { t } from "../lib/i18n";


interface ListStageProps {
  list: VideoList;
  details?: VideoDetailsOptions;
  /** What an empty list says, instead of 'No Videos Found'. */
  empty?: ReactNode;
}

function StageBody({ list, details, empty }: ListStageProps) {
  const { state, current } = list;
  if (current) {
    return (
      <WatchStage
        video={current}
        previous={state.videos[state.index - 1] ?? null}
        next={state.videos[state.index + 1] ?? null}
        index={state.index}
        count={state.videos.length}
        isFirstVideo={list.isFirstVideo}
        onMove={list.move}
        onRemoved={list.remove}
        details={details}
      />
    );
  }
  if (state.page === 0 && !state.failed) return <StageSkeleton />;
  return (
    <div className="empty-state feed-empty-state">
      {empty ?? <p className="empty-title">{t("No Videos Found")}</p>}
    </div>
  );
}

/**
 * The stage for a chosen trend or category: its current video, a skeleton while the first page loads, or
 * 'No Videos Found'; a failed page shows the red 'Failed to load videos' banner above it.
 */
export function ListStage({ list, details, empty }: ListStageProps) {
  return (
    <>
      {list.state.failed && <ErrorBanner message={t("Failed to load videos")} />}
      <StageBody list={list} details={details} empty={empty} />
    </>
  );
}
