"""The one model of the engine the proofs still need: the cards, counted.

- ``cards``: the stub, the burns, the discards and the reshuffle as counts (``engine/stub.py``, ``dealing.py``,
  ``drawing.py`` move the cards themselves). Written over the operations of ``lowball.core.ops``: with ``Z3``
  property 5 proves things about it; with ``PY`` the engine-link check (``lowball.verify.link``) compares it
  with the engine's piles on random play. What a reshuffle brings back is the engine's own table
  (``engine.stub.COMES_BACK``).

Every other rule has no model here: the betting round (``engine/betting_round.py``), the forced bets and the
redeal (``engine/forced.py``), the pots and their shares (``engine/pots.py``) and the sevens rule
(``engine/sevens.py``) are written over the same operations, and the proofs read the engine's own functions.
"""
