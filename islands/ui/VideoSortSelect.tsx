import { LabelledSelect } from "./LabelledSelect";
import { VIDEO_SORT_LABELS, videoOrder, type VideoOrder, type VideoSort } from "../lib/video-sorts";
import { shownOptions } from "../lib/sort-names";
import { t } from "../lib/i18n";

interface Props {
  sorts: readonly VideoSort[];
  order: VideoOrder;
  onChange: (order: VideoOrder) => void;
}

/** The order of a trend's or category's videos; choosing Shuffle again deals a new order. */
export function VideoSortSelect({ sorts, order, onChange }: Props) {
  const options = shownOptions(sorts.map((value) => ({ value, label: VIDEO_SORT_LABELS[value] })));
  return (
    <LabelledSelect
      label={t("Sort videos")}
      className="watch-video-sort"
      value={order.sortBy}
      options={options}
      onChange={(sortBy) => onChange(videoOrder(sortBy))}
    />
  );
}
