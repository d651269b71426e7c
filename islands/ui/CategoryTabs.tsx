import type { ReactNode } from "react";
import { Tabs } from "./Tabs";

export type CategoryKind = "hashtags" | "playlists";

/** What the lists under the tabs say while they load, when they fail and when they are empty. */
export const CATEGORY_LIST_TEXTS = {
  loading: "Loading categories...",
  failed: "Unable to load categories",
  empty: "No hashtags found",
} as const;

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
