import { t } from "./i18n";

/** The English names of the sorts and filters in the lists' tables (the API's and the tests' words), as shown. */
function shownNames(): Record<string, string> {
  return {
    Newest: t("Newest"),
    Oldest: t("Oldest"),
    "Most Views": t("Most Views"),
    "Most Likes": t("Most Likes"),
    Shuffle: t("Shuffle"),
    "Trend Score": t("Trend Score"),
    "Most Videos": t("Most Videos"),
    Featured: t("Featured"),
    Views: t("Views"),
    "First Video": t("First Video"),
    "Last Video": t("Last Video"),
    "Most Used": t("Most Used"),
    "Most Recent": t("Most Recent"),
    "All Time": t("All Time"),
  };
}

/** A table's options with their names in the page's language; a name not in the tables (a year) stays as it is. */
export function shownOptions<V extends string>(options: ReadonlyArray<{ value: V; label: string }>): { value: V; label: string }[] {
  const names = shownNames();
  return options.map((option) => ({ value: option.value, label: names[option.label] ?? option.label }));
}
