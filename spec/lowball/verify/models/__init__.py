"""The Z3 models of the engine, one module per engine module they mirror.

Each model is written once, over an algebra of operations (``lowball.engine.ops``): with
``Z3`` its functions build Z3 terms that the properties prove things about;
with ``PY`` the same functions compute plain values, which the engine-link
checks (``lowball.verify.link``) compare with the engine on reachable states.
So what is proved is the model that is compared with the engine.

- ``round``: a betting round (``engine/betting.py``, ``forced.py``, ``openers.py``);
- ``cards``: the stub, the burns, the discards and the reshuffle (``engine/stub.py``, ``dealing.py``,
  ``drawing.py``);

The pots and their shares, the sevens rule and the redeal have no model here: ``engine/pots.py``,
``engine/sevens.py`` and ``engine/forced.py`` are written over the same operations, and the proofs read the
engine's own functions.
"""
