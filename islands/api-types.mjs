// Writes the islands' API types (islands/lib/api-schema.ts, or the path given) from the API's OpenAPI document,
// read through `flask api openapi` so no server needs to run. FLASK names the flask command (default: the venv's).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS from "openapi-typescript";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const venvFlask = path.join(projectRoot, ".venv", "bin", "flask");
const flask = process.env.FLASK ?? (existsSync(venvFlask) ? venvFlask : "flask");
const out = path.resolve(process.argv[2] ?? path.join(projectRoot, "islands", "lib", "api-schema.ts"));

// Through a file rather than stdout, so nothing else the app prints can end up in the document.
const scratch = await mkdtemp(path.join(tmpdir(), "openapi-"));
let documentText;
try {
  const documentPath = path.join(scratch, "openapi.json");
  execFileSync(flask, ["--app", "wsgi", "api", "openapi", "--out", documentPath], { cwd: projectRoot, stdio: "inherit" });
  documentText = await readFile(documentPath, "utf8");
} finally {
  await rm(scratch, { recursive: true, force: true });
}
// openapi-typescript 6 prints with templates of its own; 7 needs the `typescript` package's compiler API, which
// TypeScript 7 (the native compiler) does not have.
await writeFile(out, await openapiTS(JSON.parse(documentText)));
