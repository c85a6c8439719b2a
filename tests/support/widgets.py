"""Helpers shared by tests, moved out of ``tests/faces/test_widgets.py`` (issue 39)."""

from __future__ import annotations

import html
import ipywidgets as w
import re
from tests.support.browser import english_words


TAGS = re.compile(r"<style>.*?</style>|<[^>]+>", re.S)


def texts(widget: w.Widget, skip: tuple[w.Widget, ...] = ()) -> list[str]:
    """Return every text a reader can see in a panel: labels, values, options, HTML (without its tags)."""
    if widget in skip:
        return []
    found = []
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, "")
        if isinstance(value, str) and value:
            found.append(value)
    if isinstance(widget, (w.HTML, w.Text, w.Textarea)):
        found.append(html.unescape(TAGS.sub(" ", widget.value)))
    if isinstance(widget, (w.Dropdown, w.ToggleButtons)):
        found += list(widget._options_labels)
    for child in getattr(widget, "children", ()):
        found += texts(child, skip)
    return found


def assert_russian(panel: w.Widget, skip: tuple[w.Widget, ...] = (), names: tuple[str, ...] = ()) -> None:
    """Fail if anything the panel shows is an English word (names, cards, clause ids aside)."""
    seen = " | ".join(texts(panel, skip))
    assert re.search("[а-яё]", seen), "no Russian on the panel at all"
    left = english_words(seen, names)
    assert not left, f"English left in the Russian panel: {sorted(set(left))}\n{seen[:2000]}"


def shown(widget: w.HTML) -> str:
    """Return the text of an HTML widget as a reader sees it, spaces collapsed."""
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(TAGS.sub(" ", widget.value))).strip()
