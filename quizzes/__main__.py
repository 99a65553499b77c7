"""``python -m quizzes``: the terminal quiz (see ``quizzes.cli``)."""

import sys

from .cli import main

sys.exit(main())
