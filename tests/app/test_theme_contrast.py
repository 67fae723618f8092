"""WCAG AA contrast for text, in both themes: every text colour of the style sheet against the background it
is drawn on, the palette's text roles, the colours painted or put in rich text, and the code blocks' Pygments
tokens. Computed from the sheets and the colour table, not judged by eye.

All text is held to 4.5:1 (AA for normal text): the 3:1 for large text is not needed anywhere."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from pygments.styles import get_style_by_name

from app.theme import COLORS, PYGMENTS_STYLES, ThemeName, style_sheet

AA_NORMAL = 4.5
THEMES: tuple[ThemeName, ...] = ("light", "dark")
# The backgrounds text can stand on when its rule gives none: the window, panels, bubbles, inputs, chips.
SURFACES = ("window", "surface", "sidebar", "input", "user_bubble", "chip", "button")
# Text roles used with one background of their own (checked as pairs below), or exempt (disabled text).
PAIRED_TEXT = {"selection_text", "highlight_text", "tooltip_text", "warning_box_text", "disabled_text"}
PALETTE_PAIRS = [
    ("text", "input"),
    ("text", "window"),
    ("text", "button"),
    ("faint_text", "input"),  # placeholder text
    ("highlight_text", "highlight"),
    ("selection_text", "selection"),
    ("tooltip_text", "tooltip"),
    ("warning_box_text", "warning_background"),
    ("link_text", "surface"),
    ("text", "code_background"),  # code without a lexer: the bubble's own text colour
]


def luminance(colour: str) -> float:
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    channels = [int(value[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Rule:
    selector: str
    declarations: dict[str, str]


def parse_sheet(sheet: str) -> list[Rule]:
    sheet = re.sub(r"/\*.*?\*/", "", sheet, flags=re.DOTALL)
    rules = []
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", sheet):
        declarations = {}
        for part in body.split(";"):
            if ":" in part:
                key, value = part.split(":", 1)
                declarations[key.strip()] = value.strip()
        rules.append(Rule(selector.strip(), declarations))
    return rules


def _hex(value: str) -> str | None:
    match = re.fullmatch(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", value.strip())
    return match.group(0) if match else None


def sheet_failures(theme: ThemeName) -> list[str]:
    table = COLORS[theme]
    failures = []
    for rule in parse_sheet(style_sheet(theme)):
        text = _hex(rule.declarations.get("color", ""))
        if text is None:
            continue
        own = _hex(rule.declarations.get("background", rule.declarations.get("background-color", "")))
        backgrounds = {own: own} if own else {name: table[name] for name in SURFACES}
        for name, background in backgrounds.items():
            ratio = contrast(text, background)
            if ratio < AA_NORMAL:
                failures.append(f"{theme}: {rule.selector}: {text} on {name} {background} is {ratio:.2f}:1")
    return failures


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_colour_in_the_sheet_meets_aa(theme: ThemeName) -> None:
    rules = parse_sheet(style_sheet(theme))
    assert sum("color" in r.declarations for r in rules) > 20  # the parser read the sheet
    assert sheet_failures(theme) == []


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_role_meets_aa_on_every_surface(theme: ThemeName) -> None:
    """Text roles are also painted (plots), put in rich text and set on list items: on any surface."""
    table = COLORS[theme]
    roles = [r for r in table if (r == "text" or r.endswith("_text")) and r not in PAIRED_TEXT]
    assert len(roles) >= 8
    failures = [
        f"{theme}: {role} {table[role]} on {surface} {table[surface]} is {contrast(table[role], table[surface]):.2f}:1"
        for role in roles
        for surface in SURFACES
        if contrast(table[role], table[surface]) < AA_NORMAL
    ]
    assert failures == []


@pytest.mark.parametrize("theme", THEMES)
def test_palette_pairs_meet_aa(theme: ThemeName) -> None:
    table = COLORS[theme]
    failures = [
        f"{theme}: {fg} on {bg}: {contrast(table[fg], table[bg]):.2f}:1"
        for fg, bg in PALETTE_PAIRS
        if contrast(table[fg], table[bg]) < AA_NORMAL
    ]
    assert failures == []


@pytest.mark.parametrize("theme", THEMES)
def test_code_tokens_meet_aa_on_the_code_background(theme: ThemeName) -> None:
    background = COLORS[theme]["code_background"]
    style = get_style_by_name(PYGMENTS_STYLES[theme])
    failures = [
        f"{theme}: {token} #{spec['color']} on {background}: {contrast('#' + spec['color'], background):.2f}:1"
        for token, spec in style
        if spec["color"] and "Whitespace" not in str(token) and contrast("#" + spec["color"], background) < AA_NORMAL
    ]
    assert failures == []


def test_the_check_catches_a_failing_pair() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") < AA_NORMAL < contrast("#555555", "#f7f7f7")
    rules = parse_sheet("#hint { color: #999999; background: #ffffff; } #ok { color: #111; }")
    assert rules[0].declarations["color"] == "#999999"
    assert contrast(rules[0].declarations["color"], rules[0].declarations["background"]) < AA_NORMAL


def test_no_colour_literal_in_the_sheet_template() -> None:
    """Every colour of the sheet comes from the table (one source of truth)."""
    from app.resources import resource_path

    template = re.sub(r"/\*.*?\*/", "", resource_path("styles", "hearth.qss").read_text(encoding="utf-8"), flags=re.S)
    assert re.findall(r"#[0-9a-fA-F]{3,6}\b", template) == []
