import { FeedIcon } from "./icons";

/** A visible link to the Atom feed of what the screen shows, for feed readers. */
export function FeedLink({ href, of }: { href: string; of: string }) {
  return (
    <a className="feed-link" href={href} type="application/atom+xml" title={`Atom feed of ${of}`}>
      <FeedIcon />
      <span>Feed</span>
    </a>
  );
}
