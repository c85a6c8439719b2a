"""Layer 7: interactive panels for the notebooks, thin shells over the layers below.

One module per panel (``rankings``, ``quiz``, ``steps``, ``play``, ``proofs``,
``draws``), plus what they share: the two languages (``language``), bits of
HTML (``html``), the table at a hand (``hands``) and charts as images
(``charts``).
"""

from lowball.widgets.draws import DrawPanel
from lowball.widgets.play import PlayPanel
from lowball.widgets.proofs import ProofPanel
from lowball.widgets.quiz import QuizPanel
from lowball.widgets.rankings import RankingPanel, verdicts
from lowball.widgets.steps import StepThrough

__all__ = ["DrawPanel", "PlayPanel", "ProofPanel", "QuizPanel", "RankingPanel", "StepThrough", "verdicts"]
