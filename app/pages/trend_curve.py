"""A dance trend's curve as the dance-trends page shows it: videos per week and views so far, drawn on the server."""

from datetime import date

from babel.dates import format_skeleton
from flask import render_template
from flask_babel import gettext, ngettext
from markupsafe import Markup

from app.charts import Chart, Series
from app.i18n import count, current_language
from app.models import Trend
from app.services.aggregates import newest_video_date
from app.services.trend_curves import TrendCurve, WeekPoint, trend_curve
from app.templating import long_date

# Beyond half a year of weeks the labels name months, so that the ones that fit still say when.
DAY_LABELS_UP_TO_WEEKS = 26


def _week_labels(weeks: list[date]) -> list[str]:
    skeleton = "MMMd" if len(weeks) <= DAY_LABELS_UP_TO_WEEKS else "yMMM"
    language = current_language()
    return [format_skeleton(skeleton, day, locale=language) for day in weeks]


def _summary(curve: TrendCurve) -> str:
    trend, peaks = curve.trend, curve.peak_weeks
    assert peaks and trend.first_video_at is not None and trend.last_video_at is not None
    parts = [
        gettext(
            "%(videos)s over %(weeks)s, from %(first)s to %(last)s.",
            videos=ngettext("%(num)s video", "%(num)s videos", trend.video_count),
            weeks=ngettext("%(num)s week", "%(num)s weeks", curve.total_weeks),
            first=long_date(trend.first_video_at),
            last=long_date(trend.last_video_at),
        ),
        _busiest(peaks),
        gettext("%(views)s views in all.", views=count(trend.total_views)),
    ]
    if curve.capped:
        parts.append(gettext("The chart shows its last %(num)s weeks.", num=len(curve.weeks)))
    return " ".join(parts)


def _busiest(peaks: list[WeekPoint]) -> str:
    """The busiest week, or how many weeks tie for it and when they were."""
    if len(peaks) == 1:
        return ngettext(
            "The busiest week began %(day)s, with %(num)s video.",
            "The busiest week began %(day)s, with %(num)s videos.",
            peaks[0].videos,
            day=long_date(peaks[0].week_start.isoformat()),
        )
    return ngettext(
        "%(weeks)s weeks tie as the busiest, with %(num)s video each: the first began %(first)s, the last %(last)s.",
        "%(weeks)s weeks tie as the busiest, with %(num)s videos each: the first began %(first)s, the last %(last)s.",
        peaks[0].videos,
        weeks=len(peaks),
        first=long_date(peaks[0].week_start.isoformat()),
        last=long_date(peaks[-1].week_start.isoformat()),
    )


def curve_chart(curve: TrendCurve) -> Chart:
    """Videos per week as bars, the views of the videos posted so far as a line on the right axis."""
    return Chart(
        title=gettext("Videos per week and views so far"),
        labels=_week_labels([week.week_start for week in curve.weeks]),
        series=[
            Series(gettext("Videos per week"), [week.videos for week in curve.weeks], kind="bar"),
            Series(gettext("Views so far"), [week.cumulative_views for week in curve.weeks], kind="line", axis="right"),
        ],
        summary=_summary(curve),
    )


def curve_context(trend: Trend) -> dict:
    """What _partials/trend_curve.html draws: the chart, the first and last dates, who started it and its last two
    weeks. A page includes the partial with it (so the page's shell is not computed a second time)."""
    curve = trend_curve(trend)
    return {
        "curve": curve,
        "chart": curve_chart(curve) if curve.weeks else None,
        "trend": trend,
        # Rising's two weeks end at the catalog's newest video, not today: the facts say when.
        "windows_end": newest_video_date(),
    }


def trend_curve_html(trend: Trend) -> Markup:
    """The curve fragment on its own."""
    return Markup(render_template("_partials/trend_curve.html", **curve_context(trend)))
