/** A signed-up user's profile page (a TikTok creator's page is /user/{username}). */
export function profilePath(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}
