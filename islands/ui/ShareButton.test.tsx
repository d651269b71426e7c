// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { click, render, type Rendered } from "../test/dom";
import { shareLink } from "../lib/share";
import { ShareButton } from "./ShareButton";
import { makeVideo } from "../test/videos";

let rendered: Rendered | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, "", "/categories/fyp");
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.useRealTimers();
});

async function settle(): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe("ShareButton", () => {
  it("copies the page's link and reads 'Copied!' for 2 s", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share: undefined, clipboard: { writeText } });
    const video = makeVideo(1);
    rendered = render(<ShareButton link={() => shareLink(video, window.location)} />);
    const button = rendered.container.querySelector("button")!;

    click(button);
    await settle();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/categories/fyp/dancer1-${video.videoId}`);
    expect(button.textContent).toBe("Copied!");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_999);
    });
    expect(button.textContent).toBe("Copied!");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(button.textContent).toBe("Share");
  });

  it("hands the link to the native share sheet when there is one, without 'Copied!'", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, share, clipboard: { writeText } });
    const video = makeVideo(2);
    rendered = render(<ShareButton link={() => shareLink(video, window.location)} />);

    click(rendered.container.querySelector("button")!);
    await settle();
    expect(share).toHaveBeenCalledWith({ url: `${window.location.origin}/categories/fyp/dancer2-${video.videoId}` });
    expect(writeText).not.toHaveBeenCalled();
    expect(rendered.container.textContent).toBe("Share");
  });
});
