"""The base of every panel: a box of widgets whose plain-text form says what it is.

Where widgets cannot be shown (a terminal, a static notebook viewer, the test
that compares a notebook's stored outputs), a panel prints one line naming
itself instead of the repr of every child widget.
"""

from __future__ import annotations

import ipywidgets as w


class Panel(w.VBox):
    """A panel of the notebooks: an ipywidgets VBox with a one-line text form and the CSS class ``lowball-panel``."""

    def __init__(self, children=(), **kwargs):
        super().__init__(children, **kwargs)
        self.add_class("lowball-panel")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: a live panel; run the notebook in JupyterLab or Voilà to use it>"
