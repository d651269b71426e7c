import { LabelledSelect } from "./LabelledSelect";
import { VIDEO_SORT_LABELS, videoOrder, type VideoOrder, type VideoSort } from "../lib/video-sorts";

interface Props {
  sorts: readonly VideoSort[];
  order: VideoOrder;
  onChange: (order: VideoOrder) => void;
}

/** The order of a trend's or category's videos; choosing Shuffle again deals a new order. */
export function VideoSortSelect({ sorts, order, onChange }: Props) {
  const options = sorts.map((value) => ({ value, label: VIDEO_SORT_LABELS[value] }));
  return (
    <LabelledSelect
      label="Sort videos"
      className="watch-video-sort"
      value={order.sortBy}
      options={options}
      onChange={(sortBy) => onChange(videoOrder(sortBy))}
    />
  );
}
