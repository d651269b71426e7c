import { api } from "./api";
import type { Answer, CreatorRef, RequestBody, TwoFactorSetup, User } from "./api-types";
import { setCsrfToken } from "./context";
import { emitAppEvent } from "./events";
import { goTo } from "./navigation";
import { clearAuthStorage, setCachedUser, setToken } from "./storage";

/** Username, e-mail and bio; currentPassword only when the e-mail address changes. */
export type ProfileChanges = RequestBody<"ProfileBody">;
export type PasswordChange = RequestBody<"PasswordBody">;
export type PrivacySettings = RequestBody<"PrivacyBody">;
export type InterfaceLanguage = RequestBody<"LanguageBody">["language"];

function updatedUser({ user }: { user: User | null }): User {
  if (!user) throw new Error("The server's answer has no user");
  setCachedUser(user);
  return user;
}

/** Saves username, e-mail and bio; answers the updated user. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  return updatedUser(await api.put<Answer<"UserEnvelope">>("/api/auth/profile", changes));
}

/** Cancels the change to a new e-mail address that waits for its link; answers the user, who keeps the address. */
export async function cancelEmailChange(): Promise<User> {
  return updatedUser(await api.delete<Answer<"UserEnvelope">>("/api/auth/email-change"));
}

/**
 * Changes the password. The server ends every other session and renews this one, so the new bearer
 * token and CSRF token replace the old ones here.
 */
export async function changePassword(change: PasswordChange): Promise<User> {
  const answer = await api.put<Answer<"AuthResult">>("/api/auth/password", change);
  setToken(answer.token);
  setCsrfToken(answer.csrfToken);
  return updatedUser(answer);
}

/** Saves profile visibility and e-mail notifications; answers the updated user. */
export async function updatePrivacy(settings: PrivacySettings): Promise<User> {
  return updatedUser(await api.put<Answer<"UserEnvelope">>("/api/auth/privacy", settings));
}

/** Keeps the interface's language in the account; answers the updated user. */
export async function updateLanguage(language: InterfaceLanguage): Promise<User> {
  return updatedUser(await api.put<Answer<"UserEnvelope">>("/api/auth/language", { language }));
}

/** Forgets the signed-in user in this browser and goes home. */
export function leaveSignedOut(): void {
  clearAuthStorage();
  emitAppEvent("app:auth-changed", { user: null });
  goTo("/");
}

/** Deletes the account (the password confirms it), then leaves signed out. Throws (and stays) when the server refuses. */
export async function deleteAccount(password: string): Promise<void> {
  await api.delete("/api/auth/account", { body: { password } });
  leaveSignedOut();
}

/** Ends every session of the account on every device; a failure is only logged, and the browser goes home either way. */
export async function logOutEverywhere(): Promise<void> {
  try {
    await api.post("/api/auth/logout-all");
  } catch (error) {
    console.error("Logout failed", error);
  }
  leaveSignedOut();
}

/** The secret to scan; its `qrSvg` is an SVG document, shown as an image and never inserted as markup. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>("/api/auth/2fa/setup");
}

/** Turns two-factor sign-in on with a code from the authenticator app and the password; answers the one-time recovery codes. */
export async function enableTwoFactor(code: string, password: string): Promise<string[]> {
  const answer = await api.post<Answer<"RecoveryCodes">>("/api/auth/2fa/enable", { code, password });
  return answer.recoveryCodes;
}

export async function disableTwoFactor(password: string): Promise<void> {
  await api.post("/api/auth/2fa/disable", { password });
}

export async function fetchFollowing(): Promise<CreatorRef[]> {
  const answer = await api.get<Answer<"FollowingList">>("/api/tiktok/following-list");
  return answer.followingUsers;
}

async function toggleFollow(username: string): Promise<boolean> {
  const answer = await api.post<Answer<"FollowToggled">>("/api/tiktok/toggle-follow", { username }, { auth: "bearer" });
  return answer.isFollowing;
}

/** Stops following a creator. The call is a toggle, so a creator already unfollowed elsewhere is toggled back off. */
export async function unfollowCreator(username: string): Promise<void> {
  if (await toggleFollow(username)) await toggleFollow(username);
}

/** The address of the viewer's private Atom feed of their Following videos (made on first ask). */
export async function fetchFollowingFeedUrl(): Promise<string> {
  return (await api.get<Answer<"FollowingFeed">>("/api/following-feed")).url;
}

/** A new address for the private feed; the old one stops working at once. */
export async function resetFollowingFeedUrl(): Promise<string> {
  return (await api.post<Answer<"FollowingFeed">>("/api/following-feed/reset", {})).url;
}
