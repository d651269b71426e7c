"""Rising, the weekly rows and the starters: right by hand on a small catalog, kept right as videos come and go,
and equal to a plain recount over the demo catalog's videos."""

import math
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select

from app.catalog import VideoRecord, rising_score, week_start
from app.extensions import db
from app.models import Creator, Trend, TrendStarter, TrendWeek, Video
from app.pages.trend_curve import curve_chart
from app.services import feeds, trend_curves
from app.services.catalog_files import DEMO_CATALOG, ReadStats, read_catalog
from app.services.ingest import ingest_records
from app.services.reports import deactivate_video
from app.services.sorting import trend_order
from tests.conftest import FIXTURE_CATALOG


def at(day: str) -> datetime:
    return datetime.fromisoformat(f"{day}T12:00:00").replace(tzinfo=UTC)


@pytest.fixture(scope="module")
def template() -> VideoRecord:
    return next(iter(read_catalog(FIXTURE_CATALOG, ReadStats())))


_numbers = iter(range(1, 1_000_000))


def video(template: VideoRecord, song: str, username: str, posted: datetime) -> VideoRecord:
    """A video of `song` by `username` posted at `posted` (its id carries the time, as TikTok's do)."""
    video_id = str((int(posted.timestamp()) << 32) | next(_numbers))
    return replace(
        template,
        video_id=video_id,
        username=username,
        display_name=None,
        author_id=None,
        track=song,
        artist="Hand",
        is_original_sound=False,
        song_key=f"{song}|hand",
        posted_at=posted,
        hashtags=(),
        view_count=100,
        like_count=10,
        video_url=f"https://www.tiktok.com/@{username}/video/{video_id}",
    )


def trend(song: str) -> Trend:
    found = db.session.scalar(select(Trend).where(Trend.song_key == f"{song}|hand"))
    assert found is not None
    db.session.refresh(found)
    return found


def windows(song: str) -> tuple[int, int, int, float]:
    t = trend(song)
    return t.recent_video_count, t.recent_creator_count, t.prior_video_count, round(t.rising_score, 6)


def weeks(song: str) -> dict[str, int]:
    rows = db.session.scalars(select(TrendWeek).where(TrendWeek.trend_id == trend(song).id))
    return {row.week_start.isoformat(): row.video_count for row in rows}


@pytest.fixture
def hand_catalog(template):
    """The catalog's newest video is posted on Monday 2025-03-31 at noon, so the last 14 days are
    (Mar 17 12:00, Mar 31 12:00] and the 14 before (Mar 3 12:00, Mar 17 12:00]."""
    records = [
        video(template, "alpha", "wendy", at("2025-01-01")),  # before both windows
        video(template, "alpha", "xavi", at("2025-03-10")),  # prior
        video(template, "alpha", "xavi", at("2025-03-12")),  # prior
        video(template, "alpha", "xavi", at("2025-03-20")),  # recent
        video(template, "alpha", "yuki", at("2025-03-25")),  # recent
        video(template, "alpha", "zoe", at("2025-03-30")),  # recent (a Sunday: still the week of Mar 24)
        video(template, "alpha", "zoe", at("2025-03-31")),  # recent, the newest of the catalog
        video(template, "beta", "vera", at("2025-03-28")),  # recent
        video(template, "gamma", "ugo", at("2025-03-17")),  # exactly 14 days before the newest: prior
    ]
    ingest_records(records)
    return records


def test_rising_is_computed_as_the_readme_says(hand_catalog):
    # alpha: 4 recent videos by 3 creators against 2 prior: (4 - 2) / (2 + 5) · ln(1 + 3)
    assert windows("alpha") == (4, 3, 2, round(2 / 7 * math.log(4), 6)) == (4, 3, 2, 0.396084)
    # beta: its first video is recent: (1 - 0) / (0 + 5) · ln 2, damped so one video is no rush
    assert windows("beta") == (1, 1, 0, round(1 / 5 * math.log(2), 6))
    # gamma: posted on the window's edge, which belongs to the prior days: not rising
    assert windows("gamma") == (0, 0, 1, 0.0)
    ordered = db.session.scalars(select(Trend.track).order_by(*trend_order("rising"), Trend.id)).all()
    assert ordered == ["alpha", "beta", "gamma"]


def test_rising_score_is_zero_unless_a_trend_grows_with_recent_creators():
    assert rising_score(0, 0, 0) == 0.0
    assert rising_score(3, 3, 2) == 0.0
    assert rising_score(2, 5, 2) == 0.0
    assert rising_score(10, 0, 8) == pytest.approx(2 * math.log(9))


def test_weeks_are_iso_weeks_from_monday(hand_catalog):
    assert week_start(at("2025-03-30")) == date(2025, 3, 24)
    assert week_start(at("2025-03-31")) == date(2025, 3, 31)
    assert weeks("alpha") == {"2024-12-30": 1, "2025-03-10": 2, "2025-03-17": 1, "2025-03-24": 2, "2025-03-31": 1}


def test_the_curve_lists_every_week_with_cumulative_views_and_the_starters(hand_catalog):
    curve = trend_curves.trend_curve(trend("alpha"))
    assert curve.total_weeks == len(curve.weeks) == 14 and not curve.capped
    assert curve.weeks[0].week_start == date(2024, 12, 30) and curve.weeks[-1].week_start == date(2025, 3, 31)
    assert [w.videos for w in curve.weeks] == [1] + [0] * 9 + [2, 1, 2, 1]
    assert [w.cumulative_views for w in curve.weeks][-5:] == [100, 300, 400, 600, 700]
    assert [(s.creator.username, s.first_video_at) for s in curve.starters] == [
        ("wendy", at("2025-01-01")),
        ("xavi", at("2025-03-10")),
        ("yuki", at("2025-03-25")),
    ]


def test_a_long_trend_shows_its_last_weeks_and_still_counts_all_views(hand_catalog, monkeypatch):
    monkeypatch.setattr(trend_curves, "MAX_CURVE_WEEKS", 4)
    curve = trend_curves.trend_curve(trend("alpha"))
    assert curve.capped and curve.total_weeks == 14
    assert [w.week_start.isoformat() for w in curve.weeks] == ["2025-03-10", "2025-03-17", "2025-03-24", "2025-03-31"]
    assert [w.cumulative_views for w in curve.weeks] == [300, 400, 600, 700]


def test_sparklines_cover_the_catalogs_last_eight_weeks(hand_catalog):
    alpha, gamma = trend("alpha"), trend("gamma")
    recent = trend_curves.recent_weeks([alpha.id, gamma.id])
    # weeks Feb 10 … Mar 31
    assert recent[alpha.id] == [0, 0, 0, 0, 2, 1, 2, 1]
    assert recent[gamma.id] == [0, 0, 0, 0, 0, 1, 0, 0]


def test_ingestion_adds_to_the_rows_and_rising(hand_catalog, template):
    ingest_records([video(template, "beta", "ursula", at("2025-03-29"))])
    assert windows("beta") == (2, 2, 0, round(2 / 5 * math.log(3), 6))
    assert weeks("beta") == {"2025-03-24": 2}
    assert windows("alpha")[3] == 0.396084  # the newest date did not move


def test_a_removed_video_is_taken_away_and_moves_the_windows(hand_catalog):
    newest = db.session.scalar(select(Video).where(Video.video_id == hand_catalog[6].video_id))
    deactivate_video(newest)
    # The newest video is now Sunday Mar 30 noon: recent (Mar 16 12:00, Mar 30 12:00], prior back to Mar 2.
    assert windows("alpha") == (3, 3, 2, round(1 / 7 * math.log(4), 6))
    assert windows("gamma") == (1, 1, 0, round(1 / 5 * math.log(2), 6))  # Mar 17 is recent now
    assert "2025-03-31" not in weeks("alpha")
    starters = db.session.scalars(
        select(Creator.username)
        .join(TrendStarter, TrendStarter.creator_id == Creator.id)
        .where(TrendStarter.trend_id == trend("alpha").id)
        .order_by(TrendStarter.position)
    ).all()
    assert starters == ["wendy", "xavi", "yuki"]


def test_a_newer_video_elsewhere_rescores_every_trend(hand_catalog, template):
    ingest_records([video(template, "delta", "tom", at("2025-04-20"))])
    # Now recent is (Apr 6 12:00, Apr 20 12:00] and prior (Mar 23 12:00, Apr 6 12:00].
    assert windows("alpha") == (0, 0, 3, 0.0)
    assert windows("beta") == (0, 0, 1, 0.0)
    assert windows("delta") == (1, 1, 0, round(1 / 5 * math.log(2), 6))


def _recount(videos: list[Video], newest: datetime) -> dict[int, tuple[int, int, int, dict[date, int]]]:
    """Rising windows and weeks per trend, counted in plain Python over the video rows."""
    split, start = newest - timedelta(days=14), newest - timedelta(days=28)
    recent: Counter = Counter()
    prior: Counter = Counter()
    creators: dict[int, set[int]] = defaultdict(set)
    per_week: dict[int, Counter] = defaultdict(Counter)
    for v in videos:
        per_week[v.trend_id][v.posted_at.date() - timedelta(days=v.posted_at.weekday())] += 1
        if split < v.posted_at <= newest:
            recent[v.trend_id] += 1
            creators[v.trend_id].add(v.creator_id)
        elif start < v.posted_at <= split:
            prior[v.trend_id] += 1
    return {t: (recent[t], len(creators[t]), prior[t], dict(per_week[t])) for t in per_week}


def test_the_demo_catalog_agrees_with_a_plain_recount():
    ingest_records(read_catalog(DEMO_CATALOG, ReadStats()))
    videos = list(db.session.scalars(select(Video).where(Video.is_active.is_(True), Video.trend_id.isnot(None))))
    newest = max(v.posted_at for v in videos)
    assert newest == datetime(2025, 5, 26, 4, 12, 28, tzinfo=UTC)
    expected = _recount(videos, newest)
    by_key = {t.song_key: t for t in db.session.scalars(select(Trend))}
    # Three real trends, worked by hand from their videos' dates:
    # 5 videos by 5 creators since May 12 04:12, 3 in the two weeks before: (5 - 3) / (3 + 5) · ln 6
    shake = by_key["shake it to the max (fly) (remix)|moliy, shenseea, silent addy, skillibeng"]
    assert (shake.recent_video_count, shake.recent_creator_count, shake.prior_video_count) == (5, 5, 3)
    assert shake.rising_score == pytest.approx(2 / 8 * math.log(6)) == pytest.approx(0.447940, abs=1e-6)
    qkthr = by_key["qkthr|"]  # (3 - 1) / (1 + 5) · ln 4
    assert qkthr.rising_score == pytest.approx(2 / 6 * math.log(4))
    chopin = by_key["chopin nocturne no. 2 piano mono|"]  # 3 recent by 2 creators, 2 prior: (3 - 2) / 7 · ln 3
    assert chopin.rising_score == pytest.approx(1 / 7 * math.log(3))
    for t in by_key.values():
        recent, creators, prior, per_week = expected[t.id]
        assert (t.recent_video_count, t.recent_creator_count, t.prior_video_count) == (recent, creators, prior)
        assert t.rising_score == pytest.approx(rising_score(recent, prior, creators))
        rows = db.session.scalars(select(TrendWeek).where(TrendWeek.trend_id == t.id))
        assert {row.week_start: row.video_count for row in rows} == per_week
    assert sum(1 for t in by_key.values() if t.rising_score > 0) == 29


def test_the_home_feeds_pool_always_holds_the_most_rising_trends(hand_catalog):
    for _ in range(5):
        videos, total = feeds.random_videos(2, cap=2, rising=1)
        assert total == 3 and len({v.trend_id for v in videos}) == 2
        assert trend("alpha").id in {v.trend_id for v in videos}
    plain = {frozenset(v.trend_id for v in feeds.random_videos(1, cap=1)[0]) for _ in range(40)}
    assert len(plain) > 1  # without it the pick stays random


def test_the_curves_summary_names_every_busiest_week_when_several_tie(app, hand_catalog):
    with app.test_request_context("/dance-trends"):
        tied = curve_chart(trend_curves.trend_curve(trend("alpha"))).summary
        single = curve_chart(trend_curves.trend_curve(trend("beta"))).summary
    # alpha has 2 videos in the weeks of 10 and 24 March: neither is "the" busiest week
    assert (
        "2 weeks tie as the busiest, with 2 videos each: the first began March 10, 2025, the last March 24, 2025."
        in tied
    )
    assert "The busiest week began March 24, 2025, with 1 video." in single


def test_the_curves_summary_counts_videos_and_weeks_each_in_its_own_number(app, hand_catalog, template):
    ingest_records(
        [video(template, "beta", "vera", at("2025-03-27")), video(template, "gamma", "ugo", at("2025-02-03"))]
    )
    with app.test_request_context("/dance-trends"):
        one_week = curve_chart(trend_curves.trend_curve(trend("beta"))).summary
        six_weeks = curve_chart(trend_curves.trend_curve(trend("gamma"))).summary
    assert one_week.startswith("2 videos over 1 week, from March 27, 2025 to March 28, 2025.")
    assert six_weeks.startswith("2 videos over 7 weeks, from February 3, 2025 to March 17, 2025.")
