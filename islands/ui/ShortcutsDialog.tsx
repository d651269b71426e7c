import { FEED_SHORTCUTS } from "../lib/feed-keys";
import { Dialog } from "./Dialog";

const GESTURES = [
  { labels: ["Wheel"], description: "Next or previous video, over the video area" },
  { labels: ["Swipe"], description: "Up or down on a touch screen: next or previous video" },
  { labels: ["Esc"], description: "Close this list" },
];

/** The list '?' (or the keyboard button under the video) opens; loaded on first use. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} className="shortcuts-dialog">
      <dl className="shortcuts-list">
        {[...FEED_SHORTCUTS, ...GESTURES].map(({ labels, description }) => (
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
