"""Maintenance jobs: keeping catalog totals right."""

from sqlalchemy import select

from app.extensions import db
from app.jobs import report_progress, tracked
from app.models import Creator, Hashtag, Job, Trend
from app.services import aggregates
from app.services.database import refresh_planner_statistics


@tracked
def refresh_catalog_totals(row: Job | None) -> dict:
    """Recount every trend, hashtag and creator from the videos (after bulk changes or a repair)."""
    trend_ids = list(db.session.scalars(select(Trend.id)))
    hashtag_ids = list(db.session.scalars(select(Hashtag.id)))
    creator_ids = list(db.session.scalars(select(Creator.id)))
    refresh_planner_statistics()
    report_progress(row, step="trends", total=len(trend_ids))
    aggregates.refresh_trends(trend_ids)
    report_progress(row, step="hashtags", total=len(hashtag_ids))
    aggregates.refresh_hashtags(hashtag_ids)
    report_progress(row, step="creators", total=len(creator_ids))
    aggregates.refresh_creators(creator_ids)
    aggregates.rescore_all_trends()
    return {"trends": len(trend_ids), "hashtags": len(hashtag_ids), "creators": len(creator_ids)}
