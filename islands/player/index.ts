export { TikTokPlayer } from "./TikTokPlayer";
export { useTikTokPlayer, type TikTokPlayer as TikTokPlayerHandle } from "./useTikTokPlayer";
export { isPlayableVideoId, playableVideos, videoDescription } from "./video";
export type { Trend, Video } from "../lib/api-types";
