/** The avatar letter: the name's first letter or digit uppercased (handles such as "._mia" show "M"), else "?". */
export function avatarInitial(name: string | null | undefined): string {
  const first = Array.from(name ?? "").find((char) => /[\p{L}\p{N}]/u.test(char));
  return first ? first.toUpperCase() : "?";
}
