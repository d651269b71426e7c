import { formatCount } from "./format";

/** '1 video', '12 videos', '1.2K videos'. */
export function videoCountText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "video" : "videos"}`;
}
