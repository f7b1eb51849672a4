"""``python -m nqueens``: the command line's main commands, in Python."""

import sys

from nqueens._cli import main

sys.exit(main())
