// @vitest-environment node
import { describe, expect, it } from "vitest";
import { followingReducer, initialFollowing, type FollowingAction, type FollowingState } from "./following-state";
import { profilePath } from "../lib/paths";
import { longDate } from "./profile-data";

const salsa = { _id: "1", username: "salsa_sam", displayName: "Sam" };
const tango = { _id: "2", username: "tango_tia", displayName: null };

function run(state: FollowingState, ...actions: FollowingAction[]): FollowingState {
  return actions.reduce(followingReducer, state);
}

describe("following list", () => {
  it("takes the loaded list and its length as the count", () => {
    const loaded = run(initialFollowing(5, null), { type: "load-started" }, { type: "loaded", entries: [salsa, tango] });
    expect(loaded).toMatchObject({ loading: false, entries: [salsa, tango], count: 2 });
  });

  it("keeps the count when loading fails, so the next opening can try again", () => {
    const failed = run(initialFollowing(3, null), { type: "load-started" }, { type: "load-failed" });
    expect(failed).toMatchObject({ loading: false, entries: null, count: 3 });
  });

  it("removes an unfollowed creator and decrements the count, never below 0", () => {
    const state = run(
      initialFollowing(0, [salsa, tango]),
      { type: "unfollow-started", username: "salsa_sam" },
    );
    expect(state.pending).toEqual(["salsa_sam"]);
    const after = followingReducer(state, { type: "unfollowed", username: "salsa_sam" });
    expect(after).toMatchObject({ entries: [tango], count: 0, pending: [] });

    const counted = run(initialFollowing(2, [salsa, tango]), { type: "unfollowed", username: "tango_tia" });
    expect(counted).toMatchObject({ entries: [salsa], count: 1 });
  });

  it("keeps the entry when unfollowing fails", () => {
    const state = run(
      initialFollowing(1, [salsa]),
      { type: "unfollow-started", username: "salsa_sam" },
      { type: "unfollow-failed", username: "salsa_sam" },
    );
    expect(state).toMatchObject({ entries: [salsa], count: 1, pending: [] });
  });

  it("never starts below 0", () => {
    expect(initialFollowing(-2, null).count).toBe(0);
  });
});

describe("profile data", () => {
  it("writes the joined date as a long UTC calendar date", () => {
    expect(longDate("2026-01-05T23:30:00+00:00")).toBe("January 5, 2026");
    expect(longDate(undefined)).toBe("");
    expect(longDate("not a date")).toBe("");
  });

  it("builds profile addresses", () => {
    expect(profilePath("dancer_pro")).toBe("/profile/dancer_pro");
  });
});
