"""Server-drawn SVG charts: geometry against numbers worked out by hand, escaping, and the edge cases."""

import xml.etree.ElementTree as ET

import pytest

from app.charts import (
    LEFT,
    PLOT_BOTTOM,
    PLOT_HEIGHT,
    PLOT_TOP,
    RIGHT_WITH_AXIS,
    RIGHT_WITHOUT_AXIS,
    WIDTH,
    Chart,
    Series,
    chart_svg,
    nice_scale,
    sparkline_svg,
)

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    """The figure as XML (SVG in HTML has no namespace declaration; add it so ElementTree reads it)."""
    return ET.fromstring(str(markup).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


def bars(figure: ET.Element) -> list[ET.Element]:
    return list(figure.iter(f"{SVG}rect"))


def line_points(figure: ET.Element) -> list[tuple[float, ...]]:
    polyline = next(figure.iter(f"{SVG}polyline"))
    return [tuple(float(number) for number in pair.split(",")) for pair in polyline.get("points", "").split()]


def tick_labels(figure: ET.Element, anchor: str | None) -> list[str]:
    return [
        text.text or "" for text in figure.iter(f"{SVG}text") if text.get("dy") and text.get("text-anchor") == anchor
    ]


def test_scales_end_on_a_round_number_with_at_most_four_steps():
    assert nice_scale(10).ticks == [0, 5, 10]
    assert nice_scale(7).ticks == [0, 2, 4, 6, 8]
    assert nice_scale(1234).ticks == [0, 500, 1000, 1500]
    assert nice_scale(3).ticks == [0, 1, 2, 3]
    assert nice_scale(0).ticks == [0, 1]


def test_bar_heights_are_proportional_to_the_values():
    # Values 0, 5, 10 → a scale of 0–10 over the 152-unit plot: heights 0, 76, 152.
    figure = parse(chart_svg(Chart("Added", ["Mon", "Tue", "Wed"], [Series("Added", [0, 5, 10], kind="bar")], "")))
    assert [float(rect.get("height", "")) for rect in bars(figure)] == [0, 76, 152]
    assert [float(rect.get("y", "")) for rect in bars(figure)] == [PLOT_BOTTOM, PLOT_BOTTOM - 76, PLOT_TOP]
    assert PLOT_HEIGHT == 152
    # Three bands of (320 - 12 - 38) / 3 = 90 units; each bar is 80% of its band, centred in it.
    assert [float(rect.get("width", "")) for rect in bars(figure)] == [72, 72, 72]
    assert [float(rect.get("x", "")) for rect in bars(figure)] == [LEFT + 9, LEFT + 90 + 9, LEFT + 180 + 9]
    assert WIDTH - RIGHT_WITHOUT_AXIS - LEFT == 270


def test_line_points_sit_at_band_centres_and_proportional_heights():
    # Values 2, 6, 8 → a scale of 0–8 (steps of 2): y = 160 - value / 8 * 152.
    figure = parse(chart_svg(Chart("Active", ["a", "b", "c"], [Series("Active", [2, 6, 8])], "")))
    assert line_points(figure) == [(LEFT + 45, 122), (LEFT + 135, 46), (LEFT + 225, 8)]
    assert tick_labels(figure, "end") == ["0", "2", "4", "6", "8"]


def test_a_right_axis_has_its_own_scale_on_the_left_axis_grid():
    chart = Chart(
        "Videos and views",
        ["w1", "w2"],
        [Series("Videos", [5, 10], kind="bar"), Series("Views", [300, 1000], axis="right")],
        "",
    )
    figure = parse(chart_svg(chart))
    # Left: 0, 5, 10 (two steps); right: two steps of 500 up to 1000. The plot is 320 - 38 - 38 = 244 wide.
    assert tick_labels(figure, "end") == ["0", "5", "10"]
    assert tick_labels(figure, None) == ["0", "500", "1K"]
    assert [float(rect.get("height", "")) for rect in bars(figure)] == [76, 152]
    assert line_points(figure) == [(LEFT + 61, PLOT_BOTTOM - 300 / 1000 * 152), (LEFT + 183, PLOT_TOP)]
    assert WIDTH - RIGHT_WITH_AXIS - LEFT == 244


def test_user_text_is_escaped_everywhere():
    evil = "<script>alert(1)</script>"
    markup = str(chart_svg(Chart(evil, [evil, "b"], [Series(evil, [1, 2], kind="bar"), Series(evil, [1, 2])], evil)))
    assert "<script>" not in markup
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in markup
    assert "<script>" not in str(sparkline_svg([1, 2], evil))
    parse(markup)


def test_the_image_is_labelled_by_its_title_and_described_by_its_summary():
    figure = parse(chart_svg(Chart("Reports", ["a"], [Series("Open", [1])], "One open report.")))
    svg = next(figure.iter(f"{SVG}svg"))
    assert svg.get("role") == "img"
    assert svg.get("width") == "100%"
    assert svg.get("viewBox") == "0 0 320 180"
    title = next(svg.iter(f"{SVG}title"))
    assert svg.get("aria-labelledby") == title.get("id")
    assert title.text == "Reports"
    summary = next(element for element in figure.iter("p") if element.get("id") == svg.get("aria-describedby"))
    assert summary.text == "One open report."


def test_a_legend_only_with_more_than_one_series():
    one = parse(chart_svg(Chart("t", ["a"], [Series("Only", [1])], "")))
    assert not list(one.iter("ul"))
    two = parse(chart_svg(Chart("t", ["a"], [Series("Active", [1]), Series("Inactive", [2])], "")))
    assert [item.itertext().__next__() for item in next(two.iter("ul")).iter("li")] == ["Active", "Inactive"]


def test_a_series_with_a_tone_of_its_own_wears_it_in_the_plot_and_the_legend():
    figure = parse(
        chart_svg(
            Chart("t", ["a", "b"], [Series("Done", [1, 2], tone="success"), Series("Open", [2, 1], kind="bar")], "")
        )
    )
    classes = [element.get("class", "") for element in figure.iter() if "chart__" in element.get("class", "")]
    line, bars_group = next(c for c in classes if "chart__line" in c), next(c for c in classes if "chart__bars" in c)
    assert line.split() == ["chart__line", "chart__tone--success"]
    assert bars_group.split() == ["chart__bars", "chart__series--2"], "the others keep the palette's place"
    swatches = [c.split()[-1] for c in classes if "chart__swatch" in c]
    assert swatches == ["chart__tone--success", "chart__series--2"]


@pytest.mark.parametrize(
    "chart",
    [
        Chart("Empty", [], [], ""),
        Chart("No points", [], [Series("x", []), Series("y", [], kind="bar")], ""),
        Chart("Zeros", ["a", "b"], [Series("x", [0, 0]), Series("y", [0, 0], kind="bar", axis="right")], ""),
    ],
)
def test_empty_and_zero_charts_draw_a_frame(chart):
    figure = parse(chart_svg(chart))
    assert all(float(rect.get("height", "")) == 0 for rect in bars(figure))
    assert "nan" not in str(chart_svg(chart)).lower()


def test_a_single_point_is_a_dot_and_a_full_width_bar_band():
    figure = parse(chart_svg(Chart("t", ["Today"], [Series("x", [4]), Series("y", [4], kind="bar")], "")))
    dot = next(figure.iter(f"{SVG}circle"))
    assert (float(dot.get("cx", "")), float(dot.get("cy", ""))) == (LEFT + 135, PLOT_TOP)
    assert [float(rect.get("height", "")) for rect in bars(figure)] == [PLOT_HEIGHT]


def test_crowded_x_labels_are_thinned_keeping_the_newest():
    labels = [f"Nov {day}" for day in range(1, 91)]
    figure = parse(chart_svg(Chart("t", labels, [Series("x", list(range(90)), kind="bar")], "")))
    shown = [text.text for text in figure.iter(f"{SVG}text") if not text.get("dy")]
    assert shown[-1] == "Nov 90"
    # 270 units fit five labels of 6 characters (6 × 7.2 + 8 = 51.2 units each): every 18th day back from the last.
    # "Nov 90" is pulled in from the edge to 308 - 21.6 = 286.4 (left edge 264.8), so "Nov 72" (centred at
    # 38 + 71.5 × 3 = 252.5, right edge 274.1) would come within 8 units of it and is left out.
    assert shown == ["Nov 18", "Nov 36", "Nov 54", "Nov 90"]


def test_values_beyond_the_labels_are_ignored_and_big_numbers_are_compact():
    figure = parse(chart_svg(Chart("t", ["a"], [Series("x", [2_400_000, 9_000_000], kind="bar")], "")))
    assert len(bars(figure)) == 1
    # 2.4M / 4 = 600K a step, rounded up to 1M: ticks 0, 1M, 2M, 3M (the 9M beyond the labels plays no part).
    assert tick_labels(figure, "end") == ["0", "1M", "2M", "3M"]


def test_a_sparkline_scales_to_its_largest_value():
    svg = parse(sparkline_svg([0, 5, 10], "Added per day"))
    points = next(svg.iter(f"{SVG}polyline")).get("points")
    assert points == "16.67,22 50,12 83.33,2"
    assert svg.get("aria-label") == "Added per day"
    assert not list(parse(sparkline_svg([], "none")).iter(f"{SVG}polyline"))
    assert list(parse(sparkline_svg([3], "one")).iter(f"{SVG}circle"))
