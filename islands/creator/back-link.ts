/** Spec: the Back button shows only when the visitor came from this site, and not from another creator's page. */
export function cameFromThisSite(referrer: string, origin: string): boolean {
  if (!referrer) return false;
  try {
    const from = new URL(referrer);
    return from.origin === origin && !from.pathname.startsWith("/user/");
  } catch {
    return false;
  }
}
