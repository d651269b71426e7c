// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApiAnswer } from "../test/dom";
import { setMessages } from "./i18n";
import { reportVideo } from "./video-actions";

const REPORTED = "Thank you! The video has been reported and will be reviewed.";

describe("reportVideo", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setMessages({});
  });

  it("says the server's answer in the page's language", async () => {
    setMessages({ [REPORTED]: "Cảm ơn bạn! Video đã được báo cáo và sẽ được xem xét." });
    stubApiAnswer({ success: true, message: REPORTED, alreadyReported: false });
    expect(await reportVideo({ videoId: "7481234567890000001", username: "amy" })).toEqual({
      removed: true,
      message: "Cảm ơn bạn! Video đã được báo cáo và sẽ được xem xét.",
    });
  });
});
