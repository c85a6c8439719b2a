"""Layer 7: interactive panels for the notebooks, thin shells over the layers below."""

from lowball.widgets.panels import *  # noqa: F401,F403
from lowball.widgets.panels import __all__  # noqa: F401
