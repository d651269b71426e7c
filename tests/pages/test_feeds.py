"""Atom feeds of creators, hashtags, dance trends and public playlists, and each user's private Following feed,
read as a feed reader reads them (feedparser)."""

import re

import feedparser
from sqlalchemy import func, select

from app.extensions import db
from app.models import Creator, Hashtag, Trend, Video, VideoHashtag
from app.services import playlists
from app.services.videos import video_card

ATOM = "application/atom+xml"
SITE = "http://localhost"  # SITE_URL in the tests' configuration


def read_feed(client, path: str):
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.mimetype == ATOM
    parsed = feedparser.parse(response.get_data())
    assert not parsed.bozo, parsed.get("bozo_exception")
    return parsed


def busiest_creator() -> Creator:
    return db.session.scalar(select(Creator).order_by(Creator.video_count.desc(), Creator.id).limit(1))


def test_a_creators_feed_lists_its_newest_videos_with_link_title_caption_author_date_and_thumbnail(
    app, client, catalog
):
    creator = busiest_creator()
    feed = read_feed(client, f"/feeds/creator/{creator.username}.atom")
    videos = db.session.scalars(
        select(Video).where(Video.creator_id == creator.id, Video.is_active.is_(True)).order_by(Video.posted_at.desc())
    ).all()

    site = app.config["SITE_URL"]
    assert feed.feed.title == f"@{creator.username} · {app.config['BRAND_NAME']}"
    assert feed.feed.link == f"{site}/user/{creator.username}"
    assert [entry.link for entry in feed.entries] == [f"{site}{video_card(v).canonical_path}" for v in videos]
    first, newest = feed.entries[0], videos[0]
    assert first.author == f"@{creator.username}"
    assert first.published_parsed[:6] == newest.posted_at.utctimetuple()[:6]
    assert first.title == (newest.title or newest.description or f"{newest.track} by {newest.artist}")
    if newest.description:
        assert newest.description in first.summary
    assert first.media_thumbnail[0]["url"] == f"{site}/thumbs/{newest.video_id}.jpg"
    assert {"rel": "enclosure", "type": "image/jpeg", "href": f"{site}/thumbs/{newest.video_id}.jpg"}.items() <= {
        **next(link for link in first.links if link.rel == "enclosure")
    }.items()


def test_hashtag_and_trend_feeds_hold_their_videos_newest_first_and_at_most_50(client, catalog):
    tag = db.session.scalar(select(Hashtag).order_by(Hashtag.video_count.desc()).limit(1))
    feed = read_feed(client, f"/feeds/hashtag/{tag.name}.atom")
    expected = db.session.scalars(
        select(Video.video_id)
        .join(VideoHashtag, VideoHashtag.video_id == Video.id)
        .where(VideoHashtag.hashtag_id == tag.id, Video.is_active.is_(True))
        .order_by(Video.posted_at.desc(), Video.id.desc())
        .limit(50)
    ).all()
    assert [entry.link.rsplit("-", 1)[-1] for entry in feed.entries] == expected
    assert 0 < len(feed.entries) <= 50

    trend = db.session.scalar(select(Trend).order_by(Trend.video_count.desc()).limit(1))
    feed = read_feed(client, f"/feeds/trend/{trend.slug}.atom")
    dates = [entry.published_parsed for entry in feed.entries]
    assert len(dates) == trend.video_count and dates == sorted(dates, reverse=True)
    assert all(f"/dance-trends/{trend.slug}/" in entry.link for entry in feed.entries)
    assert feed.feed.link.endswith(f"/dance-trends/{trend.slug}") and client.get(feed.feed.link).status_code == 200
    trend.video_count = 0
    db.session.commit()
    emptied = read_feed(client, f"/feeds/trend/{trend.slug}.atom")
    assert emptied.feed.link.endswith("/dance-trends") and client.get(emptied.feed.link).status_code == 200


def test_a_removed_video_leaves_the_feeds(client, catalog):
    creator = busiest_creator()
    video = db.session.scalar(select(Video).where(Video.creator_id == creator.id).order_by(Video.posted_at.desc()))
    video.is_active = False
    db.session.commit()
    links = [entry.link for entry in read_feed(client, f"/feeds/creator/{creator.username}.atom").entries]
    assert not any(link.endswith(video.video_id) for link in links)


def test_a_public_playlists_feed_lists_the_latest_additions_first_and_a_private_one_is_404(client, curators_playlists):
    public, hidden, videos = curators_playlists.public, curators_playlists.private, curators_playlists.videos
    feed = read_feed(client, f"/feeds/playlist/{public.id}.atom")
    assert feed.feed.title.startswith("Moves · ")
    assert [entry.link.rsplit("-", 1)[-1] for entry in feed.entries] == [v.video_id for v in reversed(videos)]
    assert client.get(f"/feeds/playlist/{hidden.id}.atom").status_code == 404
    assert client.get("/feeds/playlist/987654.atom").status_code == 404


def test_a_feed_stays_well_formed_xml_whatever_text_it_carries(client, curators_playlists):
    """XML 1.0 has no place for most control characters; a playlist name or a caption may still hold one."""
    public, video = curators_playlists.public, curators_playlists.videos[0]
    public.name = "ctl\x01name\x1b"
    video.description = "caption\x0bwith\x08controls\ufffe"
    db.session.commit()
    feed = read_feed(client, f"/feeds/playlist/{public.id}.atom")
    assert feed.feed.title.startswith("ctlname · ")
    assert any(entry.get("summary", "").startswith("captionwithcontrols") for entry in feed.entries)


def test_unknown_feeds_are_404(client, catalog):
    for path in ("/feeds/creator/nobody_here.atom", "/feeds/hashtag/nosuchtag.atom", "/feeds/trend/no_such.atom"):
        assert client.get(path).status_code == 404, path


def test_the_private_following_feed_holds_followed_creators_videos_and_its_address_can_be_reset(
    app, api, client, user, make_user, catalog
):
    followed = busiest_creator()
    api.login("dancer@example.com")
    assert api.post("/api/tiktok/toggle-follow", {"username": followed.username}).status_code == 200
    first = api.get("/api/following-feed").get_json()["url"]
    assert api.get("/api/following-feed").get_json()["url"] == first  # one address until reset
    assert first.startswith(f"{app.config['SITE_URL']}/feeds/following/")
    path = first.removeprefix(app.config["SITE_URL"])
    assert len(path.rsplit("/", 1)[-1].removesuffix(".atom")) >= 40  # unguessable

    response = client.get(path)
    assert response.headers["Cache-Control"].startswith("private")
    assert response.headers["X-Robots-Tag"] == "noindex"
    feed = read_feed(client, path)
    assert feed.entries and all(entry.author == f"@{followed.username}" for entry in feed.entries)
    assert feed.feed.title.startswith("Following · @dancer")

    renewed = api.post("/api/following-feed/reset", {}).get_json()["url"]
    assert renewed != first
    assert client.get(path).status_code == 404
    assert client.get(renewed.removeprefix(app.config["SITE_URL"])).status_code == 200

    other = make_user("other")
    api.login(other.email)
    other_url = api.get("/api/following-feed").get_json()["url"]
    assert other_url != renewed
    assert read_feed(client, other_url.removeprefix(app.config["SITE_URL"])).entries == []


def test_the_private_feed_address_needs_a_sign_in(api):
    assert api.get("/api/following-feed").status_code == 401
    assert api.post("/api/following-feed/reset", {}).status_code == 401


def test_pages_announce_their_feeds(client, make_user, catalog):
    creator = busiest_creator()
    html = client.get(f"/user/{creator.username}").get_data(as_text=True)
    assert f'<link rel="alternate" type="{ATOM}" title="@{creator.username} · new videos" ' in html
    assert f'href="/feeds/creator/{creator.username}.atom"' in html
    in_vietnamese = client.get(f"/user/{creator.username}", headers={"Accept-Language": "vi"}).get_data(as_text=True)
    assert f'title="@{creator.username} · video mới" ' in in_vietnamese  # a feed reader shows it as the feed's name

    video = db.session.scalar(select(Video).where(Video.trend_id.isnot(None)).order_by(Video.id))
    card = video_card(video)
    html = client.get(card.trend_path).get_data(as_text=True)
    assert f'href="/feeds/trend/{card.trend.slug}.atom"' in html
    tag = card.tags[0]
    html = client.get(f"/categories/{tag}/{card.creator.username}-{video.video_id}").get_data(as_text=True)
    assert f'href="/feeds/hashtag/{tag}.atom"' in html

    owner = make_user("curator")
    public = playlists.create_playlist(owner, "Moves", "", True)
    html = client.get(f"/categories?playlist={public.id}").get_data(as_text=True)
    assert f'href="/feeds/playlist/{public.id}.atom"' in html
    head = f'<link rel="alternate" type="{ATOM}" title="Moves · playlist" href="/feeds/playlist/{public.id}.atom">'
    assert head in html  # announced in the head too
    assert len(re.findall(ATOM, client.get("/categories?playlist=abc").get_data(as_text=True))) == 0
    assert db.session.scalar(select(func.count(Video.id))) > 0
