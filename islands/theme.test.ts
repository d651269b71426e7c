// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { applyTheme, installThemeChooser, readTheme, saveTheme, THEME_KEY } from "./theme";

const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  delete root.dataset.theme;
  document.body.innerHTML = "";
});

function renderChooser(): HTMLElement {
  document.body.innerHTML = `<div data-theme-chooser>
    ${["light", "dark", "system"].map((value) => `<input type="radio" name="theme" value="${value}">`).join("")}
  </div>`;
  return document.querySelector("[data-theme-chooser]") as HTMLElement;
}

const checkedValue = (chooser: HTMLElement) => chooser.querySelector<HTMLInputElement>("input:checked")?.value;

describe("theme", () => {
  it("reads the system's theme when nothing, or something unknown, is stored", () => {
    expect(readTheme()).toBe("system");
    localStorage.setItem(THEME_KEY, "sepia");
    expect(readTheme()).toBe("system");
  });

  it("remembers light and dark, and forgets the choice for the system's", () => {
    saveTheme("light");
    expect(readTheme()).toBe("light");
    saveTheme("system");
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it("names the theme on <html>, and no theme for the system's", () => {
    applyTheme("dark");
    expect(root.dataset.theme).toBe("dark");
    applyTheme("system");
    expect(root.hasAttribute("data-theme")).toBe(false);
  });

  it("marks the remembered choice and applies and remembers a new one", () => {
    saveTheme("dark");
    const chooser = renderChooser();
    installThemeChooser(chooser);
    expect(checkedValue(chooser)).toBe("dark");

    const light = chooser.querySelector<HTMLInputElement>('input[value="light"]') as HTMLInputElement;
    light.click();
    expect(root.dataset.theme).toBe("light");
    expect(readTheme()).toBe("light");
  });

  it("follows a choice made in another tab", () => {
    const chooser = renderChooser();
    installThemeChooser(chooser);
    localStorage.setItem(THEME_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_KEY }));
    expect(root.dataset.theme).toBe("dark");
    expect(checkedValue(chooser)).toBe("dark");
  });
});
