"""``python -m aot_rules`` runs the command line."""

import sys

from aot_rules.cli import main

sys.exit(main())
