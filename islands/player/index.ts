export { TikTokPlayer } from "./TikTokPlayer";
export { useTikTokPlayer, type TikTokPlayer as TikTokPlayerHandle } from "./useTikTokPlayer";
export { isPlayableVideoId, playableVideos, videoDescription, type Video, type TrendInfo } from "./video";
