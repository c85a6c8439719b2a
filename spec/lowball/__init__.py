"""lowball: an executable, formally checked specification of lowball poker.

The public contract (the names docs/reference/api.md lists, kept from release to release) is
re-exported here:

>>> import lowball
>>> lowball.compare("6c 4h 3s 2d Ac", "5s 4d 3c 2h Ad", "ace-to-six")
1
>>> str(lowball.DECK[0]), str(lowball.DECK[-1]), len(lowball.DECK)
('2c', 'As', 52)
"""

import importlib

# The errors are tiny and needed first; every other name is imported when first used (PEP 562), so that
# ``import lowball.cli`` is quick and a Ctrl-C while the numeric libraries load reaches ``lowball.cli.main``.
from lowball.errors import ArgumentError, CardError, HistoryError, IllegalAction, LowballError, RulesError

# Where each public name lives: the module of its one concept.
HOMES = {
    "census": "lowball.analysis.census",
    "draw_outcomes": "lowball.analysis.odds",
    **dict.fromkeys(["DECK", "JOKER", "Card", "format_cards", "parse_cards"], "lowball.core.cards"),
    **dict.fromkeys(["builtin_games", "load_game_table"], "lowball.core.games"),
    **dict.fromkeys(["load_rankings", "ranking_system"], "lowball.core.rankings"),
    "Session": "lowball.engine.session",
    **dict.fromkeys(["Hand", "HandResult"], "lowball.engine.state"),
    "HandState": "lowball.engine.hand_state",
    **dict.fromkeys(["replay", "to_phh"], "lowball.phh.history"),
    "play_session": "lowball.play.sessions",
    **dict.fromkeys(["HandValue", "best_hand", "best_low", "class_count", "compare", "evaluate", "qualifies",
                     "winners"], "lowball.ranking"),
    "all_ranks": "lowball.ranking.fast",
    **dict.fromkeys(["describe", "explain"], "lowball.text.explain"),
    "narrate": "lowball.text.narration",
    "explain_split": "lowball.text.split",
}


def __getattr__(name: str) -> object:
    """Return a public name from its home module (imported on first use), or a subpackage (``lowball.verify``)."""
    if name in HOMES:
        value = getattr(importlib.import_module(HOMES[name]), name)
    elif name.startswith("_"):
        raise AttributeError(f"module 'lowball' has no attribute {name!r}")
    else:
        try:
            value = importlib.import_module(f"lowball.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"lowball.{name}":
                raise                       # the subpackage exists but an import inside it failed
            raise AttributeError(f"module 'lowball' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__all__ = sorted([*HOMES, "ArgumentError", "CardError", "HistoryError", "IllegalAction", "LowballError",
                  "RulesError"])
