import { FeedIcon } from "./icons";
import { t } from "../lib/i18n";

/** A visible link to the Atom feed of what the screen shows (`title`: 'Atom feed of …'), for feed readers. */
export function FeedLink({ href, title }: { href: string; title: string }) {
  return (
    <a className="feed-link" href={href} type="application/atom+xml" title={title}>
      <FeedIcon />
      <span>{t("Feed")}</span>
    </a>
  );
}
