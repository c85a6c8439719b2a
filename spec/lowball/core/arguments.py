"""Checking the arguments of public calls: each call says what each argument takes, and one line refuses the rest.

A public function declares its arguments' kinds once, beside its signature
(``@takes(lang=LANGUAGE, seed=SEED)``); a call given something else raises
``ArgumentError`` naming the call, the argument and what it takes, before the
function runs, so nothing deep inside fails with a foreign exception
(``KeyError``, ``ZeroDivisionError``) or quietly accepts a value no rule allows.

>>> @takes(hands=whole(least=1), lang=one_of("en", "ru"))
... def deal(hands, lang="en"):
...     return hands
>>> deal(3)
3
>>> deal(1.5)
Traceback (most recent call last):
lowball.errors.ArgumentError: deal: hands: expected a whole number of at least 1, got 1.5
>>> deal(2, lang="xx")
Traceback (most recent call last):
lowball.errors.ArgumentError: deal: lang: expected 'en' or 'ru', got 'xx'
"""

from __future__ import annotations

import argparse
import functools
import inspect
import os
import re
from collections.abc import Mapping
from itertools import repeat
from pathlib import Path
from typing import Any, Callable

from lowball.core.files import quote
from lowball.errors import ArgumentError


class Kind:
    """What an argument takes: a test of a value and the words for it ("a whole number of at least 1")."""

    def __init__(self, what: str, test: Callable[[Any], bool]):
        self.what = what
        self.test = test

    def __repr__(self) -> str:
        return f"Kind({self.what!r})"

    def named(self, what: str) -> "Kind":
        """Return this kind described in other words (a composite kind says best what it is as a whole)."""
        return Kind(what, self.test)

    def check(self, where: str, name: str, value: Any) -> Any:
        """Return ``value`` if this kind takes it, else raise ``ArgumentError`` naming ``where`` and ``name``."""
        try:
            fits = self.test(value)
        except Exception:           # a value so odd that testing it fails (a broken __eq__) does not fit
            fits = False
        if not fits:
            raise ArgumentError(f"{where}: {name}: expected {self.what}, got {quote(value, 40)}")
        return value


def is_whole(value: Any) -> bool:
    """Return whether ``value`` is a whole number (an ``int``, not ``True``, which Python counts as 1).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole(least: int | None = None, most: int | None = None) -> Kind:
    """Return the kind of whole numbers from ``least`` to ``most`` (either end open when None)."""
    if least is not None and most is not None:
        what = f"a whole number from {least:,} to {most:,}"
    elif least is not None:
        what = f"a whole number of at least {least:,}"
    elif most is not None:
        what = f"a whole number of at most {most:,}"
    else:
        what = "a whole number"
    return Kind(what, lambda v: is_whole(v) and (least is None or v >= least) and (most is None or v <= most))


def one_of(*choices: Any) -> Kind:
    """Return the kind of the values ``choices`` (the languages, the sizes of a census...); ``True`` is not 1."""
    shown = [repr(c) for c in choices]
    what = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" or {shown[-1]}"
    return Kind(what, lambda v: any(isinstance(v, type(c)) and isinstance(v, bool) == isinstance(c, bool) and v == c
                                    for c in choices))


def instance_of(cls: type | tuple[type, ...], what: str) -> Kind:
    """Return the kind of instances of ``cls``, described as ``what`` ("a game table (load_game_table)")."""
    kind = Kind(what, lambda v: isinstance(v, cls))
    kind.cls = cls                  # a sequence of these is checked in one pass (``sequence_of``)
    return kind


def optional(kind: Kind) -> Kind:
    """Return ``kind`` or None (the default of the argument)."""
    return Kind(f"{kind.what}, or None", lambda v: v is None or kind.test(v))


def either(*kinds: Kind) -> Kind:
    """Return the kind that takes what any of ``kinds`` takes."""
    return Kind(" or ".join(k.what for k in kinds), lambda v: any(k.test(v) for k in kinds))


def sequence_of(kind: Kind, what: str = "", least: int = 0) -> Kind:
    """Return the kind of lists or tuples (not text, not a set) of at least ``least`` items, each of ``kind``."""
    cls = getattr(kind, "cls", None)
    if cls is not None:             # a deck of 52 cards is checked at every hand: isinstance from C, item by item
        return Kind(what, lambda v: isinstance(v, (list, tuple)) and len(v) >= least
                    and all(map(isinstance, v, repeat(cls, len(v)))))
    if kind is ANYTHING:            # the stacks of every hand: each item is checked by the rules further on
        return Kind(what, lambda v: isinstance(v, (list, tuple)) and len(v) >= least)
    return Kind(what, lambda v: isinstance(v, (list, tuple)) and len(v) >= least and all(kind.test(i) for i in v))


def mapping_of(keys: Kind, values: Kind, what: str = "", least: int = 0) -> Kind:
    """Return the kind of dictionaries of at least ``least`` entries, keys of ``keys`` and values of ``values``."""
    return Kind(what, lambda v: isinstance(v, Mapping) and len(v) >= least
                and all(keys.test(k) and values.test(x) for k, x in v.items()))


# A player's name is shown in tables, narration and hand histories: one short line, nothing a terminal would obey.
NAME_CHARS = 40


def is_name(value: Any) -> bool:
    """Return whether ``value`` is a name: 1 to 40 printable characters, not all spaces (no newline, no escape).

    >>> is_name("Lena"), is_name("a" + chr(10) + "b"), is_name(chr(27) + "[31m"), is_name(" ")
    (True, False, False, False)
    """
    return isinstance(value, str) and bool(value.strip()) and len(value) <= NAME_CHARS and value.isprintable()


def is_path(value: Any) -> bool:
    """Return whether ``value`` can name a file: a non-empty ``str`` or a path object (``pathlib.Path``), not bytes.

    >>> is_path("hands"), is_path(Path("hands")), is_path(""), is_path(b"hands")
    (True, True, False, False)
    """
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    return isinstance(value, str) and value != ""


ANYTHING = Kind("anything", lambda v: True)
FLAG = Kind("True or False", lambda v: isinstance(v, bool))
WHOLE = whole()
SEED = Kind("a whole number, or None", lambda v: v is None or is_whole(v))
TEXT = Kind("a string", lambda v: isinstance(v, str))
LABEL = Kind("printable text on one line (it is quoted in messages)",
             lambda v: isinstance(v, str) and v.strip() != "" and v.isprintable())
PATH = Kind("a path (a str or a pathlib.Path)", is_path)
NAME = Kind(f"a name of 1 to {NAME_CHARS} printable characters", is_name)
NAME_OR_PATH = Kind("a built-in name or a path (a str or a pathlib.Path)", is_path)


def as_path(value: str | os.PathLike) -> Path:
    """Return a path taken as a str or a path object as a ``Path`` (after ``PATH`` has checked it)."""
    return Path(os.fspath(value))


def check(where: str, **values: tuple[Any, Kind]) -> None:
    """Check several values at once (``name=(value, kind)``): for classes whose fields are their arguments."""
    for name, (value, kind) in values.items():
        kind.check(where, name, value)


def cache(func: Callable) -> Callable:
    """Return ``func`` cached like ``functools.cache``, except that an unhashable argument is passed on uncached.

    A cache keyed by a user's argument would otherwise answer ``[]`` with ``TypeError: unhashable type``
    before the function could refuse it in its own words.
    """
    cached = functools.cache(func)

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            hash((args, tuple(kwargs.items())))
        except TypeError:
            return func(*args, **kwargs)
        return cached(*args, **kwargs)

    call.cache_clear = cached.cache_clear           # type: ignore[attr-defined]
    return call


def takes(**kinds: Kind) -> Callable[[Callable], Callable]:
    """Return a decorator that checks the named arguments of a call against their ``kinds`` before it runs.

    Only arguments the caller gives are checked (a default is always fine), so
    the cost of a call is a few ``isinstance`` tests.
    """
    def decorate(func: Callable) -> Callable:
        parameters = list(inspect.signature(func).parameters.values())
        positions = {p.name: i for i, p in enumerate(parameters)
                     if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)}
        unknown = set(kinds) - {p.name for p in parameters}
        if unknown:
            raise TypeError(f"{func.__qualname__} has no argument {', '.join(sorted(unknown))}")
        plan = [(positions.get(name, len(parameters)), name, kind) for name, kind in kinds.items()]
        where = func.__qualname__

        @functools.wraps(func)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for position, name, kind in plan:
                if position < len(args):
                    value = args[position]
                elif name in kwargs:
                    value = kwargs[name]
                else:
                    continue
                kind.check(where, name, value)
            return func(*args, **kwargs)

        return checked

    return decorate


# ---- Options of the command line ----

# A whole number on the command line is written with the digits 0-9 and at most a minus sign. Python's int() also
# reads ' 3', '+3', '3_000' and Arabic-Indic '٣'; a script that passes those has a bug, so each is refused.
PLAIN_WHOLE = re.compile(r"-?[0-9]+")


def whole_option(text: str) -> int:
    """Return an option's value read as a whole number written plainly, or refuse it (an argparse ``type``).

    argparse names the option before the reason: ``argument --players: expected a whole number ...``.

    >>> whole_option("3"), whole_option("-1")
    (3, -1)
    >>> whole_option("+3")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a whole number written with the digits 0-9, e.g. 3; got '+3'
    """
    if not isinstance(text, str) or not PLAIN_WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0-9, e.g. 3; "
                                         f"got {quote(text, 40)}")
    return int(text)


def text_option(what: str) -> Callable[[str], str]:
    """Return an argparse ``type`` that takes ``what`` (e.g. "a game's name or table file") and refuses an empty value.

    An empty value is what a script passes when its variable is unset: it is refused, never read as the default.

    >>> game = text_option("a game's name or table file")
    >>> game("razz")
    'razz'
    >>> game(" ")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a game's name or table file, got ' '
    """
    def read(text: str) -> str:
        if not isinstance(text, str) or not text.strip():
            raise argparse.ArgumentTypeError(f"expected {what}, got {quote(text, 40)}")
        return text

    read.__name__ = "text"          # argparse's fallback wording names the type: never shown, since read explains
    return read
