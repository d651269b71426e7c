// Browsers allow sound only after the user has interacted with the page, so the player needs to know when that was.
const INTERACTION_EVENTS = ["click", "keydown", "touchstart", "wheel"] as const;

let interacted = false;
let watching = false;

function markInteracted(): void {
  interacted = true;
  for (const type of INTERACTION_EVENTS) document.removeEventListener(type, markInteracted, true);
}

/** Starts listening (once per page) for the first click, key, touch or wheel anywhere on the page. */
export function watchFirstInteraction(): void {
  if (watching || interacted) return;
  watching = true;
  for (const type of INTERACTION_EVENTS) {
    document.addEventListener(type, markInteracted, { capture: true, passive: true });
  }
}

export function userHasInteracted(): boolean {
  return interacted;
}

/** Back to a page nobody has touched yet; for tests. */
export function forgetInteraction(): void {
  markInteracted();
  interacted = false;
  watching = false;
}
