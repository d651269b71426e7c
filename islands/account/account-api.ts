import { api } from "../lib/api";
import { setCsrfToken, type ProfileVisibility, type User } from "../lib/context";
import { emitAppEvent } from "../lib/events";
import { goTo } from "../lib/navigation";
import { clearAuthStorage, setCachedUser, setToken } from "../lib/storage";

export interface ProfileChanges {
  username: string;
  email: string;
  bio: string;
  /** Needed only when the e-mail address changes. */
  currentPassword?: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface PrivacySettings {
  profileVisibility: ProfileVisibility;
  emailNotifications: boolean;
}

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** The QR code as an SVG document; shown as an image, never inserted as markup. */
  qrSvg: string;
}

export interface FollowedCreator {
  _id: string;
  username: string;
  displayName?: string | null;
}

interface UserAnswer {
  user?: unknown;
  message?: unknown;
}

interface SessionRenewal extends UserAnswer {
  token?: unknown;
  csrfToken?: unknown;
}

function isUser(value: unknown): value is User {
  return typeof value === "object" && value !== null && typeof (value as { username?: unknown }).username === "string";
}

function updatedUser(answer: UserAnswer | null): User {
  if (!isUser(answer?.user)) throw new Error("The server's answer has no user");
  setCachedUser(answer.user);
  return answer.user;
}

/** Saves username, e-mail and bio; answers the updated user. */
export async function updateProfile(changes: ProfileChanges): Promise<User> {
  return updatedUser(await api.put<UserAnswer>("/api/auth/profile", changes));
}

/**
 * Changes the password. The server ends every other session and renews this one, so the new bearer
 * token and CSRF token replace the old ones here.
 */
export async function changePassword(change: PasswordChange): Promise<User> {
  const answer = await api.put<SessionRenewal>("/api/auth/password", change);
  if (typeof answer?.token === "string") setToken(answer.token);
  if (typeof answer?.csrfToken === "string") setCsrfToken(answer.csrfToken);
  return updatedUser(answer);
}

/** Saves profile visibility and e-mail notifications; answers the updated user. */
export async function updatePrivacy(settings: PrivacySettings): Promise<User> {
  return updatedUser(await api.put<UserAnswer>("/api/auth/privacy", settings));
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

function isTwoFactorSetup(value: unknown): value is TwoFactorSetup {
  const setup = value as Partial<TwoFactorSetup> | null;
  return typeof setup?.secret === "string" && typeof setup.qrSvg === "string";
}

export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  const setup = await api.post<unknown>("/api/auth/2fa/setup");
  if (!isTwoFactorSetup(setup)) throw new Error("The two-factor setup answer is incomplete");
  return setup;
}

/** Turns two-factor sign-in on with a code from the authenticator app and the password; answers the one-time recovery codes. */
export async function enableTwoFactor(code: string, password: string): Promise<string[]> {
  const answer = await api.post<{ recoveryCodes?: unknown }>("/api/auth/2fa/enable", { code, password });
  const codes = answer?.recoveryCodes;
  if (!Array.isArray(codes) || !codes.every((item) => typeof item === "string")) {
    throw new Error("The server sent no recovery codes");
  }
  return codes;
}

export async function disableTwoFactor(password: string): Promise<void> {
  await api.post("/api/auth/2fa/disable", { password });
}

export async function fetchFollowing(): Promise<FollowedCreator[]> {
  const answer = await api.get<{ followingUsers?: unknown }>("/api/tiktok/following-list");
  return Array.isArray(answer?.followingUsers) ? (answer.followingUsers as FollowedCreator[]) : [];
}

async function toggleFollow(username: string): Promise<boolean> {
  const answer = await api.post<{ isFollowing?: unknown }>("/api/tiktok/toggle-follow", { username }, { auth: "bearer" });
  return answer?.isFollowing === true;
}

/** Stops following a creator. The call is a toggle, so a creator already unfollowed elsewhere is toggled back off. */
export async function unfollowCreator(username: string): Promise<void> {
  if (await toggleFollow(username)) await toggleFollow(username);
}
