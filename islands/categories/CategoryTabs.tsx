import type { ReactNode } from "react";
import { Tabs } from "../ui/Tabs";

export type CategoryKind = "hashtags" | "playlists";

const TABS = [
  { kind: "hashtags", label: "Hashtags" },
  { kind: "playlists", label: "Playlists" },
] as const;

interface Props {
  active: CategoryKind;
  onChange: (kind: CategoryKind) => void;
  children: ReactNode;
}

/** The Hashtags / Playlists tabs. */
export function CategoryTabs({ active, onChange, children }: Props) {
  return (
    <Tabs label="Category type" tabs={TABS} active={active} onChange={onChange}>
      {children}
    </Tabs>
  );
}
