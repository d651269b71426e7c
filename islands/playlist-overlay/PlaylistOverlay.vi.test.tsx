// @vitest-environment jsdom
/// <reference types="vite/client" />
import { act } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requestPlaylists } from "../lib/events";
import { setMessages } from "../lib/i18n";
import { buttonNamed, click, jsonResponse, render, waitFor } from "../test/dom";
import { routedFetch } from "../ui/test-support";
import PlaylistOverlay from "./index";
import catalogue from "../../app/translations/vi/LC_MESSAGES/messages.po?raw";

vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: { username: "dancer" }, csrfToken: "c", brand: "Danza", playerOrigin: "", playerSettings: null }),
}));

const VIDEO = "7301234567890123456";
const salsa = { _id: "1", name: "Salsa", description: "", isPublic: false, videoCount: 2, createdBy: { username: "dancer" } };
const tango = { _id: "2", name: "Tango", description: "", isPublic: true, videoCount: 1, createdBy: { username: "dancer" } };

/** The Vietnamese catalogue's one-line entries, as the page's messages-vi bundle installs them. */
function vietnameseCatalogue(): Record<string, string> {
  const entries = catalogue.matchAll(/^msgid ("(?:[^"\\]|\\.)+")\nmsgstr ("(?:[^"\\]|\\.)+")$/gm);
  return Object.fromEntries(Array.from(entries, ([, id, text]) => [JSON.parse(id!) as string, JSON.parse(text!) as string]));
}

beforeAll(() => {
  document.documentElement.lang = "vi";
  setMessages(vietnameseCatalogue());
});

afterAll(() => {
  setMessages({});
  document.documentElement.lang = "en";
});

describe("the playlist overlay in Vietnamese", () => {
  it("names the dialog, its buttons and each playlist's privacy and count in Vietnamese", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routedFetch({
          "GET /api/playlists/my": () => jsonResponse({ playlists: [salsa, tango] }),
          [`GET /api/videos/${VIDEO}/playlists`]: () => jsonResponse({ playlists: [tango] }),
        }).fetch,
      ),
    );
    const rendered = render(<PlaylistOverlay />);
    act(() => requestPlaylists(VIDEO));
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    const title = document.getElementById(dialog.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe("Thêm vào danh sách phát");
    expect(dialog.textContent).toContain("Đang tải danh sách phát...");

    await waitFor(() => expect(buttonNamed(dialog, "Thêm vào Salsa").textContent).toBe("Thêm"));
    expect(buttonNamed(dialog, "Gỡ khỏi Tango").textContent).toBe("Gỡ");
    expect(dialog.textContent).toContain("Riêng tư · 2 video");
    expect(dialog.textContent).toContain("Công khai · 1 video");
    buttonNamed(dialog, "Tạo danh sách phát mới");
    buttonNamed(dialog, "Nhập");
    buttonNamed(dialog, "Đóng");

    click(buttonNamed(dialog, "Chỉnh sửa"));
    expect(buttonNamed(dialog, "Xong")).toBeTruthy();
    expect(buttonNamed(dialog, "Xóa Salsa")).toBeTruthy();
    expect(dialog.querySelector('[aria-label="Xuất Salsa dạng CSV"]')).not.toBeNull();
    rendered.unmount();
  });
});
