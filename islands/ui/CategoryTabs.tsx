import type { ReactNode } from "react";
import type { ListTexts } from "./ScrollList";
import { Tabs, type TabOption } from "./Tabs";
import { t } from "../lib/i18n";

export type CategoryKind = "hashtags" | "playlists";

/** What the lists under the tabs say while they load, when they fail and when they are empty. */
export function categoryListTexts(): ListTexts {
  return {
    loading: t("Loading categories..."),
    failed: t("Unable to load categories"),
    empty: t("No hashtags found"),
  };
}

function categoryTabs(): TabOption<CategoryKind>[] {
  return [
    { kind: "hashtags", label: t("Hashtags") },
    { kind: "playlists", label: t("Playlists") },
  ];
}

interface Props {
  active: CategoryKind;
  onChange: (kind: CategoryKind) => void;
  children: ReactNode;
}

/** The Hashtags / Playlists tabs. */
export function CategoryTabs({ active, onChange, children }: Props) {
  return (
    <Tabs label={t("Category type")} tabs={categoryTabs()} active={active} onChange={onChange}>
      {children}
    </Tabs>
  );
}
