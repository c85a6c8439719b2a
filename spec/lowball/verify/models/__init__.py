"""The one model of the engine the proofs still need: the cards, counted.

- ``cards``: the rules of ``core.card_flow`` (the burns, the reshuffle and what comes back, the community card),
  which the engine asks before it moves a card, chained street by street as the engine plays them. With ``Z3``
  property 5 proves things about it; with ``PY`` ``tests/test_card_flow.py`` compares it with the engine's piles on
  every fold and discard pattern of a heads-up hand, and the engine-link check (``lowball.verify.link``) on random
  play. Only this order of steps is written both here and in the engine (``engine/dealing.py``, ``drawing.py``).

Every other rule has no model here: the betting round (``engine/betting_round.py``), the forced bets and the
redeal (``engine/forced.py``), the pots and their shares (``engine/pots.py``) and the sevens rule
(``engine/sevens.py``) are written over the same operations, and the proofs read the engine's own functions.
"""
