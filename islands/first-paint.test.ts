import { describe, expect, it } from "vitest";

// The islands compile without Node's types, so its file reader is described here.
type ReadFile = (path: string, encoding: "utf8") => string;
const { readFileSync } = (await import(/* @vite-ignore */ "node:fs" as string)) as { readFileSync: ReadFile };

// Tests run from the project root (npm test, make test-islands).
const SCRIPT = readFileSync("app/first_paint.js", "utf8");
const ORIGIN = "https://danza.example";

/** Runs the inline <head> script on a page whose <html> carries `dataset`, with the given browser objects. */
function run(
  dataset: Record<string, string | undefined>,
  referrer: string,
  storage: { getItem: () => string | null },
  history: { scrollRestoration: string } = { scrollRestoration: "auto" },
): void {
  const page = { referrer, documentElement: { dataset } };
  new Function("document", "location", "localStorage", "history", SCRIPT)(page, { origin: ORIGIN }, storage, history);
}

/** What the inline <head> script marks on <html> for a visit from `referrer` with `theme` remembered. */
function firstPaint(referrer: string, theme: string | null = null): Record<string, string | undefined> {
  const dataset: Record<string, string | undefined> = {};
  run(dataset, referrer, { getItem: () => theme });
  return dataset;
}

describe("the first-paint script", () => {
  it("applies a remembered light or dark theme, and nothing else", () => {
    expect(firstPaint("", "dark").theme).toBe("dark");
    expect(firstPaint("", "light").theme).toBe("light");
    expect(firstPaint("", "sepia").theme).toBeUndefined();
    expect(firstPaint("").theme).toBeUndefined();
  });

  it("marks a visit from a page of this site other than a creator's (the creator page's Back button)", () => {
    expect(firstPaint(`${ORIGIN}/dance-trends/x/y-123`).cameFromSite).toBe("true");
    expect(firstPaint(`${ORIGIN}/`).cameFromSite).toBe("true");
    expect(firstPaint("").cameFromSite).toBeUndefined();
    expect(firstPaint("https://elsewhere.example/following").cameFromSite).toBeUndefined();
    expect(firstPaint(`${ORIGIN}/user/amy`).cameFromSite).toBeUndefined();
    expect(firstPaint("not a url").cameFromSite).toBeUndefined();
  });

  it("still marks the visit when the browser's storage refuses to be read", () => {
    const dataset: Record<string, string | undefined> = {};
    const storage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    run(dataset, `${ORIGIN}/`, storage);
    expect(dataset.cameFromSite).toBe("true");
  });

  it("leaves a feed page's scroll position to the feed, and every other page's to the browser", () => {
    const feed = { scrollRestoration: "auto" };
    run({ feedPage: "" }, "", { getItem: () => null }, feed);
    expect(feed.scrollRestoration).toBe("manual");
    const other = { scrollRestoration: "auto" };
    run({}, "", { getItem: () => null }, other);
    expect(other.scrollRestoration).toBe("auto");
  });
});
