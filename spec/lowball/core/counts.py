"""The plural category of a count (CLDR's rules): which form of a noun follows a number, in English and Russian.

>>> [category(n, "ru") for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122)]
['many', 'one', 'few', 'few', 'many', 'many', 'many', 'many', 'one', 'few', 'many', 'one', 'many', 'many', 'few']
>>> [category(n, "en") for n in (0, 1, 2, 21)]
['other', 'one', 'other', 'other']
"""

from __future__ import annotations


def category(n: int, lang: str = "ru") -> str:
    """Return the plural category of a whole number: 'one' or 'other' in English; 'one', 'few' or 'many' in Russian
    (1, 21, 101 but not 11; 2-4, 22 but not 12-14; the rest)."""
    n = abs(n)
    if lang == "en":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"
