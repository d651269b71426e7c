import type { Video } from "../lib/api-types";

/** A feed video as the server sends it, numbered so ids are unique and playable. */
export function makeVideo(n: number, overrides: Partial<Video> = {}): Video {
  const videoId = `7481234567890${String(n).padStart(6, "0")}`;
  return {
    _id: String(n),
    videoId,
    username: `dancer${n}`,
    displayName: null,
    videoUrl: `https://www.tiktok.com/@dancer${n}/video/${videoId}`,
    directUrl: null,
    thumbnail: `/thumbs/${videoId}.jpg`,
    title: `Dance number ${n}`,
    description: `Dance number ${n}`,
    postingDate: "2025-03-13T05:01:13+00:00",
    duration: 15,
    format: null,
    tags: ["dance"],
    urlExtractedAt: null,
    metadataExtractedAt: null,
    createdAt: "2025-03-14T09:00:00+00:00",
    isActive: true,
    isPhotoPost: false,
    imagePost: null,
    audioTrack: null,
    metadata: {
      track: `Track ${n}`,
      artist: `Artist ${n}`,
      description: `Dance number ${n}`,
      viewCount: 1_234,
      likeCount: 56,
      commentCount: 1,
      shareCount: 2,
      uploadDate: "2025-03-13T05:01:13+00:00",
    },
    trendInfo: {
      songKey: `track ${n}|artist ${n}`,
      slug: `track-${n}-artist-${n}`,
      track: `Track ${n}`,
      artist: `Artist ${n}`,
      isOriginalSound: false,
      searchTerm: `Track ${n}`,
      videoCount: 3,
      uniqueUserCount: 2,
      totalViews: 1_250_000,
      totalLikes: 34_500,
      firstVideoDate: "2025-03-13T05:01:13+00:00",
      lastVideoDate: "2025-03-13T05:01:13+00:00",
      trendScore: 120.5,
      risingScore: 0,
    },
    paths: { trend: `/dance-trends/track-${n}-artist-${n}/dancer${n}-${videoId}` },
    ...overrides,
  };
}

export function makeVideos(from: number, to: number): Video[] {
  const videos: Video[] = [];
  for (let n = from; n <= to; n += 1) videos.push(makeVideo(n));
  return videos;
}
