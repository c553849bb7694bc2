"""Exact-odds rules engines for Art of Tactics and its companion systems, and the faces built on them.

Layout:
  core/       generic and game-agnostic: exact distributions, dice and their event log, errors,
              typed parameters, outcomes, the Mechanic and Registry types, formatting
  aot/        Art of Tactics: units, rules by area, registry entries, worked examples
              (each companion system gets a package beside it)
  tabletop/   the home of the table-top state and geometry (to come)
  systems.py  which rule systems exist; looks mechanics up across them
  present/    faces: one outcome renderer (text, HTML, static-widget summary), static Bokeh
              widgets, live ipywidgets, unit pictures, worked-example narration, book helpers
  cli/        the command line, one module per command: python -m aot_rules odds | army | play …
"""

from aot_rules.core.dist import Dist
from aot_rules.core.errors import ParamError, RuleError

__version__ = "0.1.0"
__all__ = ["Dist", "ParamError", "RuleError", "__version__"]
