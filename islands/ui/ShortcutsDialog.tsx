import { FEED_SHORTCUTS, type FeedKeyAction } from "../lib/feed-keys";
import { Dialog } from "./Dialog";
import { t } from "../lib/i18n";

/** What an action does, in the page's language. */
function describeFeedAction(action: FeedKeyAction): string {
  const descriptions: Record<FeedKeyAction, string> = {
    next: t("Next video"),
    previous: t("Previous video"),
    togglePlay: t("Play or pause"),
    toggleMute: t("Mute or unmute"),
    showShortcuts: t("Show these shortcuts"),
  };
  return descriptions[action];
}

function shortcutRows(): Array<{ labels: string[]; description: string }> {
  const keys = FEED_SHORTCUTS.map(({ action, labels }) => ({
    labels: labels.map((label) => (label === "Space" ? t("Space") : label)),
    description: describeFeedAction(action),
  }));
  return [
    ...keys,
    { labels: [t("Wheel")], description: t("Next or previous video, over the video area") },
    { labels: [t("Swipe")], description: t("Up or down on a touch screen: next or previous video") },
    { labels: ["Esc"], description: t("Close this list") },
  ];
}

/** The list '?' (or the keyboard button under the video) opens; loaded on first use. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t("Keyboard shortcuts")} onClose={onClose} className="shortcuts-dialog">
      <dl className="shortcuts-list">
        {shortcutRows().map(({ labels, description }) => (
          <div key={description} className="shortcuts-row">
            <dt>
              {labels.map((label) => (
                <kbd key={label}>{label}</kbd>
              ))}
            </dt>
            <dd>{description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
