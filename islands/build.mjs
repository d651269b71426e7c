// Bundles the islands into static/dist and writes manifest.json for the Flask asset helper.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const outdir = path.join(projectRoot, "static", "dist");
const entryPoints = { main: "islands/main.ts" };
const watch = process.argv.includes("--watch");

/** Maps each entry name to its output file, relative to static/dist. */
function manifestFrom(metafile) {
  const manifest = {};
  for (const [outputPath, output] of Object.entries(metafile.outputs)) {
    const name = Object.keys(entryPoints).find((key) => entryPoints[key] === output.entryPoint);
    if (name && outputPath.endsWith(".js")) {
      manifest[name] = path.relative(outdir, path.join(projectRoot, outputPath)).split(path.sep).join("/");
    }
  }
  return manifest;
}

const writeManifest = {
  name: "write-manifest",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const manifest = manifestFrom(result.metafile);
      await writeFile(path.join(outdir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    });
  },
};

const options = {
  absWorkingDir: projectRoot,
  entryPoints,
  outdir,
  bundle: true,
  format: "esm",
  splitting: true,
  minify: true,
  sourcemap: "linked",
  target: ["es2022"],
  jsx: "automatic",
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "info",
  plugins: [writeManifest],
};

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
