"""The notebooks' links to the rules notebook, sent on the docs site to the rules' own pages.

A notebook cites a clause as ``[T1](rules.ipynb#cell-id=T1)``: in JupyterLab and Voilà that opens the rules notebook at the
clause (``lowball_docs.rulebook``). The docs site has more than that notebook: a page for each part of the rules,
with the clause's table entry, proofs, tests and example. So here every such link becomes a reference to the
clause's label (``t1`` for the cell ``T1``, ``verify-property-3``), or to the page the anchor names (``docs-systems``), and Sphinx
checks that it exists, as it checks every other reference of the site.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

from lowball_docs.rulebook import PAGES

RULES_NOTEBOOK = "notebooks/rules"


def send_rules_links_to_their_pages(app: Sphinx, doctree: nodes.document) -> None:
    """Turn each link to the rules notebook into a reference to the clause, property or page it names."""
    for node in doctree.findall(addnodes.pending_xref):
        if node.get("reftype") != "myst" or node.get("reftarget") != RULES_NOTEBOOK:
            continue
        anchor = (node.get("reftargetid") or "").removeprefix("cell-id=")
        if anchor in PAGES:
            node["reftarget"], node["reftargetid"] = PAGES[anchor][0], None
        elif anchor:                                           # a clause (T1: label t1) or a property
            node["refdomain"], node["reftype"], node["reftarget"] = "std", "ref", anchor.lower()
            node["refexplicit"] = True
