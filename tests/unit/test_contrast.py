"""The contrast maths of the browser contrast test (tests/browser/contrast.py)."""

import pytest

from tests.browser.contrast import (
    Layer,
    blend,
    contrast_ratio,
    gradient_colors,
    parse_color,
    required_ratio,
    worst_contrast,
)

BLACK = (0.0, 0.0, 0.0, 1.0)
WHITE = (255.0, 255.0, 255.0, 1.0)
CLEAR = (0.0, 0.0, 0.0, 0.0)


def test_black_on_white_is_21_and_equal_colours_are_1():
    assert contrast_ratio(BLACK, WHITE) == pytest.approx(21)
    assert contrast_ratio(WHITE, BLACK) == pytest.approx(21)
    assert contrast_ratio(WHITE, WHITE) == pytest.approx(1)


def test_known_pairs_match_published_ratios():
    grey = parse_color("rgb(118, 118, 118)")  # #767676, the lightest grey with AA on white
    assert contrast_ratio(grey, WHITE) == pytest.approx(4.54, abs=0.01)
    assert contrast_ratio(parse_color("rgb(255, 59, 107)"), parse_color("rgb(11, 11, 15)")) == pytest.approx(
        5.7, abs=0.05
    )


def test_reads_every_computed_colour_form():
    assert parse_color("rgb(1, 2, 3)") == (1, 2, 3, 1)
    assert parse_color("rgba(1, 2, 3, 0.5)") == (1, 2, 3, 0.5)
    assert parse_color("color(srgb 1 0.5 0 / 0.25)") == (255, 127.5, 0, 0.25)
    assert parse_color("transparent") == CLEAR
    with pytest.raises(ValueError):
        parse_color("oklch(0.5 0.1 20)")


def test_reads_gradient_stops():
    image = "linear-gradient(135deg, rgb(255, 59, 107), rgb(124, 58, 237))"
    assert gradient_colors(image) == [(255, 59, 107, 1), (124, 58, 237, 1)]
    assert gradient_colors("none") == []


def test_blends_translucent_colours_over_what_is_below():
    assert blend((255.0, 255.0, 255.0, 0.5), BLACK) == pytest.approx((127.5, 127.5, 127.5, 1))
    assert blend(CLEAR, WHITE) == WHITE


def test_large_text_needs_3_and_other_text_4_5():
    assert required_ratio(16, 400) == 4.5
    assert required_ratio(24, 400) == 3.0
    assert required_ratio(18.66, 700) == 3.0
    assert required_ratio(18.66, 600) == 4.5


def test_walks_down_to_the_first_opaque_layer():
    layers = [Layer(CLEAR), Layer((0.0, 0.0, 0.0, 0.5)), Layer(WHITE), Layer(BLACK)]
    # White text on half-black over white: the black below the white layer does not count.
    assert worst_contrast(WHITE, layers) == pytest.approx(contrast_ratio(WHITE, (127.5, 127.5, 127.5, 1)))


def test_translucent_layers_over_nothing_sit_on_the_canvas():
    assert worst_contrast(BLACK, [Layer(CLEAR)], canvas=WHITE) == pytest.approx(21)


def test_text_over_a_gradient_counts_its_worst_stop():
    layers = [Layer(CLEAR, gradient=[BLACK, (200.0, 200.0, 200.0, 1.0)])]
    assert worst_contrast(WHITE, layers) == pytest.approx(contrast_ratio(WHITE, (200.0, 200.0, 200.0, 1)))


def test_faded_text_loses_contrast():
    assert worst_contrast(BLACK, [Layer(WHITE)], opacity=0.5) < 4
