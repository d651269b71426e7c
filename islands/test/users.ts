import type { User } from "../lib/api-types";

/** A signed-in user as GET /api/auth/me answers it; a test overrides only the fields it is about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: "u1",
    username: "dancer",
    displayName: null,
    email: "dancer@example.com",
    role: "user",
    avatar: null,
    subscribers: 0,
    subscribedTo: [],
    createdAt: "2025-01-01T00:00:00Z",
    bio: "",
    profileVisibility: "public",
    emailNotifications: true,
    twoFactorEnabled: false,
    language: null,
    pendingEmail: null,
    ...overrides,
  };
}
