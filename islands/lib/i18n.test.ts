import { afterEach, describe, expect, it } from "vitest";
import { setMessages, t } from "./i18n";

afterEach(() => setMessages({}));

describe("t", () => {
  it("answers the English text when no catalogue is loaded", () => {
    expect(t("Add to playlist")).toBe("Add to playlist");
  });

  it("answers the translation, and the English text where the catalogue has none", () => {
    setMessages({ "Add to playlist": "Thêm vào danh sách phát" });
    expect(t("Add to playlist")).toBe("Thêm vào danh sách phát");
    expect(t("Share")).toBe("Share");
  });

  it("fills each placeholder, in the translation too, and leaves unknown ones", () => {
    expect(t("Loading @{username} profile...", { username: "mia" })).toBe("Loading @mia profile...");
    setMessages({ "{count} videos by {name}": "{count} video của {name}" });
    expect(t("{count} videos by {name}", { count: 3, name: "Mia" })).toBe("3 video của Mia");
    expect(t("{count} videos by {name}", { count: 3 })).toBe("3 video của {name}");
  });
});
