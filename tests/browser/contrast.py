"""WCAG 2 contrast, computed from the colours Chromium reports for a text element and the layers behind it."""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Color = tuple[float, float, float, float]  # red, green and blue from 0 to 255, alpha from 0 to 1

WHITE: Color = (255.0, 255.0, 255.0, 1.0)
_NUMBER = r"-?[\d.]+(?:e-?\d+)?"
_COLOR = re.compile(r"rgba?\([^)]*\)|color\(srgb [^)]*\)|transparent")


def parse_color(text: str) -> Color:
    """A computed colour: `rgb(…)`, `rgba(…)`, `color(srgb …)` (what color-mix() computes to) or `transparent`."""
    text = text.strip()
    if text == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    numbers = [float(number) for number in re.findall(_NUMBER, text)]
    if text.startswith("color(srgb ") and len(numbers) in (3, 4):
        red, green, blue = (channel * 255 for channel in numbers[:3])
        return (red, green, blue, numbers[3] if len(numbers) == 4 else 1.0)
    if text.startswith("rgb") and len(numbers) in (3, 4):
        return (numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) == 4 else 1.0)
    raise ValueError(f"Not a colour this test reads: {text!r}")


def gradient_colors(background_image: str) -> list[Color]:
    """The colour stops of the gradients in a computed background-image."""
    return [parse_color(match) for match in _COLOR.findall(background_image)]


def blend(over: Color, under: Color) -> Color:
    """`over` painted on `under` (source-over)."""
    alpha = over[3] + under[3] * (1 - over[3])
    if alpha == 0:
        return (0.0, 0.0, 0.0, 0.0)
    red, green, blue = ((over[i] * over[3] + under[i] * under[3] * (1 - over[3])) / alpha for i in range(3))
    return (red, green, blue, alpha)


def relative_luminance(color: Color) -> float:
    def linear(channel: float) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in color[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(foreground: Color, background: Color) -> float:
    """WCAG's ratio, from 1 to 21; a translucent foreground counts as painted on the background."""
    lighter, darker = sorted(
        (relative_luminance(blend(foreground, background)), relative_luminance(background)), reverse=True
    )
    return (lighter + 0.05) / (darker + 0.05)


def required_ratio(font_size_px: float, font_weight: int) -> float:
    """AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold)."""
    is_large = font_size_px >= 24 or (font_size_px >= 18.66 and font_weight >= 700)
    return 3.0 if is_large else 4.5


@dataclass(frozen=True)
class Layer:
    """One element's background between the text and the page: its colour and any gradient painted over it."""

    color: Color
    gradient: Sequence[Color] = ()

    @property
    def is_opaque(self) -> bool:
        return self.color[3] == 1 or (bool(self.gradient) and all(stop[3] == 1 for stop in self.gradient))


def backdrops(layers: Iterable[Layer], canvas: Color = WHITE) -> list[Color]:
    """Every colour the text may sit on: the layers nearest first, down to the first opaque one (or the canvas);
    a gradient gives one colour per stop."""
    below: list[Layer] = []
    for layer in layers:
        below.append(layer)
        if layer.is_opaque:
            break
    else:
        below.append(Layer(canvas))
    colors = [(0.0, 0.0, 0.0, 0.0)]
    for layer in reversed(below):
        colors = [blend(layer.color, color) for color in colors]
        if layer.gradient:
            colors = [blend(stop, color) for stop in layer.gradient for color in colors]
    return colors


def worst_contrast(text_color: Color, layers: Iterable[Layer], opacity: float = 1.0, canvas: Color = WHITE) -> float:
    """The lowest contrast of the text against anything behind it; `opacity` is its ancestors' combined opacity."""
    faded = (*text_color[:3], text_color[3] * opacity)
    return min(contrast_ratio(faded, backdrop) for backdrop in backdrops(layers, canvas))
