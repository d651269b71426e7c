const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableWithin(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hidden);
}

/** Keeps Tab and Shift+Tab cycling inside the container; returns true when it moved focus. */
export function cycleFocus(container: Element, backwards: boolean): boolean {
  const focusable = focusableWithin(container);
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return false;
  const active = document.activeElement;
  if (backwards && (active === first || !container.contains(active))) {
    last.focus();
    return true;
  }
  if (!backwards && (active === last || !container.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}

/** Focuses the first named form control that has an error, in the given field order. */
export function focusFirstInvalid(form: HTMLFormElement, order: readonly string[], errors: object): void {
  const invalid = errors as Record<string, unknown>;
  const field = order.find((name) => invalid[name]);
  const control = field ? form.elements.namedItem(field) : null;
  if (control instanceof HTMLElement) control.focus();
}
