// Bundles the islands into static/dist and writes manifest.json for the Flask asset helper.
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const outdir = path.join(projectRoot, "static", "dist");
// The stylesheets travel as one hashed file: one request that blocks rendering instead of ten.
const entryPoints = { main: "islands/main.ts", site: "static/css/site.css" };
const watch = process.argv.includes("--watch");

/** Maps each entry name to its output file, relative to static/dist. */
function manifestFrom(metafile) {
  const manifest = {};
  for (const [outputPath, output] of Object.entries(metafile.outputs)) {
    const name = Object.keys(entryPoints).find((key) => entryPoints[key] === output.entryPoint);
    if (name && /\.(js|css)$/.test(outputPath)) {
      manifest[name] = path.relative(outdir, path.join(projectRoot, outputPath)).split(path.sep).join("/");
    }
  }
  return manifest;
}

const BUILDS_FILE = path.join(outdir, "builds.json");

/** Files of this build, relative to static/dist. */
function outputsOf(metafile) {
  return Object.keys(metafile.outputs).map((output) =>
    path.relative(outdir, path.join(projectRoot, output)).split(path.sep).join("/"),
  );
}

async function previousOutputs() {
  try {
    return JSON.parse(await readFile(BUILDS_FILE, "utf8")).current ?? [];
  } catch {
    return [];
  }
}

/** Deletes files that belong to neither this build nor the one before it: pages rendered just before a build
 * still find their chunks. */
async function removeOlderBuilds(keep) {
  for (const entry of await readdir(outdir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const name = path.relative(outdir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join("/");
    if (!keep.has(name)) await rm(path.join(outdir, name));
  }
}

const writeManifest = {
  name: "write-manifest",
  setup(build) {
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      const current = outputsOf(result.metafile);
      const previous = await previousOutputs();
      // Written aside then renamed, so the server never reads a half-written manifest.
      const partial = path.join(outdir, "manifest.json.partial");
      await writeFile(partial, `${JSON.stringify(manifestFrom(result.metafile), null, 2)}\n`);
      await rename(partial, path.join(outdir, "manifest.json"));
      await writeFile(BUILDS_FILE, `${JSON.stringify({ previous, current })}\n`);
      await removeOlderBuilds(new Set([...previous, ...current, "manifest.json", "builds.json"]));
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

await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
