/**
 * The interface's words in the page's language (`<html lang>`). The English text is the key: English needs no
 * catalogue, and a text without a translation shows in English. Another language's catalogue is a bundle of its own
 * (islands/build.mjs makes it from the server's .po file) that the page loads before the islands, and that hands its
 * texts to setMessages().
 */
type Values = Record<string, string | number>;

let messages: Readonly<Record<string, string>> = {};

export function setMessages(catalogue: Record<string, string>): void {
  messages = catalogue;
}

/** The page's language: "en" or "vi". */
export function pageLanguage(): string {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/** `text` in the page's language, with each `{name}` replaced by `values[name]`. */
export function t(text: string, values?: Values): string {
  const translated = messages[text] || text;
  if (!values) return translated;
  return translated.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}

/** Marks a text for the catalogue where it is defined (a table of names); t() translates it where it is shown. */
export function N_<Text extends string>(text: Text): Text {
  return text;
}
