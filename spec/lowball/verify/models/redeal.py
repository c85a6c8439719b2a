"""A model of the redeal when nobody opens (K4), as ``engine/state.py`` plays it.

After a first betting round checked through, the engine deals again only while
every player can post the ante again (``Hand._may_redeal``); then everyone antes
again (and posts any forced bets), the pot carrying over. The chips players put
in during a round checked through only lower their stacks further.
"""

from __future__ import annotations

from typing import Any, Sequence


def may_redeal(o, stacks: Sequence[Any], ante: int) -> Any:
    """Return whether the engine deals again: every player, folded or not, can post the ante again (K4)."""
    return o.And(*[stack >= ante for stack in stacks])


def reposted(o, stacks: Sequence[Any], ante: int) -> list[Any]:
    """Return the stacks once everyone has anted again (at most all of a stack, as ``forced.post_antes`` takes)."""
    return [stack - o.Min(ante, stack) for stack in stacks]
