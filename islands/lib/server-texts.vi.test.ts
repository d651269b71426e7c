// @vitest-environment node
import { afterAll, describe, expect, it } from "vitest";
import { vietnameseCatalogue } from "../test/vietnamese";
import { translateServerText } from "./api";
import { setMessages } from "./i18n";

afterAll(() => setMessages({}));

describe("the server's texts with a varying part, on a Vietnamese page", () => {
  it("are found among the catalogue's texts with a varying part, the one with most words of its own first", () => {
    setMessages({
      "{count} videos": "{count} video",
      "Found {count} videos for @{username}": "Đã tìm thấy {count} video của @{username}",
      "@{username}": "never tried",
      "{a} and {a}": "{a} và {a}",
    });
    expect(translateServerText("Found 3 videos for @mia")).toBe("Đã tìm thấy 3 video của @mia");
    expect(translateServerText("12 videos")).toBe("12 video");
    expect(translateServerText("@mia")).toBe("@mia");
    expect(translateServerText("x and x")).toBe("x và x");
    expect(translateServerText("x and y")).toBe("x and y");
  });

  it("are said in Vietnamese with the varying part kept: registering, signing in early, a search's steps", () => {
    setMessages(vietnameseCatalogue());
    expect(
      translateServerText(
        "Almost done! We sent a link to mia@example.com. Open it within 24 hours to finish creating your account.",
      ),
    ).toBe("Sắp xong rồi! Chúng tôi đã gửi một liên kết đến mia@example.com. Hãy mở liên kết trong vòng 24 giờ để hoàn tất việc tạo tài khoản.");
    expect(
      translateServerText(
        "Your account is not ready yet: open the link we sent to mia@example.com to finish creating it, then sign in. " +
          "No e-mail? Register again to get a new link.",
      ),
    ).toContain("hãy mở liên kết chúng tôi đã gửi đến mia@example.com");
    expect(translateServerText("Waiting for other searches to finish... (2 ahead)")).toBe(
      "Đang chờ các lượt tìm kiếm khác hoàn tất... (còn 2 lượt trước)",
    );
    expect(
      translateServerText("Finding videos... (0 found so far). TikTok did not answer: trying again (attempt 2 of 4)..."),
    ).toBe("Đang tìm video... (đã tìm thấy 0). TikTok không phản hồi: đang thử lại (lần 2/4)...");
  });

  it("translate a health check's cause and advice inside its sentence, the counts kept", () => {
    setMessages(vietnameseCatalogue());
    expect(
      translateServerText(
        "Enhanced health check stopped early: 9 of 10 checks failed because TikTok is limiting how often this server " +
          "may ask. Wait an hour, and check fewer videos or with a longer delay.",
      ),
    ).toBe(
      "Kiểm tra tình trạng nâng cao đã dừng sớm: 9 trên 10 lượt kiểm tra thất bại vì TikTok đang giới hạn tần suất máy " +
        "chủ này được gửi yêu cầu. Hãy đợi một giờ, rồi kiểm tra ít video hơn hoặc với độ trễ dài hơn.",
    );
  });

  it("translate why a profile's videos could not be listed, the handle kept", () => {
    setMessages(vietnameseCatalogue());
    expect(translateServerText("Could not list the videos of @mia.dance: TikTok could not be reached.")).toBe(
      "Không thể liệt kê video của @mia.dance: Không kết nối được với TikTok.",
    );
  });

  it("translate the daily check's banner, the message inside it too", () => {
    setMessages(vietnameseCatalogue());
    expect(
      translateServerText("The daily TikTok check failed: Listing @mia failed: TikTok is blocking this server's address."),
    ).toBe("Lượt kiểm tra TikTok hằng ngày thất bại: Liệt kê @mia thất bại: TikTok đang chặn địa chỉ của máy chủ này.");
  });
});
