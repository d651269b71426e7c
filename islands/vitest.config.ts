import { defineConfig } from "vitest/config";

// Test files also declare their own environment, so a bare `vitest run` from the project root behaves the same.
export default defineConfig({
  root: decodeURIComponent(new URL(".", import.meta.url).pathname),
  cacheDir: "../node_modules/.vite",
  test: {
    include: ["**/*.test.{ts,tsx}"],
    environment: "jsdom",
    restoreMocks: true,
    unstubGlobals: true,
  },
});
