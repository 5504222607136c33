"""``python -m bridgestats.cli``: the ``bridgestats`` command."""

import sys

from . import main

sys.exit(main())
