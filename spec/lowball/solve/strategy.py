"""A strategy over a public tree: at each decision node, a row of action probabilities per private state.

``tables[i]`` belongs to ``tree.decisions[i]`` and has shape (the acting player's private states, actions);
row h is the information set "this public node, holding h". One object holds both players' strategies, since
each decision node belongs to one player.
"""

from __future__ import annotations

import numpy as np

from lowball.solve.tree import PublicTree


def uniform(tree: PublicTree) -> tuple[np.ndarray, ...]:
    """Return the strategy that picks every action equally often at every information set.

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> uniform(kuhn_tree())[0]
    array([[0.5, 0.5],
           [0.5, 0.5],
           [0.5, 0.5]])
    """
    return tuple(np.full((size, len(node.actions)), 1 / len(node.actions))
                 for node, size in zip(tree.decisions, tree.sizes))


def action_sum(values: np.ndarray) -> np.ndarray:
    """Return the sum over the last axis, the actions, the same sum as ``values.sum(axis=-1)`` in the same order.

    A short last axis is added slice by slice: numpy reduces a short contiguous axis one row at a time, about three
    times slower than adding whole slices, and a sweep of triple draw does it on arrays of a billion numbers.

    >>> action_sum(np.array([[1.0, 2.0, 4.0], [0.5, 0.25, 0.0]])).tolist()
    [7.0, 0.75]
    """
    if values.shape[-1] > 8:                 # numpy sums eight or more numbers pairwise, in another order
        return values.sum(axis=-1)
    total = values[..., 0].copy()
    for a in range(1, values.shape[-1]):
        total += values[..., a]
    return total


def normalise(weights: np.ndarray) -> np.ndarray:
    """Turn non-negative rows into probabilities; a row of zeros (never reached, no regret) becomes uniform.

    >>> normalise(np.array([[3.0, 1.0], [0.0, 0.0]]))
    array([[0.75, 0.25],
           [0.5 , 0.5 ]])
    """
    total = action_sum(weights)[..., None]              # the last axis holds the actions, at any number of axes
    safe = np.where(total > 0, total, 1.0)
    return np.where(total > 0, weights / safe, 1 / weights.shape[-1])


def regret_matching(regrets: np.ndarray) -> np.ndarray:
    """Play each action in proportion to its positive regret (uniformly when no action has any).

    >>> regret_matching(np.array([[2.0, -1.0, 2.0], [-1.0, -3.0, 0.0]]))
    array([[0.5       , 0.        , 0.5       ],
           [0.33333333, 0.33333333, 0.33333333]])
    """
    return normalise(np.maximum(regrets, 0.0))


def distribution_errors(tree: PublicTree, strategy: tuple[np.ndarray, ...], tolerance: float = 1e-9) -> list[str]:
    """List every information set whose row is not a probability distribution, in words (none means valid).

    >>> from lowball.solve.kuhn import kuhn_tree
    >>> tree = kuhn_tree()
    >>> distribution_errors(tree, uniform(tree))
    []
    >>> broken = list(uniform(tree)); broken[1] = broken[1] * 2
    >>> distribution_errors(tree, broken)[:1]
    ['player 1 at pass holding state 0: [1. 1.] sums to 2.0']
    """
    errors = []
    for node, size, path, table in zip(tree.decisions, tree.sizes, tree.paths, strategy):
        if table.shape != (size, len(node.actions)):
            errors.append(f"player {node.player} at {' '.join(path) or 'the root'}: shape {table.shape}, "
                          f"expected {(size, len(node.actions))}")
            continue
        for state, row in enumerate(table):
            if (row < -tolerance).any() or abs(row.sum() - 1) > tolerance or not np.isfinite(row).all():
                errors.append(f"player {node.player} at {' '.join(path) or 'the root'} holding state {state}: "
                              f"{row} sums to {row.sum()}")
    return errors
