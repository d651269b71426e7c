import { avatarInitial } from "../lib/format";

export type AvatarSize = "sm" | "md" | "lg" | "xl" | "2xl";

interface Props {
  name: string;
  size: AvatarSize;
  src?: string | null;
}

/** The round avatar: the picture when there is one, else the name's first letter or digit. Decorative. */
export function Avatar({ name, size, src }: Props) {
  return (
    <span className={`avatar avatar-${size}`} aria-hidden="true">
      {src ? <img src={src} alt="" loading="lazy" /> : avatarInitial(name)}
    </span>
  );
}
