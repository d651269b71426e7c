// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buttonNamed, labelled, render, type Rendered } from "../test/dom";
import { makeUser } from "../test/users";
import { restoreEnglish, installVietnamese } from "../test/vietnamese";
import Settings from "./index";

vi.mock("../lib/navigation", () => ({ goTo: vi.fn(), replaceWith: vi.fn(), reloadPage: vi.fn(), currentPathAndSearch: () => "/" }));

const account = makeUser({ _id: "7" });

vi.mock("../lib/context", () => ({
  getAppContext: () => ({ user: account, csrfToken: "csrf-1", brand: "Danza", playerOrigin: "", playerSettings: null }),
  setCsrfToken: vi.fn(),
}));

let rendered: Rendered | null = null;

beforeAll(installVietnamese);
afterAll(restoreEnglish);
afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

describe("settings in Vietnamese", () => {
  it("titles its cards, labels its fields and names its buttons in Vietnamese", () => {
    rendered = render(<Settings />);
    const { container } = rendered;
    const headings = Array.from(container.querySelectorAll("h2"), (heading) => heading.textContent);
    expect(headings).toEqual(["Thông tin hồ sơ", "Đổi mật khẩu", "Ngôn ngữ", "Trình đọc nguồn cấp", "Vùng nguy hiểm"]);
    expect(labelled(container, "Tên người dùng").value).toBe("dancer");
    expect(labelled(container, "Mật khẩu hiện tại").type).toBe("password");
    expect(buttonNamed(container, "Lưu hồ sơ")).toBeDefined();
    expect(buttonNamed(container, "Cập nhật mật khẩu")).toBeDefined();
    expect(buttonNamed(container, "Xóa tài khoản")).toBeDefined();
  });
});
