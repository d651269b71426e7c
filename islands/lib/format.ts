/** The avatar letter: the name's first character uppercased, or "?" when there is no name. */
export function avatarInitial(name: string | null | undefined): string {
  const first = Array.from(name?.trim() ?? "")[0];
  return first ? first.toUpperCase() : "?";
}
