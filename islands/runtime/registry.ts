import type { ComponentType } from "react";

export type IslandProps = Record<string, unknown>;
export type IslandLoader = () => Promise<ComponentType<IslandProps>>;

// Props arrive as server JSON, so each island trusts the server to send its declared props.
function lazyIsland<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): IslandLoader {
  return async () => (await load()).default as unknown as ComponentType<IslandProps>;
}

export const islandRegistry: Readonly<Record<string, IslandLoader>> = {
  "auth-modals": lazyIsland(() => import("../auth-modals/index")),
  "user-menu": lazyIsland(() => import("../user-menu/index")),
  "access-guard": lazyIsland(() => import("../access-guard/index")),
  "home-feed": lazyIsland(() => import("../home-feed/index")),
  profile: lazyIsland(() => import("../profile/index")),
  settings: lazyIsland(() => import("../settings/index")),
  "playlist-overlay": lazyIsland(() => import("../playlist-overlay/index")),
  "dance-trends": lazyIsland(() => import("../dance-trends/index")),
  categories: lazyIsland(() => import("../categories/index")),
  following: lazyIsland(() => import("../following/index")),
  creator: lazyIsland(() => import("../creator/index")),
  portal: lazyIsland(() => import("../portal/index")),
  upload: lazyIsland(() => import("../upload/index")),
  "add-profile": lazyIsland(() => import("../add-profile/index")),
};
