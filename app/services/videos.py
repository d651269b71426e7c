"""Videos as the API and pages show them, loaded in bulk (creators, trends and tags in one query each)."""

from collections import defaultdict
from collections.abc import Sequence
from typing import TypeVar

from sqlalchemy import select

from app.catalog import video_slug
from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag


def thumbnail_path(video_id: str) -> str:
    """Our stable thumbnail URL: TikTok's own thumbnail URLs expire within days."""
    return f"/thumbs/{video_id}.jpg"


def trend_path(trend: Trend, username: str, video_id: str) -> str:
    return f"/dance-trends/{trend.slug}/{video_slug(username, video_id)}"


def category_path(hashtag: str | None, username: str, video_id: str) -> str:
    prefix = f"/categories/{hashtag}" if hashtag else "/categories"
    return f"{prefix}/{video_slug(username, video_id)}"


def trend_json(trend: Trend) -> dict:
    """Spec §3 Trend, plus the slug and search term the pages link with."""
    return {
        "songKey": trend.song_key,
        "slug": trend.slug,
        "track": trend.track,
        "artist": trend.artist,
        "isOriginalSound": trend.is_original_sound,
        "searchTerm": trend.search_term,
        "videoCount": trend.video_count,
        "uniqueUserCount": trend.creator_count,
        "totalViews": trend.total_views,
        "totalLikes": trend.total_likes,
        "firstVideoDate": trend.first_video_at.isoformat() if trend.first_video_at else None,
        "lastVideoDate": trend.last_video_at.isoformat() if trend.last_video_at else None,
        "trendScore": round(trend.trend_score, 3),
    }


def _tags_by_video(video_ids: Sequence[int]) -> dict[int, list[str]]:
    tags: dict[int, list[str]] = defaultdict(list)
    if video_ids:
        rows = db.session.execute(
            select(VideoHashtag.video_id, Hashtag.name)
            .join(Hashtag, Hashtag.id == VideoHashtag.hashtag_id)
            .where(VideoHashtag.video_id.in_(video_ids))
            .order_by(VideoHashtag.video_id, Hashtag.name)
        )
        for video_id, name in rows:
            tags[video_id].append(name)
    return tags


Row = TypeVar("Row", Creator, Trend)


def _by_id(model: type[Row], ids: set[int]) -> dict[int, Row]:
    return {row.id: row for row in db.session.scalars(select(model).where(model.id.in_(ids)))} if ids else {}


def _video_json(video: Video, creator: Creator, trend: Trend | None, tags: list[str]) -> dict:
    posted = video.posted_at.isoformat()
    return {
        "_id": str(video.id),
        "videoId": video.video_id,
        "username": creator.username,
        "displayName": creator.display_name,
        "videoUrl": video.video_url,
        "directUrl": None,
        "thumbnail": thumbnail_path(video.video_id),
        "title": video.title,
        "description": video.description,
        "postingDate": posted,
        "duration": video.duration,
        "format": video.format,
        "tags": tags,
        "urlExtractedAt": video.url_extracted_at.isoformat() if video.url_extracted_at else None,
        "metadataExtractedAt": video.metadata_extracted_at.isoformat() if video.metadata_extracted_at else None,
        "createdAt": video.created_at.isoformat(),
        "isActive": video.is_active,
        "isPhotoPost": video.is_photo_post,
        "imagePost": None,
        "audioTrack": None,
        "metadata": {
            "track": video.track,
            "artist": video.artist,
            "description": video.description,
            "viewCount": video.view_count,
            "likeCount": video.like_count,
            "commentCount": video.comment_count,
            "shareCount": video.share_count,
            "uploadDate": posted,
        },
        "trendInfo": trend_json(trend) if trend else None,
        "paths": {"trend": trend_path(trend, creator.username, video.video_id) if trend else None},
    }


def videos_json(videos: Sequence[Video]) -> list[dict]:
    """Serialise videos in order, with one query each for their creators, trends and tags."""
    creators = _by_id(Creator, {v.creator_id for v in videos})
    trends = _by_id(Trend, {v.trend_id for v in videos if v.trend_id})
    tags = _tags_by_video([v.id for v in videos])
    return [
        _video_json(v, creators[v.creator_id], trends.get(v.trend_id) if v.trend_id else None, tags.get(v.id, []))
        for v in videos
    ]


def video_json(video: Video) -> dict:
    return videos_json([video])[0]
