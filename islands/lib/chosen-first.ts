/**
 * A sidebar list with its chosen item on top (a hashtag chosen in Categories, a shared link's trend): the list's
 * own copy when the list holds it, else the item as given, not yet among the pages loaded.
 */
export function chosenFirst<T>(items: readonly T[], chosen: T | null, keyOf: (item: T) => string): T[] {
  if (chosen === null) return [...items];
  const key = keyOf(chosen);
  const listed = items.find((item) => keyOf(item) === key);
  return [listed ?? chosen, ...items.filter((item) => keyOf(item) !== key)];
}
