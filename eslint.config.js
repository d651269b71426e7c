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

export default [
  js.configs.recommended,
  {
    files: ["islands/**/*.{ts,tsx}"],
    languageOptions: { ...typescript, globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "no-undef": "off",
      "no-unused-vars": "off",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
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
    files: ["islands/**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
];
