import { t } from "./i18n";

/** A table's options with their names in the page's language; a name not in the catalogue (a year) stays as it is. */
export function shownOptions<V extends string>(options: ReadonlyArray<{ value: V; label: string }>): { value: V; label: string }[] {
  return options.map((option) => ({ value: option.value, label: t(option.label) }));
}
