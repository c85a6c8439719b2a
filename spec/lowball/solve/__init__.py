"""Layer 6: solving heads-up games by counterfactual regret minimisation over their public tree.

A two-player zero-sum game is written as a public tree (lowball.solve.tree): the nodes both players see,
with a range vector per player over his private states. CFR+ and discounted CFR (lowball.solve.cfr) find an
equilibrium of it; an exact best response (lowball.solve.best_response) says how far a strategy is from one.
Kuhn poker and Leduc hold'em (lowball.solve.kuhn, lowball.solve.leduc) and a one-card draw game
(lowball.solve.draw_one) are the games the solver is checked on, against OpenSpiel
(lowball.solve.openspiel_bridge, which needs the dev dependency ``open-spiel``).

Real tables: lowball.solve.game_tree builds the public tree of any heads-up fixed-limit single-draw table with the
engine's own betting rules, lowball.solve.abstraction the card abstraction it is solved in, and
lowball.solve.store the solved strategies kept in ``solutions/`` (written by lowball.solve.run: ``lowball solve``,
``make solve``), lowball.solve.lookup where a real hand sits in their abstraction, and lowball.solve.policy what
the equilibrium does with real cards at a real line (``lowball strategy``, the ``equilibrium`` bot).
"""
