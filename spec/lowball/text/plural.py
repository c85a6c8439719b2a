"""Words that agree with a number: the English singular and plural, and the Russian plural rule.

Russian chooses the form of a noun after a number by the number's last digits
and by the case the sentence needs. In the nominative and the accusative,
"1" (21, 101, but not 11) takes the singular of that case, "2-4" (22, 103, but
not 12-14) the genitive singular, and everything else the genitive plural:
1 карта, 2 карты, 5 карт, 11 карт, 21 карта. In the other cases the singular
goes with the numbers ending in 1 (not 11) and the plural with all the rest:
из 21 карты, из 22 карт; при 1 повышении, при 2 повышениях. A noun is written
once, with its forms in the six cases, and ``counted`` picks the form; nothing
pastes a number beside a fixed word.
"""

from __future__ import annotations

from dataclasses import dataclass

from lowball.core import counts

CASES = ("nom", "gen", "dat", "acc", "ins", "prep")
# Russian groups thousands with a narrow no-break space (5 871) and writes a minus sign, not a hyphen.
THIN = "\u202f"


def category(n: int) -> str:
    """Return the Russian plural category of a whole number: 'one', 'few' or 'many' (``core.counts``, CLDR's rule).

    >>> [category(n) for n in (1, 2, 5, 21)]
    ['one', 'few', 'many', 'one']
    """
    return counts.category(n, "ru")


@dataclass(frozen=True)
class Noun:
    """A Russian noun in its six cases, singular and plural, for agreement with numbers.

    ``animate`` nouns take the genitive for the accusative plural (вижу двух игроков); the
    accusative after a number then follows the genitive too.
    """

    singular: tuple[str, str, str, str, str, str]   # nom, gen, dat, acc, ins, prep
    plural: tuple[str, str, str, str, str, str]
    animate: bool = False

    def form(self, n: int, case: str = "nom") -> str:
        """Return the form that follows the number ``n`` in ``case``.

        >>> [CARD.form(n) for n in (1, 2, 5, 11, 21, 22, 25, 111)]
        ['карта', 'карты', 'карт', 'карт', 'карта', 'карты', 'карт', 'карт']
        >>> [CARD.form(n, "acc") for n in (1, 3, 5, 21)], [CARD.form(n, "gen") for n in (1, 2, 5, 21, 52)]
        (['карту', 'карты', 'карт', 'карту'], ['карты', 'карт', 'карт', 'карты', 'карт'])
        >>> [RAISE.form(n, "prep") for n in (1, 2, 5, 21)]
        ['повышении', 'повышениях', 'повышениях', 'повышении']
        """
        i = CASES.index(case)
        kind = category(n)
        if case in ("nom", "acc") and not (case == "acc" and self.animate and kind != "one"):
            if kind == "one":
                return self.singular[i]
            return self.singular[1] if kind == "few" else self.plural[1]
        return self.singular[i] if kind == "one" else self.plural[i]


def digits(n: int, lang: str = "en") -> str:
    r"""Return a whole number as the language writes it: thousands grouped by a comma, in Russian by a narrow space.

    >>> digits(5871), digits(5871, "ru"), digits(2598960, "ru") == "2\u202f598\u202f960", digits(-16, "ru")
    ('5,871', '5\u202f871', True, '−16')
    """
    text = f"{n:,}"
    if lang == "ru":
        text = text.replace(",", THIN).replace("-", "−")
    return text


def ru(n: int, noun: Noun, case: str = "nom", digits: str | None = None) -> str:
    """Return the number and the noun that agrees with it: '21 карта', 'из 52 карт'; ``digits`` writes the number.

    >>> ru(24, ACTION, "acc"), ru(1, CHIP, "nom"), ru(13, CHIP, "gen"), ru(1, RAISE, "prep")
    ('24 действия', '1 фишка', '13 фишек', '1 повышении')
    """
    return f"{n if digits is None else digits} {noun.form(n, case)}"


def en(n: int, one: str, many: str, digits: str | None = None) -> str:
    """Return the number and the English noun that agrees with it: '1 card', '5 cards', '0 cards'.

    >>> en(1, "card", "cards"), en(0, "card", "cards"), en(21, "chip", "chips")
    ('1 card', '0 cards', '21 chips')
    """
    return f"{n if digits is None else digits} {one if n == 1 else many}"


def counted(n: int, forms: tuple[str, ...], lang: str) -> str:
    """Return the form of a word that agrees with ``n``: English (one, many); Russian (one, few, many).

    >>> counted(1, ("card", "cards"), "en"), counted(5, ("card", "cards"), "en")
    ('card', 'cards')
    >>> [counted(n, ("карту", "карты", "карт"), "ru") for n in (1, 2, 5, 11, 21, 22, 25, 111, 112, 101)]
    ['карту', 'карты', 'карт', 'карт', 'карту', 'карты', 'карт', 'карт', 'карт', 'карту']
    """
    if lang != "ru":
        return forms[0] if n == 1 else forms[1]
    return forms[("one", "few", "many").index(category(n))]


# The nouns the project counts in Russian.
CARD = Noun(("карта", "карты", "карте", "карту", "картой", "карте"),
            ("карты", "карт", "картам", "карты", "картами", "картах"))
CHIP = Noun(("фишка", "фишки", "фишке", "фишку", "фишкой", "фишке"),
            ("фишки", "фишек", "фишкам", "фишки", "фишками", "фишках"))
RAISE = Noun(("повышение", "повышения", "повышению", "повышение", "повышением", "повышении"),
             ("повышения", "повышений", "повышениям", "повышения", "повышениями", "повышениях"))
BET = Noun(("ставка", "ставки", "ставке", "ставку", "ставкой", "ставке"),
           ("ставки", "ставок", "ставкам", "ставки", "ставками", "ставках"))
ACTION = Noun(("действие", "действия", "действию", "действие", "действием", "действии"),
              ("действия", "действий", "действиям", "действия", "действиями", "действиях"))
PLAYER = Noun(("игрок", "игрока", "игроку", "игрока", "игроком", "игроке"),
              ("игроки", "игроков", "игрокам", "игроков", "игроками", "игроках"), animate=True)
DRAW = Noun(("обмен", "обмена", "обмену", "обмен", "обменом", "обмене"),
            ("обмены", "обменов", "обменам", "обмены", "обменами", "обменах"))
HAND = Noun(("рука", "руки", "руке", "руку", "рукой", "руке"),
            ("руки", "рук", "рукам", "руки", "руками", "руках"))
WAY = Noun(("способ", "способа", "способу", "способ", "способом", "способе"),
           ("способы", "способов", "способам", "способы", "способами", "способах"))
CLASS = Noun(("класс", "класса", "классу", "класс", "классом", "классе"),
             ("классы", "классов", "классам", "классы", "классами", "классах"))
THEOREM = Noun(("теорема", "теоремы", "теореме", "теорему", "теоремой", "теореме"),
               ("теоремы", "теорем", "теоремам", "теоремы", "теоремами", "теоремах"))
