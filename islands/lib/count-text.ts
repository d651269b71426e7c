import { formatCount } from "./format";
import { t } from "./i18n";

/** '1 video', '12 videos', '1.2K videos'. */
export function videoCountText(count: number): string {
  return count === 1 ? t("1 video") : t("{count} videos", { count: formatCount(count) });
}
