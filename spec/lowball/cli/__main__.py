"""``python -m lowball.cli``: the same as the ``lowball`` command."""

import sys

from lowball.cli.main import main

sys.exit(main())
