// @vitest-environment node
import { describe, expect, it } from "vitest";
import { authenticatorCode, groupedSecret, svgImageSource } from "./TwoFactorSettings";

describe("svgImageSource", () => {
  it("encodes the SVG as a data address, adding the SVG namespace when the markup was written for inline use", () => {
    const inline = '<svg width="148" height="148" class="segno"><path d="M4 4.5h7"/></svg>';
    const source = svgImageSource(inline);
    expect(source.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    expect(decodeURIComponent(source.split(",")[1] ?? "")).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="148" height="148" class="segno"><path d="M4 4.5h7"/></svg>',
    );
  });

  it("keeps a standalone SVG as it is", () => {
    const standalone = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/></svg>';
    expect(decodeURIComponent(svgImageSource(standalone).split(",")[1] ?? "")).toBe(standalone);
  });
});

describe("authenticatorCode", () => {
  it("accepts six digits, ignoring spaces", () => {
    expect(authenticatorCode("123 456")).toBe("123456");
    expect(authenticatorCode(" 000000 ")).toBe("000000");
    expect(authenticatorCode("12345")).toBeNull();
    expect(authenticatorCode("12345a")).toBeNull();
  });
});

describe("groupedSecret", () => {
  it("splits the setup key into groups of four", () => {
    expect(groupedSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupedSecret("ABCDEF")).toBe("ABCD EF");
    expect(groupedSecret("")).toBe("");
  });
});
