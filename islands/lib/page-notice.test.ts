// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { showCarriedNotice } from "./page-notice";
import { carryNotice } from "./storage";

afterEach(() => {
  document.body.innerHTML = "";
  sessionStorage.clear();
});

describe("showCarriedNotice", () => {
  it("shows the notice the previous page carried, as text with its link, once", () => {
    document.body.innerHTML = '<div id="page-notices"></div>';
    carryNotice({ text: 'Upload complete! "<b>Routine</b>" is pending review.', link: { href: "/profile/dancer#uploads", label: "See your uploads" } });
    showCarriedNotice();
    const notices = document.getElementById("page-notices")!;
    expect(notices.textContent).toBe('Upload complete! "<b>Routine</b>" is pending review. See your uploads');
    expect(notices.querySelector("b")).toBeNull();
    expect(notices.querySelector("a")?.getAttribute("href")).toBe("/profile/dancer#uploads");

    showCarriedNotice();
    expect(notices.querySelectorAll(".page-notice")).toHaveLength(1);
  });
});
