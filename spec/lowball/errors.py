"""The errors the spec raises: each is a ValueError with a one-line message naming the problem."""


class LowballError(ValueError):
    """Base class: bad input to the spec (cards, rules tables, actions, histories)."""


class CardError(LowballError):
    """Bad card text or a hand of the wrong size, e.g. ``CardError("unknown suit 'x' in '6x'")``."""


class RulesError(LowballError):
    """A rules table that does not validate; the message names the file, the key and the problem."""


class IllegalAction(LowballError):
    """An action the rules forbid; the message names the action and the clause it breaks."""


class InvalidAction(LowballError):
    """Text (or fields) that is no action at all, refused before any rule is asked: ``InvalidAction("'p1 raise':
    unknown action 'raise'")``. Not an ``IllegalAction``: python-chess keeps the two apart the same way."""


class HistoryError(LowballError):
    """A hand-history file that cannot be read: bad TOML, unknown variant, wrong field types."""


class ArgumentError(LowballError):
    """A call of the Python API given an argument it does not take; the message names the call and the argument."""
