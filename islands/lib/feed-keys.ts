export type FeedKeyAction = "next" | "previous" | "togglePlay" | "toggleMute" | "showShortcuts";

/** Each action's keys, as KeyboardEvent.key gives them (letters in lower case), and what it does. */
const FEED_KEYS: ReadonlyArray<{ action: FeedKeyAction; keys: readonly string[]; description: string }> = [
  { action: "next", keys: ["ArrowDown", "j"], description: "Next video" },
  { action: "previous", keys: ["ArrowUp", "k"], description: "Previous video" },
  { action: "togglePlay", keys: [" "], description: "Play or pause" },
  { action: "toggleMute", keys: ["m"], description: "Mute or unmute" },
  { action: "showShortcuts", keys: ["?"], description: "Show these shortcuts" },
];

const KEY_ACTIONS: Readonly<Record<string, FeedKeyAction>> = Object.fromEntries(
  FEED_KEYS.flatMap(({ action, keys }) => keys.map((key) => [key, action])),
);

const KEY_LABELS: Readonly<Record<string, string>> = { ArrowDown: "↓", ArrowUp: "↑", " ": "Space" };

export interface FeedShortcut {
  action: FeedKeyAction;
  /** The keys as printed on a keyboard: ↓, J, Space… */
  labels: string[];
  description: string;
}

/** The keyboard shortcuts of every feed, for the list '?' opens: the same table the keys are read from. */
export const FEED_SHORTCUTS: readonly FeedShortcut[] = FEED_KEYS.map(({ action, keys, description }) => ({
  action,
  labels: keys.map((key) => KEY_LABELS[key] ?? key.toUpperCase()),
  description,
}));

const TYPING_SELECTOR = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
const OWN_KEYS_SELECTOR = '[role="menu"], [role="listbox"], [role="slider"]';
const ACTIVATABLE_SELECTOR = "button, a[href], summary, [role='button']";
const OPEN_DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"], dialog[open]';

export interface KeyInput {
  key: string;
  target: EventTarget | null;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * The feed action for a key press, or null when the key belongs to something else: typing in a field,
 * a menu, an open dialog, a shortcut with modifiers, or Space on a button (which presses the button).
 */
export function feedKeyAction(event: KeyInput, doc: Document = document): FeedKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const action = KEY_ACTIONS[key];
  if (!action) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING_SELECTOR) || target?.closest(OWN_KEYS_SELECTOR)) return null;
  if (doc.querySelector(OPEN_DIALOG_SELECTOR)) return null;
  if (action === "togglePlay" && target?.closest(ACTIVATABLE_SELECTOR)) return null;
  return action;
}
