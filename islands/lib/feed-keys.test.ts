// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { FEED_SHORTCUTS, feedKeyAction } from "./feed-keys";

function press(key: string, target: EventTarget | null = document.body, modifiers: Partial<Record<"ctrlKey" | "metaKey" | "altKey", boolean>> = {}) {
  return feedKeyAction({ key, target, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("feedKeyAction", () => {
  it("maps ArrowDown/j, ArrowUp/k, Space and m", () => {
    expect(press("ArrowDown")).toBe("next");
    expect(press("j")).toBe("next");
    expect(press("J")).toBe("next");
    expect(press("ArrowUp")).toBe("previous");
    expect(press("k")).toBe("previous");
    expect(press(" ")).toBe("togglePlay");
    expect(press("m")).toBe("toggleMute");
    expect(press("?")).toBe("showShortcuts");
    expect(press("x")).toBeNull();
  });

  it("lists every shortcut with the keys that really trigger it", () => {
    const keyOf: Record<string, string> = { "↓": "ArrowDown", "↑": "ArrowUp", Space: " " };
    for (const shortcut of FEED_SHORTCUTS) {
      for (const label of shortcut.labels) expect(press(keyOf[label] ?? label)).toBe(shortcut.action);
    }
    expect(FEED_SHORTCUTS.map((shortcut) => shortcut.labels.join(" "))).toEqual(["↓ J", "↑ K", "Space", "M", "?"]);
  });

  it("leaves keys alone while typing, with modifiers, in menus or when a dialog is open", () => {
    document.body.innerHTML = '<input id="field"><div role="menu"><a id="item" href="/">Item</a></div>';
    expect(press("j", document.getElementById("field"))).toBeNull();
    expect(press("ArrowDown", document.getElementById("item"))).toBeNull();
    expect(press("j", document.body, { ctrlKey: true })).toBeNull();

    document.body.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    expect(press("ArrowDown")).toBeNull();
  });

  it("lets Space press a focused button instead of toggling playback", () => {
    document.body.innerHTML = '<button id="b">Follow</button>';
    expect(press(" ", document.getElementById("b"))).toBeNull();
    expect(press("ArrowDown", document.getElementById("b"))).toBe("next");
  });
});
