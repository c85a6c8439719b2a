"""Every game table as an OpenSpiel game: the engine's hand, seen through OpenSpiel's python game API.

OpenSpiel's algorithms (CFR and MCCFR, best response, reinforcement learning)
ask a game for integer actions, chance outcomes with their probabilities,
information state strings and returns. A ``LowballState`` wraps one
``lowball.engine.state.Hand`` and only translates: the engine decides what is
legal and who wins; nothing here restates a rule.

* ``codes``: the fixed action space (fold, check or call, bring-in, a discard
  as a mask of held cards, a bet or raise to each whole amount);
* ``dealer``: chance, one card per node, uniform over the unseen cards;
* ``views``: what one player knows, written as the hand history with every
  card they cannot see as ``??``;
* ``sizes``: the parameters and the bounds OpenSpiel asks of a game;
* ``game`` and ``register`` need ``pyspiel`` (a dev dependency): ``import
  lowball.openspiel.register`` registers ``python_lowball`` (parameter
  ``table``) and ``python_lowball_<table>`` for each built-in table.

Nothing else in ``lowball`` imports this package, so ``lowball`` works without OpenSpiel.
"""
