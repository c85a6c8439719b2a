"""Layer 7: interactive panels for the notebooks, thin shells over the layers below.

One module per panel: ``rankings``, ``quiz``, ``steps`` (a hand stepped through at
a game table, notebooks 1 and 9-12), ``play``, ``proofs``, ``draws``,
``many_draws``, ``joker_odds``, ``split_pot``, ``family``, ``histories`` and
``solved``; plus what they share: the two languages (``language``), bits of HTML
(``html``), the table at a hand (``hands``), a refusal in words (``refusals``) and
charts as images (``charts``).
"""

from lowball.widgets.draws import DrawPanel
from lowball.widgets.joker_odds import JokerPanel
from lowball.widgets.many_draws import ManyDrawPanel
from lowball.widgets.play import PlayPanel
from lowball.widgets.proofs import ProofPanel
from lowball.widgets.quiz import QuizPanel
from lowball.widgets.rankings import RankingPanel, verdicts
from lowball.widgets.split_pot import SplitPanel
from lowball.widgets.steps import GameSteps, StepThrough, TableChoice

__all__ = ["DrawPanel", "GameSteps", "JokerPanel", "ManyDrawPanel", "PlayPanel", "ProofPanel", "QuizPanel",
           "RankingPanel", "SplitPanel", "StepThrough", "TableChoice", "verdicts"]
