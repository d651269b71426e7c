"""The portal at a glance: daily snapshots and backfilled history, against numbers worked out by hand."""

from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from sqlalchemy import func, select

from app.extensions import db
from app.models import CatalogDay, Creator, Job, JobKind, Video, VideoReport
from app.services import glance

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
PLUS_TWO = timezone(timedelta(hours=2))


def at(day: int, hour: int = 12, minute: int = 0, zone=UTC) -> datetime:
    return datetime(2026, 3, day, hour, minute, tzinfo=zone)


def add_video(creator: Creator, number: int, created_at: datetime, active: bool = True, **metadata) -> None:
    db.session.add(
        Video(
            video_id=f"7{number:018d}",
            creator=creator,
            video_url=f"https://www.tiktok.com/@{creator.username}/video/7{number:018d}",
            posted_at=at(1),
            random_key=number / 10,
            is_active=active,
            created_at=created_at,
            **metadata,
        )
    )


COMPLETE = {"title": "Step", "duration": 30, "track": "Song", "artist": "Singer"}


@pytest.fixture
def small_catalog():
    """Five videos over three days (one stored just before midnight UTC, by a clock two hours ahead), four reports
    and three finished jobs, of which two are health checks."""
    creator = Creator(username="glancer")
    db.session.add(creator)
    add_video(creator, 1, at(8, 10), **COMPLETE)
    add_video(creator, 2, at(9, 1, zone=PLUS_TWO), title="Step", duration=20)  # 8 March, 23:00 UTC: partial
    add_video(creator, 3, at(9, 0), active=False, title="Step")  # basic
    add_video(creator, 4, at(10, 8))  # no title: none
    add_video(creator, 5, at(10, 11), active=False, **COMPLETE)
    for number, status, created, reviewed in [
        (1, "pending", at(8, 9), None),
        (2, "approved", at(8, 10), at(9, 15)),
        (3, "rejected", at(9, 10), at(10, 9)),
        (4, "reviewed", at(1, 10), at(2, 10)),
    ]:
        db.session.add(
            VideoReport(
                video_id=f"7{number:018d}",
                username="glancer",
                status=status,
                reporter_key=f"ip:{number}",
                created_at=created,
                reviewed_at=reviewed,
            )
        )
    summaries = [
        ("h1", JobKind.HEALTH_CHECK, "finished", at(9, 5), {"available": 40, "unavailable": 2, "rateLimited": 3}),
        ("h2", JobKind.HEALTH_CHECK, "finished", at(9, 20), {"available": 10, "unavailable": 1, "blocked": 4}),
        ("h3", JobKind.HEALTH_CHECK, "failed", at(10, 1), {"available": 99}),
        ("c1", JobKind.TIKTOK_CANARY, "finished", at(9, 6), {"available": 99}),
    ]
    summaries[0][4]["networkErrors"] = 1
    for job_id, kind, status, finished, summary in summaries:
        db.session.add(
            Job(
                id=job_id,
                kind=kind,
                queue="maintenance",
                status=status,
                finished_at=finished,
                result={"summary": summary} if status == "finished" else None,
            )
        )
    db.session.commit()


def row(day: int) -> CatalogDay:
    found = db.session.get(CatalogDay, date(2026, 3, day))
    assert found is not None
    return found


def reports(found: CatalogDay) -> tuple[int, int, int, int]:
    return found.reports_pending, found.reports_reviewed, found.reports_approved, found.reports_rejected


def checks(found: CatalogDay) -> tuple[int, ...]:
    return tuple(getattr(found, f"checks_{outcome}") for outcome in glance.SUMMARY_FIELDS)


def test_backfill_recounts_every_day_since_the_first_record(small_catalog):
    assert glance.backfill(NOW) == 10  # 1 to 10 March: the first report was made on the 1st
    assert [row(day).videos_added for day in (7, 8, 9, 10)] == [0, 2, 1, 2]
    # Pending from creation, the present status from the last review.
    assert reports(row(1)) == (1, 0, 0, 0)
    assert reports(row(2)) == (0, 1, 0, 0)
    assert reports(row(8)) == (2, 1, 0, 0)
    assert reports(row(9)) == (2, 1, 1, 0)
    assert reports(row(10)) == (1, 1, 1, 1)
    # Two finished health checks on the 9th; the failed one and the canary do not count.
    assert checks(row(9)) == (50, 3, 3, 4, 1, 0)
    assert checks(row(10)) == (0, 0, 0, 0, 0, 0)
    # The state of the catalog cannot be read for past days.
    assert row(9).active_videos is None and row(9).snapshot_at is None


def test_a_snapshot_reads_the_catalog_as_it_is(small_catalog):
    today = glance.take_snapshot(NOW)
    assert (today.active_videos, today.inactive_videos) == (3, 2)
    assert (today.tier_complete, today.tier_partial, today.tier_basic, today.tier_none) == (2, 1, 1, 1)
    assert today.videos_added == 2
    assert reports(today) == (1, 1, 1, 1)
    assert today.snapshot_at == NOW
    # A first snapshot starts the history today.
    assert db.session.scalar(select(func.count()).select_from(CatalogDay)) == 1


def test_a_snapshot_is_an_idempotent_upsert_that_finishes_yesterday(small_catalog):
    evening_check = db.session.get(Job, "h2")
    evening_check.status, evening_check.finished_at = "running", None
    db.session.commit()
    glance.take_snapshot(at(9, 12))
    assert row(9).videos_added == 1
    assert checks(row(9))[0] == 40, "only the check finished by noon"
    evening_check.status, evening_check.finished_at = "finished", at(9, 20)
    db.session.commit()
    glance.take_snapshot(NOW)
    glance.take_snapshot(NOW)
    assert db.session.scalar(select(func.count()).select_from(CatalogDay)) == 2
    assert checks(row(9)) == (50, 3, 3, 4, 1, 0), "yesterday finished"
    assert row(9).active_videos == 3, "yesterday's snapshot is kept"
    assert (row(10).videos_added, row(10).active_videos) == (2, 3)


def test_history_reads_the_days_from_the_first_row_up_to_today(small_catalog):
    assert glance.history(30, NOW).days == []
    glance.backfill(NOW)
    glance.take_snapshot(NOW)
    history = glance.history(30, NOW)
    assert history.days[0] == date(2026, 3, 1) and history.days[-1] == date(2026, 3, 10)
    assert history.values("videos_added")[-3:] == [2, 1, 2]
    assert [found.day for found in history.snapshots()] == [date(2026, 3, 10)]
    later = glance.history(30, NOW + timedelta(days=2))
    assert later.values("videos_added")[-3:] == [2, 0, 0], "days without a row count nothing"
    assert len(glance.history(5, NOW).days) == 5
    assert len(glance.history(10_000, datetime(2027, 3, 1, tzinfo=UTC)).days) == max(glance.RANGES)
