// @vitest-environment node
import { describe, expect, it } from "vitest";
import { addressChoice, withChoices } from "./address-bar";

describe("choices in a page's address", () => {
  it("leaves out each choice at its default, so the default page keeps its plain address", () => {
    expect(withChoices("/user/amy", [["videoSort", "latest", "latest"], ["trendSort", "videoCount", "videoCount"]])).toBe("/user/amy");
    expect(withChoices("/dance-trends/a_b/c-1", [["search", "Bắc & co", ""], ["trendSort", "rising", "videoCount"]])).toBe(
      "/dance-trends/a_b/c-1?search=B%E1%BA%AFc+%26+co&trendSort=rising",
    );
  });

  it("reads a choice the page offers, and its default for any other value", () => {
    const query = new URLSearchParams("sort=oldest&other=sideways");
    expect(addressChoice(query, "sort", ["latest", "oldest"], "latest")).toBe("oldest");
    expect(addressChoice(query, "other", ["latest", "oldest"], "latest")).toBe("latest");
    expect(addressChoice(query, "missing", ["latest", "oldest"], "latest")).toBe("latest");
  });
});
