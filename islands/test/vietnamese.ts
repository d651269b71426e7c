import { setMessages } from "../lib/i18n";

// The islands compile without Node's types, so its file reader is described here.
type ReadFile = (path: string, encoding: "utf8") => string;
const { readFileSync } = (await import(/* @vite-ignore */ "node:fs" as string)) as { readFileSync: ReadFile };

// Tests run from the project root (npm test, make test-islands).
const CATALOGUE = "app/translations/vi/LC_MESSAGES/messages.po";

/** The catalogue's translated `msgid "…"` / `msgstr "…"` pairs (the file is written without wrapping). */
export function vietnameseCatalogue(): Record<string, string> {
  const po = readFileSync(CATALOGUE, "utf8");
  const pairs = po.matchAll(/^msgid (".*")\nmsgstr (".+")$/gm);
  return Object.fromEntries(Array.from(pairs, ([, id, text]) => [JSON.parse(id!) as string, JSON.parse(text!) as string]));
}

/** Makes the page Vietnamese as the messages-vi bundle does: `<html lang="vi">` and the catalogue's texts. */
export function installVietnamese(): void {
  document.documentElement.lang = "vi";
  setMessages(vietnameseCatalogue());
}

export function restoreEnglish(): void {
  document.documentElement.lang = "en";
  setMessages({});
}
