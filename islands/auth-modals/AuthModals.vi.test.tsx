// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buttonNamed, click, labelled, render, stubApiAnswer, submit, typeInto, waitFor, type Rendered } from "../test/dom";
import { restoreEnglish, installVietnamese } from "../test/vietnamese";
import AuthModals from "./index";

let rendered: Rendered | null = null;

beforeAll(installVietnamese);
afterAll(restoreEnglish);
afterEach(() => {
  rendered?.unmount();
  rendered = null;
});

function dialog(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[role="dialog"]');
  if (!element) throw new Error("Dialog is not open");
  return element;
}

describe("the login dialog in Vietnamese", () => {
  it("speaks Vietnamese, its checks too", () => {
    rendered = render(<AuthModals brand="Danza" initialMode="login" />);
    expect(dialog().querySelector(".dialog-title")?.textContent).toBe("Đăng nhập vào Danza");
    expect(dialog().textContent).toContain("Chào mừng bạn trở lại");
    expect(buttonNamed(dialog(), "Hiện mật khẩu")).toBeDefined();
    submit(dialog().querySelector("form")!);
    expect(dialog().textContent).toContain("Vui lòng nhập email");
    expect(dialog().textContent).toContain("Vui lòng nhập mật khẩu");
  });

  it("says in Vietnamese that a reset link was sent", async () => {
    stubApiAnswer({
      success: true,
      message: "If an account exists for that e-mail address, we have sent a link to reset its password.",
    });
    rendered = render(<AuthModals brand="Danza" initialMode="login" />);
    typeInto(labelled(dialog(), "Email"), "fan@example.com");
    click(buttonNamed(dialog(), "Quên mật khẩu?"));
    click(buttonNamed(dialog(), "Gửi liên kết"));
    await waitFor(() =>
      expect(dialog().querySelector(".auth-forgot-help [role=status]")?.textContent).toBe(
        "Nếu có tài khoản dùng địa chỉ email đó, chúng tôi đã gửi một liên kết để đặt lại mật khẩu.",
      ),
    );
    vi.unstubAllGlobals();
  });

  it("switches to registration in Vietnamese", () => {
    rendered = render(<AuthModals brand="Danza" initialMode="login" />);
    click(buttonNamed(dialog(), "Đăng ký"));
    expect(dialog().textContent).toContain("Tạo tài khoản của bạn");
    expect(labelled(dialog(), "Xác nhận mật khẩu").type).toBe("password");
    submit(dialog().querySelector("form")!);
    expect(dialog().textContent).toContain("Vui lòng nhập tên người dùng");
  });
});
