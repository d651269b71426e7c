"""What crawlers and link previews read: Open Graph, the Twitter player card, canonical link, JSON-LD VideoObject."""

from dataclasses import dataclass, field

from flask import current_app, request, url_for

from app.catalog import default_description, trend_title

PLAYER_WIDTH, PLAYER_HEIGHT = 325, 575
SITE_DESCRIPTION = "Watch TikTok dance trends one video at a time, grouped by song and hashtag."


@dataclass
class PageMeta:
    title: str
    description: str
    canonical: str
    image: str
    og_type: str = "video.other"
    player_url: str | None = None
    json_ld: dict | None = field(default=None)


def absolute(path: str) -> str:
    """An absolute URL on this site, built from SITE_URL: never from the request's Host header, which anyone sets."""
    return f"{current_app.config['SITE_URL']}{path}"


def player_url(video_id: str) -> str:
    """TikTok's own embed player: what og:video, twitter:player and embedUrl point at (always TikTok's)."""
    return f"https://www.tiktok.com/player/v1/{video_id}"


def site_meta(title: str | None = None, description: str = SITE_DESCRIPTION, path: str | None = None) -> PageMeta:
    """A page's metadata; `path` is its canonical address when that is more than the request's path (a list's page)."""
    brand = current_app.config["BRAND_NAME"]
    return PageMeta(
        title=title or brand,
        description=description,
        canonical=absolute(path or request.path),
        image=absolute("/static/img/og-default.jpg"),
    )


def feed_meta(trend: dict | None, hashtag: str | None) -> PageMeta:
    """A page that opens on a dance trend's or a hashtag's feed rather than on one video (a serialised trend)."""
    if trend:
        title = trend_title(trend["track"], trend["artist"])
        path = url_for("shell.dance_trends", rest=trend["slug"])
        return site_meta(title, f"Watch the dance trend {title} one video at a time.", path)
    if hashtag:
        path = url_for("shell.categories", rest=hashtag)
        return site_meta(f"#{hashtag}", f"Watch #{hashtag} dance videos one at a time.", path)
    return site_meta()


def _duration(seconds: int | None) -> str | None:
    return f"PT{seconds}S" if seconds else None


def _counter(action: str, count: int | None) -> dict:
    return {"@type": "InteractionCounter", "interactionType": {"@type": action}, "userInteractionCount": count or 0}


def video_meta(video: dict, canonical_path: str) -> PageMeta:
    """Metadata for a page that opens with one video (the serialised video of services.videos)."""
    meta = video["metadata"]
    text = (
        video["description"] or video["title"] or default_description(meta["track"], meta["artist"], video["username"])
    )
    title = f"{trend_title(meta['track'], meta['artist'])} · @{video['username']}"
    thumbnail = absolute(video["thumbnail"])
    embed = player_url(video["videoId"])
    json_ld = {
        "@context": "https://schema.org",
        "@type": "VideoObject",
        "name": title,
        "description": text,
        "thumbnailUrl": [thumbnail],
        "uploadDate": video["postingDate"],
        "embedUrl": embed,
        "url": absolute(canonical_path),
        "author": {"@type": "Person", "name": f"@{video['username']}", "url": absolute(f"/user/{video['username']}")},
        "interactionStatistic": [
            _counter("WatchAction", meta["viewCount"]),
            _counter("LikeAction", meta["likeCount"]),
            _counter("CommentAction", meta["commentCount"]),
            _counter("ShareAction", meta["shareCount"]),
        ],
    }
    if video["duration"]:
        json_ld["duration"] = _duration(video["duration"])
    return PageMeta(
        title=title,
        description=text[:300],
        canonical=absolute(canonical_path),
        image=thumbnail,
        player_url=embed,
        json_ld=json_ld,
    )
