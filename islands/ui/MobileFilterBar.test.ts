import { describe, expect, it } from "vitest";
import { trendOption } from "./MobileFilterBar";

describe("the phone's trend picker", () => {
  it("names each trend 'track by artist', with the spec's words for a missing one", () => {
    expect(trendOption({ songKey: "k1", track: "Funny", artist: "" })).toEqual({ value: "k1", label: "Funny by Unknown Artist" });
    expect(trendOption({ songKey: "k2", track: "", artist: "ROSÉ" })).toEqual({ value: "k2", label: "Unknown Track by ROSÉ" });
    expect(trendOption({ songKey: "k3", track: "APT.", artist: "ROSÉ" }).label).toBe("APT. by ROSÉ");
  });
});
