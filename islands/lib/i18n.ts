/**
 * The interface's words in the page's language (`<html lang>`). The English text is the key: English needs no
 * catalogue, and a text without a translation shows in English. Another language's catalogue is a bundle of its own
 * (islands/build.mjs makes it from the server's .po file) that the page loads before the islands, and that hands its
 * texts to setMessages().
 */
type Values = Record<string, string | number>;

let messages: Readonly<Record<string, string>> = {};
let templatePatterns: Array<readonly [string, RegExp]> | null = null;

export function setMessages(catalogue: Record<string, string>): void {
  messages = catalogue;
  templatePatterns = null;
}

/**
 * The catalogue's text with a varying part (`{name}`) that `text` is an instance of, and the parts it fills in
 * ("Found 12 videos for @mia" is "Found {count} videos for @{username}"): how a text the server filled in is found
 * in the catalogue. The texts with the most words of their own are tried first; one made of its parts alone
 * ("@{username}") says nothing and is never tried. English has no catalogue, and so no templates.
 */
export function catalogueTemplateOf(text: string): readonly [string, Record<string, string>] | null {
  templatePatterns ??= Object.keys(messages)
    .filter((template) => /\{\w+\}/.test(template) && ownWords(template).length >= 3)
    .sort((a, b) => ownWords(b).length - ownWords(a).length)
    .flatMap((template) => {
      const seen = new Set<string>();
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\{(\w+)\}/g, (_, name: string) => (seen.has(name) ? `\\k<${name}>` : (seen.add(name), `(?<${name}>.+?)`)));
      try {
        return [[template, new RegExp(`^${pattern}$`, "s")] as const];
      } catch {
        return []; // a part named as a group cannot be ('{0}'): that text is matched as a whole only
      }
    });
  for (const [template, pattern] of templatePatterns) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return [template, groups];
  }
  return null;
}

function ownWords(template: string): string {
  return template.replace(/\{\w+\}/g, "").trim();
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
