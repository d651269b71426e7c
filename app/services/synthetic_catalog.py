"""A large catalog for load benchmarks: synthetic, deterministic for a seed, written in bulk.

Grown from a real catalog's records (the bundled demo catalog unless another file is given). Video n copies
template n mod T (caption, hashtags, song, counts scaled by a random factor) with a new id whose posting time is the
template's moved back by up to 90 days, a creator drawn from a skewed pool of size/40, a variant of its song (most
videos keep the original, so some trends grow huge) and, for some videos, tags from a skewed pool of size/20 (a
long tail of hashtags). The result is shaped like a real catalog: a few giant hashtags and trends, many small ones.

Two passes over the same generator: the first adds up every trend, hashtag and creator total (the same totals
the ingestion service keeps, trends' weekly rows and first creators too) and writes those rows; the second writes
the videos and their hashtag links by COPY on PostgreSQL and one prepared statement per table on SQLite, with the
secondary indexes built afterwards. The trends' rising windows are then counted by the aggregates' own query over
the catalog's last 28 days.
"""

import random
from array import array
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from itertools import islice

from sqlalchemy import Constraint, ForeignKeyConstraint, Index, Table, UniqueConstraint, select, text, update
from sqlalchemy.schema import AddConstraint, DropConstraint

from app.catalog import VideoRecord, days_between, rising_score, song_of, trend_score, trend_slug
from app.catalog.records import MAX_COUNT, video_url
from app.extensions import db
from app.models import Creator, Hashtag, HashtagYear, Trend, TrendStarter, TrendWeek, Video, VideoHashtag
from app.services import cache, search
from app.services.aggregates import STARTERS, Example, Span, rising_windows
from app.services.database import settle_after_bulk_load

VIDEOS_PER_CREATOR = 40
VIDEOS_PER_TREND = 50
VIDEOS_PER_EXTRA_TAG = 20
EXTRA_TAG_CHANCES = (0, 0, 1, 2)  # extra tags per video, drawn uniformly
MAX_AGE_SHIFT = timedelta(days=90)
SOURCE = "synthetic"
WRITE_BATCH = 20_000
TIMESTAMP_SHIFT = 32


class CatalogNotEmpty(Exception):
    """A synthetic catalog is only built into an empty database."""


@dataclass(slots=True)
class SyntheticVideo:
    number: int  # 1-based: the row id it is written with
    template: VideoRecord
    video_id: str
    username: str
    posted_at: datetime
    song_key: str | None
    track: str | None
    artist: str | None
    hashtags: tuple[str, ...]
    counts: tuple[int | None, ...]  # the template's COUNTED, scaled
    random_key: float

    @property
    def views(self) -> int:
        return self.counts[0] or 0

    @property
    def likes(self) -> int:
        return self.counts[1] or 0


COUNTED = ("view_count", "like_count", "comment_count", "share_count", "save_count")


def _skewed(rng: random.Random, size: int, power: float) -> int:
    """An index in [0, size) where small indexes are far likelier: a few large groups, a long tail."""
    return min(int(size * rng.random() ** power), size - 1)


class Generator:
    """The synthetic videos for (templates, size, seed); iterating twice yields the same videos."""

    def __init__(self, templates: Sequence[VideoRecord], size: int, seed: int) -> None:
        if not templates:
            raise ValueError("no template records")
        self.templates, self.size, self.seed = list(templates), size, seed
        songs = {t.song_key for t in self.templates if t.song_key}
        self.variants = max(1, size // (VIDEOS_PER_TREND * max(1, len(songs))))
        self.creators = max(1, size // VIDEOS_PER_CREATOR)
        self.extra_tags = max(1, size // VIDEOS_PER_EXTRA_TAG)
        base_tags = sorted({tag for t in self.templates for tag in t.hashtags}) or ["dance"]
        self._tag_stems = [tag[:90] for tag in base_tags]
        self._creator_stems = [t.username[:14].rstrip(".") for t in self.templates]
        self._posted = [int(t.posted_at.timestamp()) for t in self.templates]
        self._counts = [tuple(getattr(t, name) for name in COUNTED) for t in self.templates]
        self._songs: dict[tuple[str, int], tuple[str | None, str | None, str | None]] = {}

    def creator_name(self, index: int) -> str:
        return f"{self._creator_stems[index % len(self._creator_stems)]}_{index}"

    def _song(self, template: VideoRecord, variant: int) -> tuple[str | None, str | None, str | None]:
        """(song key, track, artist) of a variant of the template's song; variant 0 is the song itself."""
        if not template.song_key or variant == 0:
            return template.song_key, template.track, template.artist
        key = (template.song_key, variant)
        if key not in self._songs:
            song = song_of(f"{template.track or 'original sound'} (mix {variant})", template.artist)
            self._songs[key] = (song.song_key, song.track, song.artist) if song else (None, None, None)
        return self._songs[key]

    def __iter__(self) -> Iterator[SyntheticVideo]:
        rng = random.Random(self.seed)
        templates, stems, posted, counts = self.templates, self._tag_stems, self._posted, self._counts
        shift = int(MAX_AGE_SHIFT.total_seconds())
        for n in range(self.size):
            t = n % len(templates)
            template = templates[t]
            seconds = max(posted[t] - rng.randrange(shift), 1)
            song_key, track, artist = self._song(template, _skewed(rng, self.variants, 3))
            extra = [
                f"{stems[i % len(stems)]}{i}"
                for i in [_skewed(rng, self.extra_tags, 2) for _ in range(rng.choice(EXTRA_TAG_CHANCES))]
            ]
            username = self.creator_name(_skewed(rng, self.creators, 2))
            scale = rng.uniform(0.2, 3.0)
            yield SyntheticVideo(
                n + 1,
                template,
                str((seconds << TIMESTAMP_SHIFT) | n),
                username,
                datetime.fromtimestamp(seconds, tz=UTC),
                song_key,
                track,
                artist,
                tuple(dict.fromkeys((*template.hashtags, *extra))),
                tuple(None if value is None else min(int(value * scale), MAX_COUNT) for value in counts[t]),
                rng.random(),
            )


# ---- totals ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _TrendTotals:
    span: Span = field(default_factory=Span)
    likes: int = 0
    creators: set[int] = field(default_factory=set)
    video: SyntheticVideo | None = None  # the first video, for the trend's display fields
    weeks: dict[int, list[int]] = field(default_factory=dict)  # the week's Monday's ordinal -> [videos, views, likes]
    starters: list[tuple[datetime, int]] = field(default_factory=list)  # (first video, creator id), earliest first

    def add_week(self, posted_at: datetime, views: int, likes: int) -> None:
        # app.catalog.week_start by day ordinals (day 1, 0001-01-01, was a Monday): a million times, it counts.
        day = posted_at.toordinal()
        week = self.weeks.setdefault(day - (day - 1) % 7, [0, 0, 0])
        week[0] += 1
        week[1] += views
        week[2] += likes

    def note_starter(self, posted_at: datetime, creator_id: int) -> None:
        """Keep the first three creators by their first video, as the aggregates rank them (creator id on a tie)."""
        entry = (posted_at, creator_id)
        for index, (_, known) in enumerate(self.starters):
            if known == creator_id:
                if entry < self.starters[index]:
                    self.starters[index] = entry
                    self.starters.sort()
                return
        if len(self.starters) < STARTERS or entry < self.starters[-1]:
            self.starters.append(entry)
            self.starters.sort()
            del self.starters[STARTERS:]


@dataclass(slots=True)
class _HashtagTotals:
    span: Span = field(default_factory=Span)
    years: dict[int, Span] = field(default_factory=lambda: defaultdict(Span))
    example: Example | None = None  # of all its videos (rows come in id order: on equal views the first stays)
    year_examples: dict[int, Example] = field(default_factory=dict)


@dataclass
class Totals:
    """What the catalog's aggregate rows hold, added up in one pass; ids are assigned in first-seen order."""

    creators: dict[str, int] = field(default_factory=dict)  # username -> id
    creator_videos: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    trends: dict[str, int] = field(default_factory=dict)  # song key -> id
    trend_totals: dict[int, _TrendTotals] = field(default_factory=lambda: defaultdict(_TrendTotals))
    hashtags: dict[str, int] = field(default_factory=dict)  # name -> id
    hashtag_totals: dict[int, _HashtagTotals] = field(default_factory=lambda: defaultdict(_HashtagTotals))
    link_videos: array = field(default_factory=lambda: array("q"))  # the video_hashtags rows, one column each
    link_hashtags: array = field(default_factory=lambda: array("q"))
    newest: datetime | None = None

    def add(self, video: SyntheticVideo) -> None:
        views, likes = video.views, video.likes
        creator_id = self.creators.setdefault(video.username, len(self.creators) + 1)
        self.creator_videos[creator_id] += 1
        if video.song_key:
            trend = self.trend_totals[self.trends.setdefault(video.song_key, len(self.trends) + 1)]
            trend.span.add(views, video.posted_at)
            trend.likes += likes
            trend.creators.add(creator_id)
            trend.video = trend.video or video
            trend.add_week(video.posted_at, views, likes)
            trend.note_starter(video.posted_at, creator_id)
        for tag in video.hashtags:
            hashtag_id = self.hashtags.setdefault(tag, len(self.hashtags) + 1)
            self.link_videos.append(video.number)
            self.link_hashtags.append(hashtag_id)
            totals = self.hashtag_totals[hashtag_id]
            totals.span.add(views, video.posted_at)
            year = video.posted_at.year
            totals.years[year].add(views, video.posted_at)
            if totals.example is None or views > totals.example[0]:
                totals.example = (views, video.number, video.template.description)
            best = totals.year_examples.get(year)
            if best is None or views > best[0]:
                totals.year_examples[year] = (views, video.number, video.template.description)
        self.newest = video.posted_at if self.newest is None or video.posted_at > self.newest else self.newest


# ---- writing ---------------------------------------------------------------------------------------------------


class BulkWriter:
    """Rows into a table as fast as the database takes them: COPY on PostgreSQL, executemany on SQLite."""

    def __init__(self) -> None:
        self.connection = db.session.connection()
        self.dialect = self.connection.dialect
        driver = self.connection.connection.driver_connection
        assert driver is not None  # None only once the connection is closed
        self.driver = driver

    def write(self, table: Table, columns: Sequence[str], rows: Iterable[tuple]) -> None:
        processors = [table.c[name].type.bind_processor(self.dialect) for name in columns]
        if self.dialect.name == "postgresql":
            command = f"COPY {table.name} ({', '.join(columns)}) FROM STDIN"
            with self.driver.cursor() as cursor, cursor.copy(command) as copy:
                for row in rows:
                    copy.write_row(row)
            return
        statement = f"INSERT INTO {table.name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        convert = [(i, p) for i, p in enumerate(processors) if p is not None]
        cursor = self.driver.cursor()
        iterator = iter(rows)
        while batch := list(islice(iterator, WRITE_BATCH)):
            if convert:
                batch = [_converted(row, convert) for row in batch]
            cursor.executemany(statement, batch)
        cursor.close()


def _converted(row: tuple, convert: list) -> tuple:
    values = list(row)
    for index, process in convert:
        if values[index] is not None:
            values[index] = process(values[index])
    return tuple(values)


VIDEO_COLUMNS = (
    "id",
    "video_id",
    "creator_id",
    "trend_id",
    "video_url",
    "title",
    "description",
    "duration",
    "width",
    "height",
    "track",
    "artist",
    "music_id",
    "is_original_sound",
    "song_key",
    "view_count",
    "like_count",
    "comment_count",
    "share_count",
    "save_count",
    "posted_at",
    "is_active",
    "is_photo_post",
    "random_key",
    "source",
    "created_at",
    "updated_at",
    "search_text",
)


def _video_rows(generator: Generator, totals: Totals, stamp: datetime) -> Iterator[tuple]:
    captions = {id(t): Video.compose_search_text(t.title, t.description) for t in generator.templates}
    for video in generator:
        t = video.template
        yield (
            video.number,
            video.video_id,
            totals.creators[video.username],
            totals.trends.get(video.song_key) if video.song_key else None,
            video_url(video.username, video.video_id),
            t.title,
            t.description,
            t.duration,
            t.width,
            t.height,
            video.track,
            video.artist,
            t.music_id,
            t.is_original_sound,
            video.song_key,
            video.views,
            video.likes,
            video.counts[2] or 0,
            video.counts[3] or 0,
            video.counts[4],
            video.posted_at,
            True,
            False,
            video.random_key,
            SOURCE,
            stamp,
            stamp,
            captions[id(t)],
        )


def _creator_rows(totals: Totals, stamp: datetime) -> Iterator[tuple]:
    for name, creator_id in totals.creators.items():
        display_name = name.replace("_", " ").title()
        search_text = Creator.compose_search_text(name, display_name)
        yield creator_id, name, display_name, True, 0, totals.creator_videos[creator_id], stamp, search_text


def _trend_rows(totals: Totals, rng: random.Random, stamp: datetime) -> Iterator[tuple]:
    for song_key, trend_id in totals.trends.items():
        t = totals.trend_totals[trend_id]
        video, last = t.video, t.span.last
        assert video is not None and last is not None and totals.newest is not None  # a trend is added with a video
        track, artist = video.track or "", video.artist or ""
        original = video.template.is_original_sound
        days = max(0.0, days_between(last, totals.newest))
        yield (
            trend_id,
            song_key,
            trend_slug(track, artist, song_key),
            track,
            artist,
            (artist if original else track) or artist or track,
            original,
            t.span.count,
            len(t.creators),
            t.span.views,
            t.likes,
            t.span.first,
            t.span.last,
            trend_score(t.span.views, t.likes, len(t.creators), days),
            rng.random(),
            stamp,
            Trend.compose_search_text(track, artist),
        )


def _trend_week_rows(totals: Totals) -> Iterator[tuple]:
    for trend_id, t in totals.trend_totals.items():
        for week, (videos, views, likes) in sorted(t.weeks.items()):
            yield trend_id, date.fromordinal(week), videos, views, likes


def _trend_starter_rows(totals: Totals) -> Iterator[tuple]:
    for trend_id, t in totals.trend_totals.items():
        for position, (first, creator_id) in enumerate(t.starters, start=1):
            yield trend_id, position, creator_id, first


def _store_rising(newest: datetime | None) -> None:
    """The rising windows of every trend, counted by the aggregates' own query once the videos are in."""
    rows = [
        {
            "id": trend_id,
            "recent_video_count": recent,
            "recent_creator_count": creators,
            "prior_video_count": prior,
            "rising_score": rising_score(recent, prior, creators),
        }
        for trend_id, (recent, creators, prior) in rising_windows(newest).items()
    ]
    if rows:
        db.session.execute(update(Trend), rows)


def _hashtag_rows(totals: Totals) -> Iterator[tuple]:
    for name, hashtag_id in totals.hashtags.items():
        t = totals.hashtag_totals[hashtag_id]
        assert t.example is not None  # a hashtag is added with a video
        views, _, caption = t.example
        yield (
            hashtag_id,
            name,
            t.span.count,
            t.span.views,
            caption,
            views,
            t.span.first,
            t.span.last,
            Hashtag.compose_search_text(name),
        )


def _hashtag_year_rows(totals: Totals) -> Iterator[tuple]:
    for hashtag_id, t in totals.hashtag_totals.items():
        for year, span in sorted(t.years.items()):
            views, _, caption = t.year_examples[year]
            yield hashtag_id, year, span.count, span.views, span.last, caption, views


def _secondary_indexes(*tables: Table) -> list[Index]:
    """Indexes built after the rows (one sort instead of a million inserts); unique ones check the data (see
    _row_checks)."""
    return [index for table in tables for index in table.indexes if not index.unique]


def _row_checks(*tables: Table) -> list[Constraint]:
    """On PostgreSQL, the foreign keys and unique constraints that would be checked row by row (a trigger call and
    a random index probe each) are added after the rows instead, which checks them all in one set-wise pass.
    SQLite cannot drop a constraint; its checks are cheap probes of the parent's primary key."""
    if db.engine.dialect.name != "postgresql":
        return []
    return [c for table in tables for c in table.constraints if isinstance(c, ForeignKeyConstraint | UniqueConstraint)]


def _continue_ids_after_bulk_rows(tables: Sequence[Table]) -> None:
    """PostgreSQL's sequences start after the ids written here (SQLite's AUTOINCREMENT follows by itself)."""
    if db.engine.dialect.name != "postgresql":
        return
    for table in tables:
        db.session.execute(
            text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), (SELECT max(id) FROM {table.name}))")
        )


@dataclass
class SynthResult:
    videos: int
    creators: int
    trends: int
    hashtags: int
    links: int


def build_synthetic_catalog(templates: Sequence[VideoRecord], size: int, seed: int) -> SynthResult:
    """Write a synthetic catalog of `size` videos into the empty catalog; CatalogNotEmpty otherwise."""
    if any(db.session.scalar(select(model.id).limit(1)) for model in (Video, Creator, Trend, Hashtag)):
        raise CatalogNotEmpty("The catalog is not empty; a synthetic catalog is only built into an empty database.")
    generator = Generator(templates, size, seed)
    totals = Totals()
    for video in generator:
        totals.add(video)
    stamp = totals.newest or datetime.now(UTC)
    rng = random.Random(seed)
    writer = BulkWriter()
    videos, links = Video.__table__, VideoHashtag.__table__
    deferred_indexes, deferred_checks = _secondary_indexes(videos, links), _row_checks(videos, links)
    for index in deferred_indexes:
        index.drop(writer.connection)
    for constraint in deferred_checks:
        writer.connection.execute(DropConstraint(constraint))
    paused_full_text = search.pause_full_text(writer.connection)
    writer.write(
        Creator.__table__,
        ("id", "username", "display_name", "is_active", "follower_count", "video_count", "created_at", "search_text"),
        _creator_rows(totals, stamp),
    )
    writer.write(
        Trend.__table__,
        (
            "id",
            "song_key",
            "slug",
            "track",
            "artist",
            "search_term",
            "is_original_sound",
            "video_count",
            "creator_count",
            "total_views",
            "total_likes",
            "first_video_at",
            "last_video_at",
            "trend_score",
            "random_key",
            "updated_at",
            "search_text",
        ),
        _trend_rows(totals, rng, stamp),
    )
    writer.write(
        TrendWeek.__table__,
        ("trend_id", "week_start", "video_count", "view_count", "like_count"),
        _trend_week_rows(totals),
    )
    writer.write(
        TrendStarter.__table__, ("trend_id", "position", "creator_id", "first_video_at"), _trend_starter_rows(totals)
    )
    writer.write(
        Hashtag.__table__,
        (
            "id",
            "name",
            "video_count",
            "total_views",
            "example_description",
            "example_views",
            "first_video_at",
            "last_video_at",
            "search_text",
        ),
        _hashtag_rows(totals),
    )
    writer.write(
        HashtagYear.__table__,
        ("hashtag_id", "year", "video_count", "total_views", "last_video_at", "example_description", "example_views"),
        _hashtag_year_rows(totals),
    )
    writer.write(videos, VIDEO_COLUMNS, _video_rows(generator, totals, stamp))
    writer.write(links, ("video_id", "hashtag_id"), zip(totals.link_videos, totals.link_hashtags, strict=True))
    search.fill_full_text(writer.connection, paused_full_text)
    for index in deferred_indexes:
        index.create(writer.connection)
    for constraint in deferred_checks:
        writer.connection.execute(AddConstraint(constraint))
    _continue_ids_after_bulk_rows([Creator.__table__, Trend.__table__, Hashtag.__table__, videos])
    _store_rising(totals.newest)
    db.session.commit()
    settle_after_bulk_load()
    cache.content_changed()  # written by the driver, past the session's watch
    return SynthResult(
        videos=size,
        creators=len(totals.creators),
        trends=len(totals.trends),
        hashtags=len(totals.hashtags),
        links=len(totals.link_videos),
    )
