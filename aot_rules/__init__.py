"""Art of Tactics rules engine: exact dice odds, the unit model and the turn procedures.

Layout:
  dice/        the exact distribution type and dice sources (seeded, scripted)
  units.py     ranks, density, warrior states, casualty removal
  rules/       the rules by area: shooting, reactions, disorder …
  mechanics/   registry entries (rule ID, typed parameters, exact function, sampler)
  registry.py  the registry the CLI, book widgets, notebooks and tests are built from
  present/     faces: text tables, static Bokeh widgets, live ipywidgets, SVG of units
  cli.py       python -m aot_rules odds …
"""

from aot_rules.dice.dist import Dist
from aot_rules.errors import ParamError, RuleError
from aot_rules.units import Unit

__version__ = "0.1.0"
__all__ = ["Dist", "ParamError", "RuleError", "Unit", "__version__"]
