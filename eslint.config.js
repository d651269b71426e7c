import path from "node:path";
import { fileURLToPath } from "node:url";
import babelParser from "@babel/eslint-parser";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

// TypeScript 7 has no JavaScript API, so typescript-eslint cannot parse; Babel's TypeScript preset can.
// Babel does not resolve types, so the checks that need them (undefined and unused names) are the compiler's.
const typescript = {
  parser: babelParser,
  parserOptions: {
    requireConfigFile: false,
    babelOptions: { babelrc: false, configFile: false, presets: ["@babel/preset-typescript"] },
  },
};

const ISLANDS = fileURLToPath(new URL("islands/", import.meta.url));

/** What each shared folder may import besides itself; every other folder is an island's own and may import
 * lib/, ui/ and runtime/. Test helpers (test/) are for tests. */
const SHARED_IMPORTS = { lib: [], ui: ["lib"], runtime: ["lib", "ui"], test: ["lib", "ui"] };

/** The folder under islands/ that holds a file, or null for the entry files beside them. */
function folderOf(file) {
  const parts = path.relative(ISLANDS, file).split(path.sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : null;
}

const importBoundaries = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const from = folderOf(context.filename);
    if (from === null) return {};
    const allowed = [from, ...(SHARED_IMPORTS[from] ?? ["lib", "ui", "runtime"])];
    if (/\.test\.tsx?$/.test(context.filename)) allowed.push("test");
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const to = folderOf(path.resolve(path.dirname(context.filename), source));
      if (to === null || allowed.includes(to)) return;
      const may = `${from}/ imports only from ${allowed.map((folder) => `${folder}/`).join(", ")}`;
      const why = to === "test" ? "test/ is for tests" : from in SHARED_IMPORTS ? `not from ${to}/` : `what it shares with ${to}/ belongs in lib/ or ui/`;
      context.report({ node: node.source, message: `${may}: ${why}` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** Names that read the same in every language. */
const UNTRANSLATED_NAMES = new Set(["Danza", "TikTok", "HD", "JSON", "CSV", "RSS", "Atom", "API"]);
const TRANSLATED_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label"]);
const hasWords = (text) => text.split(/[^\p{L}]+/u).some((word) => word && !UNTRANSLATED_NAMES.has(word));

/** Every text an island shows goes through t() (lib/i18n.ts), so the catalogue sees it and it can be translated. */
const translatedTexts = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const report = (node, text) =>
      context.report({ node, message: `"${text.trim()}" is shown as written: write it as t("…") (lib/i18n.ts)` });
    const checkLiteral = (node) => {
      if (typeof node?.value === "string" && hasWords(node.value)) report(node, node.value);
      if (node?.type === "TemplateLiteral" && node.quasis.some((part) => hasWords(part.value.cooked ?? ""))) {
        report(node, context.sourceCode.getText(node));
      }
    };
    return {
      JSXText: (node) => hasWords(node.value) && report(node, node.value),
      JSXExpressionContainer: (node) => node.parent.type !== "JSXAttribute" && checkLiteral(node.expression),
      JSXAttribute: (node) => {
        if (!TRANSLATED_ATTRIBUTES.has(node.name.name) || !node.value) return;
        checkLiteral(node.value.type === "JSXExpressionContainer" ? node.value.expression : node.value);
      },
    };
  },
};

export default [
  js.configs.recommended,
  {
    files: ["islands/**/*.{ts,tsx}"],
    languageOptions: { ...typescript, globals: globals.browser },
    plugins: { "react-hooks": reactHooks, islands: { rules: { "import-boundaries": importBoundaries, "translated-texts": translatedTexts } } },
    rules: {
      "no-undef": "off",
      "no-unused-vars": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "islands/import-boundaries": "error",
      "islands/translated-texts": "error",
      "array-callback-return": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-constructor-return": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-throw-literal": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "prefer-promise-reject-errors": "error",
    },
  },
  {
    files: ["islands/**/*.test.{ts,tsx}", "islands/test/**"],
    rules: { "islands/translated-texts": "off" },
  },
  {
    files: ["islands/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
];
