"""Charts drawn on the server as inline SVG: no chart library reaches the browser.

The SVG has a viewBox and stretches to its container's width; its colours come from CSS (currentColor and the
--chart-* tokens), so it follows the light and the dark theme. Values are counts (never below zero).
"""

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from markupsafe import Markup, escape

from app.i18n import count, exact_count

WIDTH = 320
HEIGHT = 180
FONT_SIZE = 12
TOP = 8
BOTTOM = 20
LEFT = 38
RIGHT_WITH_AXIS = 38
RIGHT_WITHOUT_AXIS = 12
PLOT_TOP = TOP
PLOT_BOTTOM = HEIGHT - BOTTOM
PLOT_HEIGHT = PLOT_BOTTOM - PLOT_TOP
TARGET_TICKS = 4
# A label's width is estimated from its length: a system font's digits and letters average about 0.6 em.
CHARACTER_WIDTH = FONT_SIZE * 0.6
LABEL_GAP = 8
PALETTE_SIZE = 6

SPARK_WIDTH = 100
SPARK_HEIGHT = 24


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float]
    kind: Literal["bar", "line"] = "line"
    axis: Literal["left", "right"] = "left"
    # A colour that means something elsewhere on the page (success, info, warning, danger) instead of the palette's.
    tone: str | None = None

    def colour(self, index: int) -> str:
        """The class that colours the index-th series of its chart."""
        return f"chart__tone--{self.tone}" if self.tone else f"chart__series--{index % PALETTE_SIZE + 1}"


@dataclass(frozen=True)
class Chart:
    title: str
    labels: Sequence[str]
    series: Sequence[Series]
    summary: str


@dataclass(frozen=True)
class Scale:
    top: float
    step: float

    @property
    def ticks(self) -> list[float]:
        return [self.step * index for index in range(round(self.top / self.step) + 1)]

    def y(self, value: float) -> float:
        return PLOT_BOTTOM - max(value, 0) / self.top * PLOT_HEIGHT


def nice_step(raw: float) -> float:
    """The smallest 1, 2 or 5 × 10ⁿ at or above raw, and never below 1 (the values are counts)."""
    if raw <= 1:
        return 1
    magnitude = 10 ** math.floor(math.log10(raw))
    return next(multiple * magnitude for multiple in (1, 2, 5, 10) if multiple * magnitude >= raw)


def nice_scale(largest: float, divisions: int | None = None) -> Scale:
    """A scale from 0 whose top is a round number at or above largest; with divisions, exactly that many steps
    (so a right axis shares the left one's grid lines)."""
    if divisions:
        step = nice_step(largest / divisions)
        return Scale(step * divisions, step)
    step = nice_step(largest / TARGET_TICKS)
    return Scale(max(math.ceil(largest / step), 1) * step, step)


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _largest(series: Sequence[Series]) -> float:
    return max((max(value, 0) for one in series for value in one.values), default=0)


def _scales(series: Sequence[Series]) -> tuple[Scale, Scale | None]:
    left = [one for one in series if one.axis == "left"]
    right = [one for one in series if one.axis == "right"]
    primary = nice_scale(_largest(left or right))
    if not right:
        return primary, None
    return primary, nice_scale(_largest(right), divisions=len(primary.ticks) - 1)


def _element_id(chart: Chart) -> str:
    digest = hashlib.sha1(repr((chart.title, tuple(chart.labels), chart.summary)).encode()).hexdigest()
    return f"chart-{digest[:10]}"


def _label_indexes(labels: Sequence[str], plot_width: float) -> list[int]:
    """Which x labels fit side by side: every k-th one, counted back from the newest so the last is always shown."""
    if not labels:
        return []
    widest = max(len(label) for label in labels) * CHARACTER_WIDTH
    fitting = max(int(plot_width // (widest + LABEL_GAP)), 1)
    every = math.ceil(len(labels) / fitting)
    return [index for index in range(len(labels)) if (len(labels) - 1 - index) % every == 0]


def _x_labels(labels: Sequence[str], left: float, right: float) -> list[str]:
    """The labels that fit, each kept inside the plot; going back from the newest, one that would touch the label
    after it (the last one is pulled in from the edge) is left out."""
    band = (right - left) / len(labels) if labels else 0
    parts = []
    free_until = right
    for index in reversed(_label_indexes(labels, right - left)):
        half = len(labels[index]) * CHARACTER_WIDTH / 2
        centre = min(max(left + (index + 0.5) * band, left + half), right - half)
        if centre + half > free_until:
            continue
        free_until = centre - half - LABEL_GAP
        parts.append(
            f'<text class="chart__label" x="{_number(centre)}" y="{HEIGHT - 6}" text-anchor="middle">'
            f"{escape(labels[index])}</text>"
        )
    return parts[::-1]


def _grid(left_scale: Scale, right_scale: Scale | None, left: float, right: float) -> list[str]:
    parts = []
    for position, tick in enumerate(left_scale.ticks):
        y = _number(left_scale.y(tick))
        parts.append(f'<line class="chart__grid" x1="{left}" x2="{right}" y1="{y}" y2="{y}"/>')
        parts.append(
            f'<text class="chart__label" x="{left - 4}" y="{y}" dy="0.35em" text-anchor="end">{count(tick)}</text>'
        )
        if right_scale:
            value = right_scale.ticks[position]
            parts.append(f'<text class="chart__label" x="{right + 4}" y="{y}" dy="0.35em">{count(value)}</text>')
    return parts


def _bars(chart: Chart, scales: dict[str, Scale], left: float, band: float) -> list[str]:
    bar_series = [(index, one) for index, one in enumerate(chart.series) if one.kind == "bar"]
    if not bar_series:
        return []
    # Wide bands keep a gap between groups; narrow ones (a year of days) join up like a histogram.
    group = band * 0.8 if band >= 4 else band
    width = group / len(bar_series)
    parts = []
    for position, (index, one) in enumerate(bar_series):
        scale = scales[one.axis]
        parts.append(f'<g class="chart__bars {one.colour(index)}">')
        for point, value in enumerate(one.values):
            y = scale.y(value)
            x = left + point * band + (band - group) / 2 + position * width
            label = f"{chart.labels[point]} · {one.name}: {exact_count(value)}"
            parts.append(
                f'<rect x="{_number(x)}" y="{_number(y)}" width="{_number(width)}" '
                f'height="{_number(PLOT_BOTTOM - y)}"><title>{escape(label)}</title></rect>'
            )
        parts.append("</g>")
    return parts


def _lines(chart: Chart, scales: dict[str, Scale], left: float, band: float) -> list[str]:
    parts = []
    for index, one in enumerate(chart.series):
        values = one.values
        if one.kind != "line" or not values:
            continue
        scale = scales[one.axis]
        points = [(left + (point + 0.5) * band, scale.y(value)) for point, value in enumerate(values)]
        colour = one.colour(index)
        if len(points) == 1:
            x, y = points[0]
            parts.append(f'<circle class="chart__dot {colour}" cx="{_number(x)}" cy="{_number(y)}" r="3"/>')
            continue
        path = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        parts.append(
            f'<polyline class="chart__line {colour}" points="{path}"><title>{escape(one.name)}</title></polyline>'
        )
    return parts


def _legend(chart: Chart) -> str:
    if len(chart.series) < 2:
        return ""
    items = "".join(
        f'<li><span class="chart__swatch chart__swatch--{one.kind} {one.colour(index)}" '
        f'aria-hidden="true"></span>{escape(one.name)}</li>'
        for index, one in enumerate(chart.series)
    )
    return f'<ul class="chart__legend">{items}</ul>'


def chart_svg(chart: Chart, *, element_id: str | None = None) -> Markup:
    """A figure: the title, the chart as an accessible image, its legend (more than one series) and its summary."""
    base = element_id or _element_id(chart)
    # Values beyond the last label have no place on the x axis: they neither draw nor stretch the scale.
    chart = replace(chart, series=[replace(one, values=one.values[: len(chart.labels)]) for one in chart.series])
    left_scale, right_scale = _scales(chart.series)
    scales = {"left": left_scale, "right": right_scale or left_scale}
    right = WIDTH - (RIGHT_WITH_AXIS if right_scale else RIGHT_WITHOUT_AXIS)
    band = (right - LEFT) / len(chart.labels) if chart.labels else 0
    body = [
        *_grid(left_scale, right_scale, LEFT, right),
        *_bars(chart, scales, LEFT, band),
        *_lines(chart, scales, LEFT, band),
        f'<line class="chart__axis" x1="{LEFT}" x2="{right}" y1="{PLOT_BOTTOM}" y2="{PLOT_BOTTOM}"/>',
        *_x_labels(chart.labels, LEFT, right),
    ]
    return Markup(
        f'<figure class="chart" id="{base}">'
        f'<figcaption class="chart__title" id="{base}-title">{escape(chart.title)}</figcaption>'
        f'<svg class="chart__svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'aria-labelledby="{base}-svg-title" aria-describedby="{base}-summary" font-size="{FONT_SIZE}">'
        f'<title id="{base}-svg-title">{escape(chart.title)}</title>'
        f"{''.join(body)}</svg>"
        f"{_legend(chart)}"
        f'<p class="chart__summary" id="{base}-summary">{escape(chart.summary)}</p>'
        "</figure>"
    )


def sparkline_svg(values: Sequence[float], label: str) -> Markup:
    """A small line of values without axes, as wide as its container; label names it for screen readers."""
    largest = max((max(value, 0) for value in values), default=0) or 1
    band = SPARK_WIDTH / len(values) if values else 0
    points = [
        (_number((index + 0.5) * band), _number(SPARK_HEIGHT - 2 - max(value, 0) / largest * (SPARK_HEIGHT - 4)))
        for index, value in enumerate(values)
    ]
    if len(points) == 1:
        shape = f'<circle class="sparkline__dot" cx="{points[0][0]}" cy="{points[0][1]}" r="2"/>'
    elif points:
        shape = f'<polyline class="sparkline__line" points="{" ".join(f"{x},{y}" for x, y in points)}"/>'
    else:
        shape = ""
    bottom = SPARK_HEIGHT - 1
    baseline = f'<line class="sparkline__base" x1="0" x2="{SPARK_WIDTH}" y1="{bottom}" y2="{bottom}"/>'
    return Markup(
        f'<svg class="sparkline" viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" width="100%" preserveAspectRatio="none" '
        f'role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>{baseline}{shape}</svg>'
    )
