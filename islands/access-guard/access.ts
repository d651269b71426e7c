import type { User } from "../lib/api-types";

export type RequiredRole = "admin" | "user";

/** "user" means any signed-in account; any other role must match exactly. */
export function hasRole(user: User | null, role: RequiredRole): boolean {
  if (!user) return false;
  return role === "user" || user.role === role;
}

/** Makes the server-rendered protected content visible. */
export function revealTarget(targetId: string): void {
  document.getElementById(targetId)?.removeAttribute("hidden");
}
