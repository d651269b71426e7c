import type { CreatorRef } from "../lib/api-types";

export interface FollowingState {
  count: number;
  /** null until the list has been loaded. */
  entries: CreatorRef[] | null;
  loading: boolean;
  /** Usernames whose unfollow call is running. */
  pending: string[];
}

export type FollowingAction =
  | { type: "load-started" }
  | { type: "loaded"; entries: CreatorRef[] }
  | { type: "load-failed" }
  | { type: "unfollow-started"; username: string }
  | { type: "unfollowed"; username: string }
  | { type: "unfollow-failed"; username: string };

export function initialFollowing(count: number, entries: CreatorRef[] | null): FollowingState {
  return { count: Math.max(0, count), entries, loading: false, pending: [] };
}

function withoutPending(state: FollowingState, username: string): string[] {
  return state.pending.filter((name) => name !== username);
}

export function followingReducer(state: FollowingState, action: FollowingAction): FollowingState {
  switch (action.type) {
    case "load-started":
      return { ...state, loading: true };
    case "loaded":
      return { ...state, loading: false, entries: action.entries, count: action.entries.length };
    case "load-failed":
      return { ...state, loading: false };
    case "unfollow-started":
      return { ...state, pending: [...withoutPending(state, action.username), action.username] };
    case "unfollowed":
      return {
        ...state,
        pending: withoutPending(state, action.username),
        entries: state.entries?.filter((entry) => entry.username !== action.username) ?? null,
        count: Math.max(0, state.count - 1),
      };
    case "unfollow-failed":
      return { ...state, pending: withoutPending(state, action.username) };
  }
}
