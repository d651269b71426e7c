/** The theme chooser in the sidebar: light, dark or the system's, remembered in this browser. The inline script
 * in <head> (app/first_paint.js) applies the remembered choice before the first paint; this keeps it once chosen. */

export type ThemeChoice = "light" | "dark" | "system";

export const THEME_KEY = "theme";

function isExplicitTheme(value: string | null): value is "light" | "dark" {
  return value === "light" || value === "dark";
}

export function readTheme(): ThemeChoice {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_KEY) ?? null;
    return isExplicitTheme(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

/** Shows the choice at once; "system" leaves <html> without data-theme, so the stylesheet follows the system. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function saveTheme(choice: ThemeChoice): void {
  try {
    if (choice === "system") globalThis.localStorage?.removeItem(THEME_KEY);
    else globalThis.localStorage?.setItem(THEME_KEY, choice);
  } catch {
    // Storage unavailable: the choice lasts as long as the page.
  }
}

function markChoice(chooser: HTMLElement, choice: ThemeChoice): void {
  for (const radio of chooser.querySelectorAll<HTMLInputElement>('input[name="theme"]')) {
    radio.checked = radio.value === choice;
  }
}

/** Marks the current choice and applies a new one; another tab's choice follows here too. */
export function installThemeChooser(chooser: HTMLElement | null = document.querySelector("[data-theme-chooser]")): void {
  if (chooser) markChoice(chooser, readTheme());
  chooser?.addEventListener("change", (event) => {
    const value = event.target instanceof HTMLInputElement ? event.target.value : null;
    const choice: ThemeChoice = isExplicitTheme(value) ? value : "system";
    saveTheme(choice);
    applyTheme(choice);
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    const choice = readTheme();
    applyTheme(choice);
    if (chooser) markChoice(chooser, choice);
  });
}
