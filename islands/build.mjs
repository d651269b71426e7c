// Bundles the islands into static/dist and writes manifest.json for the Flask asset helper.
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const outdir = path.join(projectRoot, "static", "dist");
// The stylesheets travel as one hashed file: one request that blocks rendering instead of ten. Each language but
// English has a bundle of its texts, which a page in that language loads before main.
const TRANSLATIONS = path.join(projectRoot, "app", "translations");
const languages = (await readdir(TRANSLATIONS, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
const entryPoints = {
  main: "islands/main.ts",
  site: "static/css/site.css",
  ...Object.fromEntries(languages.map((language) => [`messages-${language}`, `messages:${language}`])),
};
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

/** The translated texts of a .po file, as msgid → msgstr: only the islands' kind (no plurals, no Python-format
 * placeholders), without the untranslated and fuzzy ones. */
function islandMessages(po) {
  const messages = {};
  for (const block of po.split(/\n\s*\n/)) {
    if (/^#,.*\bfuzzy\b/m.test(block) || /^msgid_plural /m.test(block)) continue;
    const id = poString(block, "msgid");
    const text = poString(block, "msgstr");
    if (id && text && !id.includes("%(")) messages[id] = text;
  }
  return messages;
}

/** The text of a .po field: its quoted string and the quoted lines that continue it. */
function poString(block, field) {
  const match = new RegExp(`^${field} ("(?:[^"\\\\]|\\\\.)*"(?:\\n"(?:[^"\\\\]|\\\\.)*")*)`, "m").exec(block);
  return match ? match[1].split("\n").map((line) => JSON.parse(line)).join("") : "";
}

const translations = {
  name: "translations",
  setup(build) {
    build.onResolve({ filter: /^messages:/ }, (args) => ({ path: args.path.slice("messages:".length), namespace: "messages" }));
    build.onLoad({ filter: /.*/, namespace: "messages" }, async (args) => {
      const poFile = path.join(TRANSLATIONS, args.path, "LC_MESSAGES", "messages.po");
      const messages = islandMessages(await readFile(poFile, "utf8"));
      return {
        contents: `import { setMessages } from "./islands/lib/i18n";\nsetMessages(${JSON.stringify(messages)});\n`,
        resolveDir: projectRoot,
        loader: "js",
        watchFiles: [poFile],
      };
    });
  },
};

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
  charset: "utf8", // the translations, a third shorter than as \u escapes
  legalComments: "linked", // licences in a file of their own beside each bundle, linked from it
  jsx: "automatic",
  entryNames: "[name]-[hash]",
  chunkNames: "chunks/[name]-[hash]",
  metafile: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "info",
  plugins: [translations, writeManifest],
};

await mkdir(outdir, { recursive: true });

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  await esbuild.build(options);
}
