import type { User } from "../lib/api-types";

export type RequiredRole = "admin" | "user";

/** "user" means any signed-in account; any other role must match exactly. */
export function hasRole(user: User | null, role: RequiredRole): boolean {
  if (!user) return false;
  return role === "user" || user.role === role;
}

/** Makes the server-rendered protected content visible. */
export function revealTarget(targetId: string): void {
  const target = document.getElementById(targetId);
  if (!target) return;
  target.removeAttribute("hidden");
  // The browser's jump to the address's #section found it hidden: make that jump now.
  const named = sectionNamed(window.location.hash);
  if (named && target.contains(named)) named.scrollIntoView();
}

function sectionNamed(hash: string): HTMLElement | null {
  try {
    return hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null; // a broken escape names nothing
  }
}
