// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { goTo } from "../lib/navigation";
import { takeCarriedNotice } from "../lib/storage";
import { buttonNamed, click, flush, render, typeInto, waitFor, type Rendered } from "../test/dom";
import Upload, { RETURN_HOME_DELAY_MS } from "./index";
import { FakeXhr } from "./test-xhr";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/upload" }));
vi.mock("../lib/context", () => ({ getAppContext: () => ({ user: { username: "dancer", role: "user" }, csrfToken: "csrf" }) }));

let rendered: Rendered | null = null;

function fileOfSize(name: string, size: number, type: string): File {
  const file = new File(["\x00\x00\x00\x18ftypmp42"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

async function chooseVideo(container: HTMLElement, file: File): Promise<void> {
  const input = container.querySelector<HTMLInputElement>(".dropzone input[type=file]")!;
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await flush();
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});

afterEach(() => {
  rendered?.unmount();
  rendered = null;
  vi.useRealTimers();
  vi.mocked(goTo).mockClear();
});

describe("Upload", () => {
  it("keeps Upload Video disabled until a video is chosen and explains refused files", async () => {
    rendered = render(<Upload />);
    const submit = buttonNamed(rendered.container, "Upload Video");
    expect(submit.disabled).toBe(true);
    expect(rendered.container.textContent).toContain("Supports MP4, AVI, MOV, WMV, FLV, WebM (Max 100MB)");

    await chooseVideo(rendered.container, fileOfSize("big.mp4", 104_857_601, "video/mp4"));
    expect(rendered.container.querySelector(".dropzone-errors")?.textContent).toBe("big.mp4: File is larger than 104857600 bytes");
    expect(submit.disabled).toBe(true);

    await chooseVideo(rendered.container, fileOfSize("Thumbs.db", 10, ""));
    expect(rendered.container.querySelector(".dropzone-errors")?.textContent).toBe("big.mp4: File is larger than 104857600 bytes");

    await chooseVideo(rendered.container, fileOfSize("clip.mp4", 2048, "video/mp4"));
    expect(rendered.container.querySelector(".dropzone-errors")).toBeNull();
    expect(rendered.container.querySelector(".dropzone")?.textContent).toContain("clip.mp4");
    expect(submit.disabled).toBe(false);
  });

  it("uploads with live progress, says 'Upload complete!' and returns home", async () => {
    rendered = render(<Upload />);
    await chooseVideo(rendered.container, fileOfSize("clip.mp4", 2048, "video/mp4"));
    typeInto(rendered.container.querySelector<HTMLInputElement>('input[name="title"]')!, "Routine");
    vi.useFakeTimers();
    click(buttonNamed(rendered.container, "Upload Video"));

    const request = FakeXhr.latest();
    expect(rendered.container.textContent).toContain("Uploading your video...");
    expect(buttonNamed(rendered.container, "Uploading...").disabled).toBe(true);
    act(() => request.progress(1024, 2048));
    expect(rendered.container.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("50");

    await act(async () => request.respond(201, { success: true, message: "Upload complete!", upload: { title: "Routine" } }));
    expect(rendered.container.querySelector("h2")?.textContent).toBe("Upload complete!");
    expect(takeCarriedNotice()).toEqual({
      text: 'Upload complete! "Routine" is pending review.',
      link: { href: "/profile/dancer#uploads", label: "See your uploads" },
    });
    expect(rendered.container.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow")).toBe("100");
    expect(goTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(RETURN_HOME_DELAY_MS));
    expect(goTo).toHaveBeenCalledWith("/");
  });

  it("shows the server's field errors under the fields and lets the user try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    rendered = render(<Upload />);
    await chooseVideo(rendered.container, fileOfSize("clip.mp4", 2048, "video/mp4"));
    typeInto(rendered.container.querySelector<HTMLInputElement>('input[name="title"]')!, "Routine");
    click(buttonNamed(rendered.container, "Upload Video"));
    await act(async () =>
      FakeXhr.latest().respond(400, {
        success: false,
        message: "Title must be at most 100 characters long",
        errors: { title: "Title must be at most 100 characters long" },
      }),
    );
    await waitFor(() => expect(rendered?.container.querySelector(".field-error")?.textContent).toBe("Title must be at most 100 characters long"));
    expect(document.activeElement).toBe(rendered.container.querySelector('input[name="title"]'));
    expect(buttonNamed(rendered.container, "Upload Video").disabled).toBe(false);
  });

  it("shows a refusal by the storage quota under the video", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const quota = "Your uploads may take up at most 1024 MB in all; this video would go past that";
    rendered = render(<Upload />);
    await chooseVideo(rendered.container, fileOfSize("clip.mp4", 2048, "video/mp4"));
    typeInto(rendered.container.querySelector<HTMLInputElement>('input[name="title"]')!, "Routine");
    click(buttonNamed(rendered.container, "Upload Video"));
    await act(async () => FakeXhr.latest().respond(403, { success: false, message: quota, errors: { video: quota } }));
    await waitFor(() => expect(rendered?.container.querySelector(".dropzone-errors")?.textContent).toBe(quota));
    expect(rendered.container.querySelectorAll('[role="alert"]')).toHaveLength(1); // said once, under the video
    expect(rendered.container.querySelector(".dropzone")?.getAttribute("data-state")).toBe("invalid");
    expect(document.activeElement).toBe(rendered.container.querySelector(".dropzone")); // in view, said by its description
    expect(takeCarriedNotice()).toBeNull();
    expect(buttonNamed(rendered.container, "Upload Video").disabled).toBe(false);
  });

  it("says so when the server refuses one upload too many", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const tooMany = "Too many requests. Please wait a moment and try again.";
    rendered = render(<Upload />);
    await chooseVideo(rendered.container, fileOfSize("clip.mp4", 2048, "video/mp4"));
    typeInto(rendered.container.querySelector<HTMLInputElement>('input[name="title"]')!, "Routine");
    click(buttonNamed(rendered.container, "Upload Video"));
    await act(async () => FakeXhr.latest().respond(429, { success: false, message: tooMany }));
    await waitFor(() => expect(rendered?.container.querySelector('[role="alert"]')?.textContent).toBe(tooMany));
    expect(rendered.container.querySelector(".dropzone-errors")).toBeNull();
    expect(FakeXhr.instances).toHaveLength(1); // a refused upload is not sent again by itself
    expect(buttonNamed(rendered.container, "Upload Video").disabled).toBe(false);
  });
});
