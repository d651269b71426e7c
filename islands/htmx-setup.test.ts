// @vitest-environment jsdom
import htmx from "htmx.org";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { replayFirstUse, startHtmx } from "./htmx-setup";

// jsdom's XPath support is too thin for htmx's own start-up; the wiring to htmx is what is under test here.
vi.mock("htmx.org", () => ({ default: { onLoad: vi.fn(), config: {}, process: vi.fn(), trigger: vi.fn() } }));

const swapped: Element[] = [];

beforeAll(() => {
  startHtmx((element) => swapped.push(element));
});

describe("startHtmx", () => {
  it("swaps 422 validation answers and reports other failures in a toast", () => {
    const handling = (htmx.config as { responseHandling: { code: string; swap: boolean }[] }).responseHandling;
    const rule = (status: string) => handling.find(({ code }) => new RegExp(`^${code}$`).test(status));
    expect(rule("200")?.swap).toBe(true);
    expect(rule("422")?.swap).toBe(true);
    expect(rule("429")?.swap).toBe(false);

    document.body.insertAdjacentHTML("beforeend", '<div id="toast-region"></div>');
    const xhr = { status: 429, responseText: '{"message":"Too many requests. Please wait a moment and try again."}' };
    document.dispatchEvent(new CustomEvent("htmx:responseError", { detail: { xhr } }));
    expect(document.getElementById("toast-region")?.textContent).toBe(
      "Too many requests. Please wait a moment and try again.",
    );
  });

  it("processes the page it arrived on and mounts islands inside every swap", () => {
    expect(htmx.process).toHaveBeenCalledWith(document.body);
    const onLoad = vi.mocked(htmx.onLoad).mock.calls[0]?.[0];
    if (!onLoad) throw new Error("htmx.onLoad was not called");
    const fragment = document.createElement("div");
    onLoad(fragment);
    onLoad(document.body);
    expect(swapped).toEqual([fragment]);
  });

  it("runs a search typed before htmx arrived, and nothing else", () => {
    const search = document.createElement("input");
    search.setAttribute("hx-trigger", "input changed delay:300ms, search");
    replayFirstUse(search);
    expect(htmx.trigger).not.toHaveBeenCalled();
    search.value = "dan";
    replayFirstUse(search);
    expect(htmx.trigger).toHaveBeenCalledWith(search, "search");
  });
});
