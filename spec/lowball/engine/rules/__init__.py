"""The rules the engine plays and ``lowball verify`` proves, written once over the operations ``o`` (``core/ops.py``).

The betting round (``betting_round``), the forced bets and the redeal (``forced_bets``), the pots and
their shares (``pots``) and the sevens rule (``sevens``): pure functions of numbers or Z3 terms, with
no hand, no narration and no dealer. The engine's phase modules (``engine/betting.py``, ``forced.py``,
``showdown.py``, ``sevens.py``) play them on a hand; the proofs read them and nothing else of the
engine (``tests/proofs/test_layers.py``). The card walk, which the table loader reads too, is one layer
down, in ``core/card_flow.py``.
"""
