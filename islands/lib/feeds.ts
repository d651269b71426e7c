// The Atom feeds of what a screen shows (the server's /feeds/… routes), for its visible feed link.
const feedPath = (kind: string, name: string | number) => `/feeds/${kind}/${encodeURIComponent(String(name))}.atom`;

export const creatorFeedPath = (username: string) => feedPath("creator", username);
export const hashtagFeedPath = (hashtag: string) => feedPath("hashtag", hashtag.replace(/^#/, ""));
export const trendFeedPath = (slug: string) => feedPath("trend", slug);
export const playlistFeedPath = (playlistId: string) => feedPath("playlist", playlistId);
