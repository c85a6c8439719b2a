"""``lowball-phh-compare``: one hand history replayed at several tables (and by pokerkit), side by side.

The content (or ``:file:``, a path from the repository root) is a PHH history; ``:variants:`` lists variant codes (``F2L3D-CR F2L3D``). The history is
replayed once per code, with its ``variant`` line set to that code, so the actions are the same and
only the table differs; each row shows the finishing stacks, or the refusal of the first illegal
action. ``:pokerkit:`` adds what pokerkit's own PHH reader makes of the history as written (a code
of the PHH standard). ``:differ:`` fails the build unless the rows differ, ``:agree: A B`` unless
the rows of codes A and B (or ``pokerkit``) agree (the same stacks, or both refuse the history), and
``:expect:`` checks the texts shown.
"""

from __future__ import annotations

import re
import warnings

from docutils import nodes
from docutils.parsers.rst import directives

from lowball_docs.directives import REPO, LowballDirective, label_ref, shown, table_node

VARIANT_LINE = re.compile(r'^variant\s*=\s*"[^"]*"\s*$', flags=re.M)


def pokerkit_outcome(text: str) -> str:
    """Return the finishing stacks pokerkit's own reader reaches on a history (or why it could not)."""
    import pokerkit

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            state = None
            for state in pokerkit.HandHistory.loads(text):
                pass
        except Exception as err:       # noqa: BLE001 - shown as pokerkit's verdict
            return f"pokerkit refuses it: {type(err).__name__}: {err}"
    if state is None or state.status:
        return "pokerkit: the hand is not over"
    return str(list(state.stacks))


def verdict(outcome: str) -> str:
    """Return what two rows must share to agree: the same stacks, or a refusal (each names it its own way)."""
    return "refused" if outcome.startswith(("refused", "pokerkit refuses")) else outcome


class PhhCompare(LowballDirective):
    """``lowball-phh-compare``: the same actions at several tables, the outcomes side by side."""

    has_content = True
    option_spec = {"variants": directives.unchanged_required, "pokerkit": directives.flag,
                   "name": directives.unchanged, "differ": directives.flag, "agree": directives.unchanged,
                   "expect": directives.unchanged, "file": directives.unchanged}

    def run(self):
        from lowball.errors import LowballError
        from lowball.phh.history import games_by_variant, replay

        self.depend_on_spec()
        name = self.options.get("name", "hand.phh")
        if "file" in self.options:
            source = REPO / self.options["file"]
            self.depend(source)
            try:
                text = source.read_text(encoding="utf-8")
            except OSError as err:
                self.warn(f"cannot read {self.options['file']}: {err}")
                return []
            name = self.options.get("name", shown(source))
        else:
            text = "\n".join(self.content) + "\n"
        if not VARIANT_LINE.search(text):
            self.warn("the history needs a line variant = \"...\"")
            return []
        games = games_by_variant()
        rows, outcomes = [], {}
        for code in self.options["variants"].split():
            if code not in games:
                self.warn(f"no built-in game plays the variant {code!r}")
                continue
            history = VARIANT_LINE.sub(f'variant = "{code}"', text, count=1)
            try:
                outcome = str(list(replay(history).finishing_stacks))
            except LowballError as err:
                outcome = f"refused: {err}"
            outcomes[code] = outcome
            game = games[code].name
            rows.append([[nodes.literal(code, code)], [label_ref(f"game-{game}", game)], outcome])
        if "pokerkit" in self.options:
            try:
                import pokerkit  # noqa: F401
                outcome = pokerkit_outcome(text)
            except ImportError:
                outcome = "pokerkit is not installed"
                self.warn("pokerkit is not installed: the comparison with pokerkit is missing")
            outcomes["pokerkit"] = outcome
            written = VARIANT_LINE.search(text).group().split("=", 1)[1].strip().strip('"')
            rows.append([[nodes.literal(written, written)], "pokerkit's own PHH reader", outcome])
        if "differ" in self.options and len(set(outcomes.values())) < 2:
            self.warn(f"the tables no longer differ on this history: {outcomes}")
        agree = self.options.get("agree", "").split()
        if agree and len({verdict(outcomes.get(code, "")) for code in agree}) != 1:
            self.warn(f"{' and '.join(agree)} no longer agree on this history: {outcomes}")
        self.check_claims("\n".join(outcomes.values()))
        history = self.caption(nodes.literal_block(text, text, language="toml"), f"`{name}`")
        return [history, table_node(["variant", "table", "finishing stacks, or the refusal"], rows,
                                    widths=[2, 5, 12], classes=("lowball-phh-compare",))]


HISTORY_DIRECTIVES = {"lowball-phh-compare": PhhCompare}
