"""The feeds people watch: random trend videos, dance trends, hashtags, tagged videos, a video by id."""

import random
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from typing import NamedTuple

from sqlalchemy import ColumnElement, FromClause, Select, any_, exists, func, select, tuple_

from app.catalog import fold, normalize_hashtag, search_words
from app.extensions import db
from app.i18n import N_
from app.models import Creator, Hashtag, HashtagYear, Trend, Video, VideoHashtag
from app.services import sorting
from app.services.errors import ServiceError
from app.services.paging import PageOf, count_rows, page_of
from app.services.search import like_pattern

RANDOM_COUNT_CAP = 50


def count_live_trends() -> int:
    return db.session.scalar(select(func.count(Trend.id)).where(Trend.video_count > 0)) or 0


def random_videos(count: int, cap: int = RANDOM_COUNT_CAP, rising: int = 0) -> tuple[list[Video], int]:
    """Up to `count` (at most `cap`) videos from distinct trends, one random active video each, and the trend
    total. Up to `rising` of the trends are the most rising ones (by the rising-score index); the rest are random.

    Random trends come as a run of the random-key index from a random point: the keys are random, so any run is a
    random sample, found by an index seek (never ORDER BY RANDOM()). In each trend the video whose own random
    key comes first after another random point is picked, again by an index seek."""
    total = count_live_trends()
    wanted = min(max(count, 1), cap, total)
    if not wanted:
        return [], total
    trend_ids: list[int] = []
    if rising:
        trend_ids = list(
            db.session.scalars(
                select(Trend.id)
                .where(Trend.rising_score > 0)
                .order_by(Trend.rising_score.desc(), Trend.id)
                .limit(min(rising, wanted))
            )
        )
    live, point = select(Trend.id).where(Trend.video_count > 0, Trend.id.not_in(trend_ids)), random.random()
    trend_ids += db.session.scalars(
        live.where(Trend.random_key >= point).order_by(Trend.random_key).limit(wanted - len(trend_ids))
    )
    if len(trend_ids) < wanted:
        trend_ids += db.session.scalars(
            live.where(Trend.random_key < point).order_by(Trend.random_key).limit(wanted - len(trend_ids))
        )
    return videos_by_ids(_first_of_each(trend_ids, _random_pick)), total


def _first_of_each(trend_ids: list[int], pick) -> list[int]:
    """One video id per trend (in the trends' order), chosen by the correlated `pick(trend_id)` subquery, which
    an index on (trend_id, is_active, ...) answers with a single seek."""
    if not trend_ids:
        return []
    rows = db.session.execute(select(Trend.id, pick(Trend.id)).where(Trend.id.in_(trend_ids))).all()
    chosen = {trend_id: video_id for trend_id, video_id in rows if video_id is not None}
    return [chosen[t] for t in trend_ids if t in chosen]


def _random_pick(trend_id):
    """The trend's active video whose random key comes first after a random point (wrapping)."""
    point = random.random()
    in_trend = (
        select(Video.id)
        .where(Video.trend_id == trend_id, Video.is_active.is_(True))
        .order_by(Video.random_key)
        .limit(1)
    )
    return func.coalesce(in_trend.where(Video.random_key >= point).scalar_subquery(), in_trend.scalar_subquery())


def _most_viewed(trend_id):
    return (
        select(Video.id)
        .where(Video.trend_id == trend_id, Video.is_active.is_(True))
        .order_by(Video.view_count.desc(), Video.id)
        .limit(1)
        .scalar_subquery()
    )


def trend_search(search: str) -> ColumnElement[bool]:
    """Trends whose song and artist hold the search's words, folded as search folds them ('bac bling' finds 'Bắc
    Bling', 'hoa' finds 'Hoà Minzy'); a search of no words (only punctuation or emoji) finds the trends whose own
    search term it is, as a trend's '(See More of This Trend)' asks for an artist named '🪐'."""
    if words := search_words(search):
        return Trend.search_text.like(like_pattern(words), escape="\\")
    return Trend.search_term == search.strip()


def list_trends(search: str, sort: str, offset: int, limit: int) -> PageOf:
    """Trends with active videos, optionally matching a track or artist, in the given order."""
    query = select(Trend).where(Trend.video_count > 0)
    if search.strip():
        query = query.where(trend_search(search))
    total = count_rows(query)
    rows = db.session.scalars(query.order_by(*sorting.trend_order(sort), Trend.id).offset(offset).limit(limit))
    return PageOf(list(rows), total)


def trend_by_key(song_key: str) -> Trend | None:
    return db.session.scalar(select(Trend).where(Trend.song_key == song_key))


def trend_by_slug(slug: str) -> Trend | None:
    """The trend a path segment names (two songs may share a slug: the bigger trend wins)."""
    return db.session.scalar(
        select(Trend).where(Trend.slug == slug).order_by(Trend.video_count.desc(), Trend.id).limit(1)
    )


SEED_SPAN = 1_000_001


def _seed_point(seed: int) -> float:
    return (seed % SEED_SPAN) / SEED_SPAN


# Each page of a list of videos costs more the deeper it is (the rows before it are skipped, or for a shuffle held):
# page 2,375 of #fyp's shuffle held 237,500 ids (1 s), OFFSET 500,000 took PostgreSQL 1.6 s. No one watches 10,000
# videos of one list; a page past them is refused, and the page before says there is no next.
MOST_VIDEOS_DEEP = 10_000


def ids_in_order(query: Select, sort: str, seed: int, offset: int, limit: int) -> list[int]:
    """Ids of one page of video ids in a sort's order (every video column it orders by has an (is_active, column)
    index). A shuffle is the random-key order rotated to start at the seed's point: as random as any other order
    of the keys, stable across pages, and served by walking the random-key index from that point, then from the
    start."""
    if offset + limit > MOST_VIDEOS_DEEP:
        raise ServiceError(N_("A list of videos goes at most 10,000 videos deep"), "page")
    order = sorting.VIDEO_ORDERS[sort]
    if order.by_trend:
        query = query.join(Trend, Trend.id == Video.trend_id)
    if not order.shuffled:
        return list(db.session.scalars(query.order_by(*sorting.video_ordering(order)).offset(offset).limit(limit)))
    point, wanted = _seed_point(seed), offset + limit
    ids = list(db.session.scalars(query.where(Video.random_key >= point).order_by(Video.random_key).limit(wanted)))
    if len(ids) < wanted:
        ids += db.session.scalars(
            query.where(Video.random_key < point).order_by(Video.random_key).limit(wanted - len(ids))
        )
    return ids[offset:]


def videos_by_ids(ids: list[int]) -> list[Video]:
    found = {v.id: v for v in db.session.scalars(select(Video).where(Video.id.in_(ids)))} if ids else {}
    return [found[i] for i in ids if i in found]


ACTIVE_TOTAL_SECONDS = 60
_active_totals: dict[str, tuple[float, int]] = {}


def _active_total_estimate() -> int:
    """How many videos are active, counted at most once a minute per database: it only steers the choice of
    plan, and a full count costs milliseconds at 200,000 videos."""
    key, now = str(db.engine.url), time.monotonic()
    cached = _active_totals.get(key)
    if cached is None or now - cached[0] > ACTIVE_TOTAL_SECONDS:
        count = db.session.scalar(select(func.count(Video.id)).where(Video.is_active.is_(True))) or 0
        cached = _active_totals[key] = (now, count)
    return cached[1]


# The walk's expected length takes the group's videos as spread evenly through the order, and a tag's seldom are:
# walking by date to a tag of 5,000 old videos met a million newer ones first (1.1 s on SQLite, 3.3 s on PostgreSQL;
# fetched, 18 and 40 ms). At worst a walk reads every active video, so only a group that is a large share of them
# is walked (the worst then costs at most SHARE_WALKED times fetching it), and only when expected much shorter.
SHARE_WALKED = 20
WALK_MARGIN = 8


def _walk_sort_index(group_size: int, offset: int, limit: int) -> bool:
    """Walk the sort column's index and test membership, rather than fetch and sort the whole group, when the
    group is at least 1 / SHARE_WALKED of the active videos and the walk is expected to be much shorter: (offset +
    limit) · active / group_size rows against group_size rows."""
    active = _active_total_estimate()
    return group_size * SHARE_WALKED >= active and WALK_MARGIN * (offset + limit) * active < group_size * group_size


def _member_page(
    member_of, join_query: Select, group_size: int, sort: str, offset: int, limit: int, seed: int
) -> PageOf:
    """A page of the active videos of a group (a hashtag, a trend), `group_size` of them, by the cheaper plan."""
    if _walk_sort_index(group_size, offset, limit):
        query = select(Video.id).where(Video.is_active.is_(True), member_of)
    else:
        query = join_query
    return PageOf(videos_by_ids(ids_in_order(query, sort, seed, offset, limit)), group_size)


def trend_videos(trend: Trend, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    query = select(Video.id).where(Video.trend_id == trend.id, Video.is_active.is_(True))
    return PageOf(videos_by_ids(ids_in_order(query, sort, seed, offset, limit)), trend.video_count)


def top_video_of_each(trend_ids: list[int]) -> list[Video]:
    """The most viewed active video of each trend, in the trends' order."""
    return videos_by_ids(_first_of_each(trend_ids, _most_viewed))


def hashtag_by_name(name: str) -> Hashtag | None:
    return db.session.scalar(select(Hashtag).where(Hashtag.name == normalize_hashtag(name.lstrip("#"))))


def tagged(tag_id: int):
    """The video carries the tag: a lookup of the (video, tag) key for each video tested."""
    # Correlated on the video alone: in a query that reads video_hashtags itself, SQLAlchemy would correlate that
    # too and leave the subquery nothing to read (the several-tags search answered 500).
    return exists().where(VideoHashtag.video_id == Video.id, VideoHashtag.hashtag_id == tag_id).correlate(Video)


def _tag_join(tag_id: int) -> Select:
    """The tag's active videos, its videos fetched first. PostgreSQL is given them as an array of ids to look up
    one by one: left to plan a join it walked the sort column's index instead, as the walk does (3.3 s for a tag
    of 5,000 old videos), or, given the tag's videos as a table, merged them with every video's key (0.5 s for a
    tag of 22,500 among a million, its ids looked up 0.16 s)."""
    of_tag = select(VideoHashtag.video_id).where(VideoHashtag.hashtag_id == tag_id)
    if db.engine.dialect.name == "postgresql":
        return select(Video.id).where(Video.id == any_(func.array(of_tag.scalar_subquery())), Video.is_active.is_(True))
    members = of_tag.subquery("members")
    return select(Video.id).join(members, members.c.video_id == Video.id).where(Video.is_active.is_(True))


def hashtag_videos(tag: Hashtag, sort: str, offset: int, limit: int, seed: int = 0) -> PageOf:
    return _member_page(tagged(tag.id), _tag_join(tag.id), tag.video_count, sort, offset, limit, seed)


def tagged_videos(tags: Sequence[str], sort: str, offset: int, limit: int, video_id: str | None = None) -> PageOf:
    """Active videos carrying every one of the tags (all videos when there are none), or one video by id."""
    if video_id:
        video = video_by_id(video_id)
        found = [video] if video is not None and video.is_active else []
        return PageOf(found[offset : offset + limit], len(found))
    names = {normalize_hashtag(t.lstrip("#")) for t in tags if t.strip("# ")}
    found_tags = sorted(db.session.scalars(select(Hashtag).where(Hashtag.name.in_(names))), key=lambda t: t.video_count)
    if len(found_tags) < len(names):
        return PageOf([], 0)
    if not found_tags:
        query = select(Video.id).where(Video.is_active.is_(True))
        ids = ids_in_order(query, sort, 0, offset, limit)
        return PageOf(videos_by_ids(ids), count_rows(query))
    smallest, *others = found_tags
    if not others:
        return hashtag_videos(smallest, sort, offset, limit)
    query = _tag_join(smallest.id).where(*(tagged(t.id) for t in others))
    ids = ids_in_order(query, sort, 0, offset, limit)  # first: a page past MOST_VIDEOS_DEEP is refused uncounted
    return PageOf(videos_by_ids(ids), count_rows(query))


def _year_starting(moment: datetime | None) -> int | None:
    """The year `moment` opens (1 January, midnight UTC), if it is one's first moment."""
    if moment is None or moment != datetime(moment.year, 1, 1, tzinfo=UTC):
        return None
    return moment.year


# A range that is not whole years is counted from the videos posted in it, each time it is asked for: over a month
# of a million videos 0.5 s, over all of them 26 s on SQLite. Whole years (what the categories' year filter asks
# for) are counted from each year's counts, whatever their number.
MOST_DAYS_COUNTED = 31


class CountedHashtag(NamedTuple):
    """A hashtag as a list counts it, over all time or a period, with the caption of its most viewed video of
    that period as its example."""

    tag: Hashtag
    video_count: int
    views: int
    example: str | None

    @classmethod
    def all_time(cls, tag: Hashtag) -> "CountedHashtag":
        return cls(tag, tag.video_count, tag.total_views, tag.example_description)


def counted_from_videos(start: datetime | None, end: datetime | None) -> bool:
    """Hashtags over this range are counted from the videos posted in it, at each request (a range of whole years,
    or none, from the counts kept)."""
    return (start is not None and _year_starting(start) is None) or (end is not None and _year_starting(end) is None)


def year_span(year: int | None) -> tuple[datetime | None, datetime | None]:
    """A year as the span of posting dates it counts, its end excluded; None: all time."""
    if year is None:
        return None, None
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def list_hashtags(sort: str, offset: int, limit: int, start: datetime | None, end: datetime | None) -> PageOf:
    """Hashtags with active videos (CountedHashtag); within a date range the counts and examples cover only videos
    posted in it."""
    if start is None and end is None:
        total = db.session.scalar(select(func.count(Hashtag.id)).where(Hashtag.video_count > 0)) or 0
        tags = db.session.scalars(
            select(Hashtag)
            .where(Hashtag.video_count > 0)
            .order_by(sorting.hashtag_order(sort, Hashtag), Hashtag.id)
            .offset(offset)
            .limit(limit)
        )
        return PageOf([CountedHashtag.all_time(tag) for tag in tags], total)
    first_year, end_year = _year_starting(start), _year_starting(end)
    if not counted_from_videos(start, end):
        if first_year is not None and end_year == first_year + 1:
            return _hashtags_of_year(sort, offset, limit, first_year)
        counts = _years_counts(first_year, end_year)
        order = (sorting.hashtag_order(sort, counts.c), Hashtag.id)
        return counted_hashtags(counts, order, offset, limit, partial(_examples_of_years, first_year, end_year))
    if start is None or end is None or (end - start).days > MOST_DAYS_COUNTED:
        raise ServiceError(N_("A date range that is not whole years spans at most 31 days"), "dateRange")
    return _hashtags_posted(start, end, sort, offset, limit)


def counted_hashtag(tag: Hashtag, year: int | None) -> CountedHashtag | None:
    """One hashtag as the list of all time (None) or of `year` counts it; None when it had no videos then."""
    if year is None:
        return CountedHashtag.all_time(tag) if tag.video_count > 0 else None
    row = db.session.execute(
        select(HashtagYear.video_count, HashtagYear.total_views, HashtagYear.example_description).where(
            HashtagYear.hashtag_id == tag.id, HashtagYear.year == year, HashtagYear.video_count > 0
        )
    ).first()
    return CountedHashtag(tag, *row) if row else None


def _hashtags_posted(start: datetime, end: datetime, sort: str, offset: int, limit: int) -> PageOf:
    """Hashtags counted over the active videos posted from `start` to before `end`, each time."""
    counts = _posted_counts(start, end)
    posted = [Video.posted_at >= start, Video.posted_at < end]
    order = (sorting.hashtag_order(sort, counts.c), Hashtag.id)
    return counted_hashtags(counts, order, offset, limit, partial(examples_among, posted))


def _hashtags_of_year(sort: str, offset: int, limit: int, year: int) -> PageOf:
    order = sorting.hashtag_order(sort, HashtagYear)
    in_year = (HashtagYear.year == year, HashtagYear.video_count > 0)
    total = db.session.scalar(select(func.count()).select_from(HashtagYear).where(*in_year)) or 0
    rows = db.session.execute(
        select(Hashtag, HashtagYear.video_count, HashtagYear.total_views, HashtagYear.example_description)
        .join(HashtagYear, HashtagYear.hashtag_id == Hashtag.id)
        .where(*in_year)
        .order_by(order, Hashtag.id)
        .offset(offset)
        .limit(limit)
    )
    return PageOf([CountedHashtag(*row) for row in rows], total)


def _years_in(first_year: int | None, end_year: int | None) -> list[ColumnElement[bool]]:
    """The rows of hashtag_years from `first_year` to before `end_year` (None: no bound) that count videos."""
    years: list[ColumnElement[bool]] = [HashtagYear.video_count > 0]
    if first_year is not None:
        years.append(HashtagYear.year >= first_year)
    if end_year is not None:
        years.append(HashtagYear.year < end_year)
    return years


def _years_counts(first_year: int | None, end_year: int | None) -> FromClause:
    """Each hashtag's counts over the years from `first_year` to before `end_year` (None: no bound)."""
    return (
        select(
            HashtagYear.hashtag_id.label("hid"),
            func.sum(HashtagYear.video_count).label("video_count"),
            func.sum(HashtagYear.total_views).label("total_views"),
            func.max(HashtagYear.last_video_at).label("last_video_at"),
            func.max(HashtagYear.example_views).label("top_views"),
        )
        .where(*_years_in(first_year, end_year))
        .group_by(HashtagYear.hashtag_id)
        .subquery()
    )


def _posted_counts(start: datetime, end: datetime) -> FromClause:
    """Each hashtag's counts over the active videos posted from `start` to before `end` (see counted_hashtags)."""
    return (
        select(
            VideoHashtag.hashtag_id.label("hid"),
            func.count(Video.id).label("video_count"),
            func.coalesce(func.sum(Video.view_count), 0).label("total_views"),
            func.max(Video.posted_at).label("last_video_at"),
            func.max(Video.view_count).label("top_views"),
        )
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(Video.is_active.is_(True), Video.posted_at >= start, Video.posted_at < end)
        .group_by(VideoHashtag.hashtag_id)
        .subquery()
    )


# Given the (hashtag id, views of its most viewed video) of a page's hashtags: rows (hashtag id, caption) that hold
# each one's example, the one to show first.
ExampleRows = Callable[[list[tuple[int, int]]], Select]


def counted_hashtags(counts: FromClause, order: Sequence, offset: int, limit: int, examples: ExampleRows) -> PageOf:
    """A page of the hashtags `counts` counts (hid, video_count, total_views, top_views: the views of the most
    viewed video counted), in `order`, each with its example as `examples` finds it."""
    total = count_rows(counts)
    rows = db.session.execute(
        select(Hashtag, counts.c.video_count, counts.c.total_views, counts.c.top_views)
        .join(counts, counts.c.hid == Hashtag.id)
        .order_by(*order)
        .offset(offset)
        .limit(limit)
    ).all()
    wanted = [(tag.id, int(top)) for tag, _, _, top in rows if top is not None]
    captions: dict[int, str | None] = {}
    for hid, caption in db.session.execute(examples(wanted)) if wanted else ():
        captions.setdefault(hid, caption)
    return PageOf([CountedHashtag(tag, int(n), int(v or 0), captions.get(tag.id)) for tag, n, v, _ in rows], total)


def _examples_of_years(first_year: int | None, end_year: int | None, wanted: list[tuple[int, int]]) -> Select:
    """The examples of the years from `first_year` to before `end_year` (see ExampleRows)."""
    return (
        select(HashtagYear.hashtag_id, HashtagYear.example_description)
        .where(
            *_years_in(first_year, end_year),
            HashtagYear.hashtag_id.in_([hid for hid, _ in wanted]),  # read by key, not every year's rows
            tuple_(HashtagYear.hashtag_id, HashtagYear.example_views).in_(wanted),
        )
        .order_by(HashtagYear.year)
    )


def examples_among(videos: list[ColumnElement[bool]], wanted: list[tuple[int, int]]) -> Select:
    """The examples among the active videos that meet `videos` (see ExampleRows): on equal views the lower id."""
    return (
        select(VideoHashtag.hashtag_id, Video.description)
        .join(Video, Video.id == VideoHashtag.video_id)
        .where(
            Video.is_active.is_(True),
            *videos,
            # Found through the views index, a few videos each (through the tags, a large one's every video).
            Video.view_count.in_({views for _, views in wanted}),
            tuple_(VideoHashtag.hashtag_id, Video.view_count).in_(wanted),
        )
        .order_by(Video.id)
    )


def video_by_id(video_id: str) -> Video | None:
    return db.session.scalar(select(Video).where(Video.video_id == video_id))


def suggested_hashtag(video: Video) -> str | None:
    """The video's most used hashtag: where a categories deep link without one should open it."""
    return db.session.scalar(
        select(Hashtag.name)
        .join(VideoHashtag, VideoHashtag.hashtag_id == Hashtag.id)
        .where(VideoHashtag.video_id == video.id)
        .order_by(Hashtag.video_count.desc(), Hashtag.name)
        .limit(1)
    )


def tracked_usernames(offset: int, limit: int, search: str = "") -> PageOf:
    """Monitored creators by handle; a search keeps those whose handle or display name contains it, folded as the
    site's search folds it ('Hoà' finds 'Hòa')."""
    query = select(Creator).order_by(Creator.username)
    term = fold(search).lstrip("@")
    if term:
        query = query.where(Creator.search_text.like(like_pattern(term), escape="\\"))
    return page_of(query, offset, limit)
